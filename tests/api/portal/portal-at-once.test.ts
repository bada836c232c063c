import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { pdfsig } from "../../helpers/pdfsig";
import { portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { joinAs } from "../../helpers/roles";
import { smtpServer } from "../../helpers/smtp";

// A sealed signature and its mail: slow on a busy machine.
setDefaultTimeout(60_000);

/**
 * The same action arriving twice in the same instant: a client's sign pressed in two tabs, and two colleagues
 * saving how consultations happen. Each is done once, and what the reader then receives says so.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const DESK = "desk@tracewell.example";
const CLIENT = "dana@whitfieldmoss.example";
const [SMTP_PORT = 0] = freePorts(1);
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
const t = makeTestApp(
  {
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: DESK,
  },
  { now: () => clock.at },
);
const sendAllMail = async () => {
  while ((await t.app.decorator.mailOutbox.runOnce()) > 0);
};
const count = (app: { db: typeof t.db }, sql: string, ...args: number[]) =>
  (app.db.query(sql).get(...args) as { n: number }).n;

describe("two at once", () => {
  let admin = "";

  test("the client's sign sent twice at the same instant signs once: one signature, one sealed PDF, one mail each", async () => {
    await smtp.listen();
    admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: CLIENT, sign: false });
    expect(
      (await t.request("/api/portal/consent", withCookie(c.cookie, post({ consent: true })))).status,
    ).toBe(200);
    const letter = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", withCookie(c.cookie))).arrayBuffer(),
    );
    const sign = () =>
      t.request(
        "/api/portal/sign",
        withCookie(c.cookie, post({ fullName: "Dana Whitfield", agree: true, letterSha256: sha(letter) })),
      );

    const answers = await Promise.all([sign(), sign()]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const won = answers.find((r) => r.status === 200) as Response;
    const lost = answers.find((r) => r.status === 409) as Response;
    const signed = (await won.json()) as { sha256: string };
    expect(((await lost.json()) as { error: string }).error).toBe("This letter is already signed.");

    expect(
      count(
        t,
        "SELECT count(*) AS n FROM engagement_events WHERE engagement_id = ? AND kind = 'signed'",
        c.engagementId,
      ),
    ).toBe(1);
    // The fee is owed once.
    expect(count(t, "SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ?", c.engagementId)).toBe(
      1,
    );
    const kept = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", withCookie(c.cookie))).arrayBuffer(),
    );
    expect(sha(kept)).toBe(signed.sha256);
    expect(pdfsig(kept)).toContain("Signature is Valid.");

    await sendAllMail();
    const mails = smtp.received.filter(
      (m) => m.subject === `Signed engagement letter (reference ${c.submission.reference})`,
    );
    expect(mails.map((m) => (Array.isArray(m.to) ? "" : m.to?.text)).sort()).toEqual([CLIENT, DESK]);
    // The copy the client is told is attached is attached, and it is the one the portal keeps.
    const toClient = mails.find((m) => JSON.stringify(m.to).includes(CLIENT));
    expect(toClient?.text).toContain("is attached");
    expect(toClient?.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    expect(sha(new Uint8Array(toClient?.attachments[0]?.content as Buffer))).toBe(signed.sha256);
  });
});

describe("two colleagues at once", () => {
  // Without mail the staff screen offers the invitation's link to copy, which is how the colleague joins here.
  const s = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });

  test("two colleagues save how consultations happen at once: one place is kept, both saves are audited", async () => {
    const admin = await signIn(s.request, OWNER, PASSWORD);
    const colleague = (
      await joinAs(s.request, admin, { username: "sam", email: "sam@tracewell.example", role: "staff" })
    ).cookie;
    const PLACE = "/api/admin/firm/consultation-place";
    const put = (cookie: string, body: unknown) =>
      s.request(PLACE, withCookie(cookie, { ...post(body), method: "PUT" }));
    const phone = { kind: "phone", value: "(212) 555-0147" };
    const video = { kind: "video", value: "https://meet.example.com/tracewell" };

    const answers = await Promise.all([put(admin, phone), put(colleague, video)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const kept = ((await (await s.request(PLACE, withCookie(admin))).json()) as { place: unknown }).place;
    expect([phone, video]).toContainEqual(kept as never);
    expect(count(s, "SELECT count(*) AS n FROM firm_settings WHERE key = 'consultation_place'")).toBe(1);
    const audited = s.db
      .query<{ username: string; kind: string }, []>(
        "SELECT username, json_extract(detail, '$.kind') AS kind FROM audit_log WHERE event = 'firm.consultation-place' ORDER BY id",
      )
      .all();
    expect(audited.map((a) => a.username).sort()).toEqual([OWNER, "sam"]);
    // The last save audited is the place kept: the record says who set what the client now reads.
    expect(audited.at(-1)?.kind).toBe((kept as { kind: string }).kind);
  });
});
