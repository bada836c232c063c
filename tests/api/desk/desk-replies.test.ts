import { afterAll, describe, expect, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import { RETRY_BASE_MS } from "../../../src/modules/mail";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

/** The text of an address header (To, Reply-To) as one string. */
const addressText = (a: ParsedMail["to"] | ParsedMail["replyTo"]) =>
  Array.isArray(a) ? a.map((x) => x.text).join(", ") : (a?.text ?? "");

const [DELIVERY_PORT = 0, OUTAGE_PORT = 0, REFUSING_PORT = 0] = freePorts(3);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const ENV = {
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  TRUST_PROXY: "1",
  MAIL_FROM: '"Tracewell Intake" <intake@tracewell.example>',
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
};
const API = "/api/admin/submissions";
const BODY =
  "Hello Dana,\n\nThank you for request. Our Asset Map is $3,500–$5,000 flat rate.\n\nMorgan\nTracewell";

type Delivery = { state: string; attempts: number; lastError: string | null; sentAt: string | null };
type Timeline = (
  | { kind: "received" | "confirmation"; at: string; delivery?: Delivery }
  | {
      kind: "reply";
      at: string;
      reply: { id: number; subject: string; body: string; author: string; delivery: Delivery };
    }
  | { kind: "status"; at: string; change: { from: string; to: string; actor: string } }
  | { kind: "note"; at: string; note: { body: string } }
)[];
type Detail = {
  submission: { firstResponseAt: string | null };
  timeline: Timeline;
  replies: { id: number; delivery: Delivery }[];
};

/** A desk on a real SQLite file, with a signed-in admin and one intake from Dana. */
async function deskWith(smtpPort: number, clock: { at: Date }, intake: Record<string, unknown> = {}) {
  const t = makeTestApp({ ...ENV, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, { now: () => clock.at });
  const { id, reference } = await fileIntake(t, clock.at, intake);
  const cookie = await signIn(t.request, USER, PASSWORD);
  const reply = (body: unknown, submissionId: number | string = id) =>
    t.request(`${API}/${submissionId}/replies`, withCookie(cookie, post(body)));
  const detail = async () => (await (await t.request(`${API}/${id}`, withCookie(cookie))).json()) as Detail;
  return { ...t, id, reference, cookie, reply, detail, runOnce: () => t.app.decorator.mailOutbox.runOnce() };
}

describe("a reply from the desk", () => {
  const clock = { at: new Date("2026-11-17T15:00:00.000Z") };
  const smtp = smtpServer(DELIVERY_PORT);
  afterAll(() => smtp.close());

  test("goes to the requester from MAIL_FROM, Reply-To the intake desk, threaded under the confirmation", async () => {
    await smtp.listen();
    const desk = await deskWith(DELIVERY_PORT, clock);
    expect(await desk.runOnce()).toBe(2);
    const confirmation = smtp.received.find((m) => m.subject?.startsWith("We received your request"));
    const confirmationId = confirmation?.messageId;
    expect(confirmationId).toBe(`<${desk.reference}.confirmation@localhost>`);

    expect((await desk.detail()).submission.firstResponseAt).toBeNull();
    clock.at = new Date(clock.at.getTime() + 10 * 60_000);
    const res = await desk.reply({ body: BODY });
    expect(res.status).toBe(201);
    const queued = (await res.json()) as Detail;
    // The reply is the first response: the clock stops when it is sent from the desk.
    expect(queued.submission.firstResponseAt).toBe(clock.at.toISOString());
    const entry = queued.timeline.at(-1);
    expect(entry?.kind).toBe("reply");
    if (entry?.kind !== "reply") throw new Error("no reply on the timeline");
    expect(entry.reply).toMatchObject({
      subject: `Re: We received your request (reference ${desk.reference})`,
      body: BODY.trim(),
      author: USER,
      delivery: { state: "pending", attempts: 0 },
    });

    expect(await desk.runOnce()).toBe(1);
    const mail = smtp.received.find((m) => m.subject?.startsWith("Re: "));
    if (!mail) throw new Error("the reply was not delivered");
    expect(addressText(mail.to)).toBe("dwhitfield@whitfieldmoss.example");
    expect(mail.from?.text).toContain("intake@tracewell.example");
    expect(addressText(mail.replyTo)).toBe("desk@tracewell.example");
    // Mail clients thread on these: both name the confirmation's Message-ID.
    expect(mail.inReplyTo).toBe(confirmationId);
    expect(mail.references).toBe(confirmationId);
    expect(mail.messageId).not.toBe(confirmationId);
    expect(mail.text?.trim()).toBe(BODY.trim());
    // A person wrote it: no RFC 3834 auto-generated marking, which would make the requester's mail system
    // treat the answer as machine mail; it still gets the HTML alternative.
    expect(mail.headers.get("auto-submitted")).toBeUndefined();
    expect(mail.html).toContain("Hello Dana,");
    expect(mail.html).not.toContain("sent automatically");

    const after = await desk.detail();
    expect(after.timeline.map((e) => e.kind)).toEqual(["received", "confirmation", "reply"]);
    expect(after.replies[0]?.delivery).toMatchObject({ state: "sent", sentAt: clock.at.toISOString() });

    // Replies are personal data: stored encrypted, never in the audit log.
    const stored = desk.db.query("SELECT subject, body FROM submission_replies").get() as {
      subject: string;
      body: string;
    };
    expect(stored.subject).toStartWith("enc:v1:");
    expect(stored.body).toStartWith("enc:v1:");
    expect(JSON.stringify(stored)).not.toContain("Asset Map");
    const audit = desk.db
      .query("SELECT detail FROM audit_log WHERE event = 'submission.reply_sent'")
      .all() as { detail: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).not.toContain("Asset Map");
  });

  test("keeps a subject staff wrote, and status changes join the timeline with who made them", async () => {
    const desk = await deskWith(DELIVERY_PORT, clock);
    clock.at = new Date(clock.at.getTime() + 60_000);
    const patched = await desk.request(
      `${API}/${desk.id}`,
      withCookie(desk.cookie, { ...post({ status: "in-review" }), method: "PATCH" }),
    );
    expect(patched.status).toBe(200);
    clock.at = new Date(clock.at.getTime() + 60_000);
    const res = await desk.reply({ subject: "  Your Asset Map quote  ", body: BODY });
    expect(res.status).toBe(201);
    const { timeline, submission } = (await res.json()) as Detail;
    expect(timeline.map((e) => e.kind)).toEqual(["received", "confirmation", "status", "reply"]);
    const status = timeline[2];
    if (status?.kind !== "status") throw new Error("no status change");
    expect(status.change).toMatchObject({ from: "new", to: "in-review", actor: USER });
    const reply = timeline[3];
    if (reply?.kind !== "reply") throw new Error("no reply");
    expect(reply.reply.subject).toBe("Your Asset Map quote");
    // Moving out of New told the requester nothing: the reply is the first response.
    expect(submission.firstResponseAt).toBe(reply.at);
  });

  test("bad input is answered 4xx with a message per field, and nothing is queued", async () => {
    const desk = await deskWith(DELIVERY_PORT, clock);
    const cases: [unknown, string, string][] = [
      [{}, "body", "Write the reply before sending it"],
      [{ body: "   \n  " }, "body", "Write the reply before sending it"],
      [{ body: "x".repeat(10_001) }, "body", "A reply can be at most 10,000 characters"],
      [{ body: 42 }, "body", "Write the reply before sending it"],
      [
        { subject: "Quote\r\nBcc: someone@else.example", body: BODY },
        "subject",
        "The subject must be one line of text",
      ],
      [{ subject: "s".repeat(201), body: BODY }, "subject", "The subject can be at most 200 characters"],
      // A draft whose bracketed parts were left in is not sent, whichever client posts it.
      [
        { body: `${BODY}\n- Quote: [flat rate or fixed fee]` },
        "body",
        "Replace the bracketed parts with the scope, timeline and quote before sending",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await desk.reply(body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
    }
    expect((await desk.reply([BODY])).status).toBe(422);
    const malformed = await desk.request(
      `${API}/${desk.id}/replies`,
      withCookie(desk.cookie, {
        ...post(),
        headers: { ...post().headers, "content-type": "application/json" },
        body: "{",
      }),
    );
    expect(malformed.status).toBe(400);
    expect((await desk.reply({ body: BODY }, 999_999)).status).toBe(404);
    expect((await desk.reply({ body: BODY }, "abc")).status).toBe(404);
    const signedOut = await desk.request(`${API}/${desk.id}/replies`, post({ body: BODY }));
    expect(signedOut.status).toBe(401);
    expect(desk.db.query("SELECT count(*) AS n FROM submission_replies").get()).toEqual({ n: 0 });
    expect(desk.db.query("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'desk-reply'").get()).toEqual({
      n: 0,
    });
  });

  test("deleting the request deletes its replies and any reply still waiting", async () => {
    const desk = await deskWith(DELIVERY_PORT, clock);
    expect((await desk.reply({ body: BODY })).status).toBe(201);
    const removed = await desk.request(
      `${API}/${desk.id}`,
      withCookie(desk.cookie, { ...post(), method: "DELETE" }),
    );
    expect(removed.status).toBe(200);
    expect(desk.db.query("SELECT count(*) AS n FROM submission_replies").get()).toEqual({ n: 0 });
    expect(desk.db.query("SELECT count(*) AS n FROM mail_outbox").get()).toEqual({ n: 0 });
  });
});

describe("a reply through an SMTP outage", () => {
  const clock = { at: new Date("2026-11-18T14:00:00.000Z") };
  const smtp = smtpServer(OUTAGE_PORT);
  afterAll(() => smtp.close());

  test("waits with its error on the timeline, then goes out threaded when the server is back", async () => {
    const desk = await deskWith(OUTAGE_PORT, clock);
    expect((await desk.reply({ body: BODY })).status).toBe(201);
    expect(await desk.runOnce()).toBe(0);

    const down = await desk.detail();
    const reply = down.replies[0];
    expect(reply?.delivery).toMatchObject({ state: "pending", attempts: 1 });
    expect(reply?.delivery.lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.listen();
    clock.at = new Date(clock.at.getTime() + RETRY_BASE_MS);
    expect(await desk.runOnce()).toBe(3);
    const mail = smtp.received.find((m) => m.subject?.startsWith("Re: "));
    expect(mail?.inReplyTo).toBe(`<${desk.reference}.confirmation@localhost>`);
    expect((await desk.detail()).replies[0]?.delivery).toMatchObject({ state: "sent", attempts: 2 });
  });
});

describe("a reply the requester's mail server refuses", () => {
  const clock = { at: new Date("2026-11-19T14:00:00.000Z") };
  const smtp = smtpServer(REFUSING_PORT, { refuse: ["nobody@unknown.example"] });
  afterAll(() => smtp.close());

  test("is given up with the server's answer on the timeline, and the desk's retry queues it again", async () => {
    await smtp.listen();
    const desk = await deskWith(REFUSING_PORT, clock, { email: "nobody@unknown.example" });
    expect((await desk.reply({ body: BODY })).status).toBe(201);
    await desk.runOnce();
    const refused = (await desk.detail()).replies[0]?.delivery;
    expect(refused).toMatchObject({ state: "failed", attempts: 1 });
    expect(refused?.lastError).toContain("550");

    const retried = await desk.request(`${API}/${desk.id}/mail/retry`, withCookie(desk.cookie, post()));
    expect(retried.status).toBe(200);
    const again = (await retried.json()) as Detail;
    expect(again.replies[0]?.delivery).toMatchObject({ state: "pending", attempts: 0 });
  });
});
