import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import { PORTAL_DOCUMENT_REQUESTS_API } from "../../../src/contracts/document-requests";
import {
  PORTAL_FOCUS,
  PORTAL_MAIL_FOCUS,
  type PortalFocus,
  type PortalMailKind,
} from "../../../src/contracts/portal";
import { NO_PORTAL_LINK } from "../../../src/modules/engagements/lib/mail-link";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { deliverReport, deliverSweepReport, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

// A sealed signature, a report, a statement and a booking, each with its mail: slow on a busy machine.
setDefaultTimeout(90_000);

const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const CLIENT = "quilla.marchbanks@harborlaw.example";
const [SMTP_PORT = 0] = freePorts(1);
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
const t = makeTestApp(
  {
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    FIRM_TIMEZONE: "America/New_York",
    BUSINESS_HOURS: "Mon-Fri 09:00-17:00",
  },
  { now: () => clock.at },
);
const sendAllMail = async () => {
  while ((await t.app.decorator.mailOutbox.runOnce()) > 0);
};
/** The portal link the newest client mail whose subject matches carries, and what it opens on. */
const linkOf = (subject: RegExp) => {
  const mail = smtp.received
    .filter((m) => JSON.stringify(m.to).includes(CLIENT) && subject.test(m.subject ?? ""))
    .at(-1);
  const found = mail?.text?.match(/http:\/\/localhost:3000\/portal#token=([A-Za-z0-9_-]{43})&focus=([a-z]+)/);
  if (!found) throw new Error(`no portal link of its own in the mail "${mail?.subject}": ${mail?.text}`);
  return { token: found[1] as string, focus: found[2], text: mail?.text ?? "" };
};
const open = (token: string) => t.request("/api/portal/session", post({ token }));
const COUNSEL = "avery.counsel@harborlaw.example";
const MONTHLY = {
  scope: "Quarterly public-records sweeps on the judgment debtor named below, reported to counsel.",
  feeCents: 75_000,
  feeKind: "monthly",
  turnaroundBusinessDays: 60,
  expedite: false,
  subjects: ["Harlan Whitfield"],
};
/**
 * Whether the session's portal has the section a link opens on: its heading in the page the server renders, or
 * for the list of documents asked for (which the page reads once it runs), a list with something in it.
 */
const showsSection = async (cookie: string, focus: PortalFocus) => {
  if (focus === "requests") {
    const list = await t.request(PORTAL_DOCUMENT_REQUESTS_API, withCookie(cookie));
    return ((await list.json()) as { items: unknown[] }).items.length > 0;
  }
  const page = await (await t.request("/portal", withCookie(cookie))).text();
  return page.includes(`id="${PORTAL_FOCUS[focus]}"`);
};

describe("each mail into the portal carries its own single-use link", () => {
  let admin = "";
  let c: Awaited<ReturnType<typeof portalClient>>;

  test("every kind of mail into the portal carries a link of its own, opening a session on what it is about, once", async () => {
    await smtp.listen();
    admin = await signIn(t.request, OWNER, PASSWORD);
    c = await portalClient(t, clock.at, admin, { email: CLIENT, intake: { name: "Quilla Marchbanks" } });
    const api = `/api/admin/submissions/${c.submission.id}`;
    await deliverReport(t, admin, c.submission.id);
    const issued = await t.request(`${api}/statements`, withCookie(admin, post({ through: "2026-11-16" })));
    expect(issued.status).toBe(201);
    // A booking, then moved: each change mails the client.
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(c.cookie))
    ).json()) as ConsultationSlots;
    const booked = await t.request(
      "/api/portal/consultation",
      withCookie(c.cookie, post({ start: slots.slots.at(-2)?.start })),
    );
    expect(booked.status).toBe(201);
    const moved = await t.request(
      "/api/portal/consultation",
      withCookie(c.cookie, { ...post({ start: slots.slots.at(-1)?.start }), method: "PATCH" }),
    );
    expect({ status: moved.status, body: await moved.text() }).toMatchObject({ status: 200 });
    const paid = await t.request(
      `${api}/engagement/payments`,
      withCookie(admin, post({ amountCents: 350_000, receivedOn: "2026-11-16", method: "Wire" })),
    );
    expect(paid.status).toBe(201);
    // Documents asked for, one due in 3 days: the day's reminder names it.
    const asked = await t.request(
      `${api}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Bank statements", dueOn: "2026-11-19" }] })),
    );
    expect(asked.status).toBe(201);
    expect(t.app.decorator.root.documentRequests.jobs.runFor("2026-11-16").reminders).toHaveLength(1);
    // A sweep report on a subscription started directly (its first sweep owed at once)...
    t.app.decorator.subscriptions.start({
      engagementId: c.engagementId,
      submissionId: c.submission.id,
      subjects: ["Harlan Whitfield"],
      monthlyCents: 75_000,
      signedOn: "2026-08-14",
      paidOn: "2026-08-14",
    });
    expect((await deliverSweepReport(t, admin, c.submission.id)).res.status).toBe(200);
    // ...and counsel's own Judgment Intel, signed and paid: paused by the firm, resumed and cancelled by counsel.
    const counsel = await portalClient(t, clock.at, admin, {
      email: COUNSEL,
      intake: { name: "Avery Counsel", role: "attorney", desiredService: "judgment-intel" },
      draft: MONTHLY,
    });
    const monitored = `/api/admin/submissions/${counsel.submission.id}`;
    const firstMonth = await t.request(
      `${monitored}/engagement/payments`,
      withCookie(admin, post({ amountCents: 75_000, receivedOn: "2026-11-16", method: "Wire" })),
    );
    expect(firstMonth.status).toBe(201);
    expect((await t.request(`${monitored}/subscription/pause`, withCookie(admin, post()))).status).toBe(200);
    for (const move of ["resume", "cancel"])
      expect(
        (await t.request(`/api/portal/subscription/${move}`, withCookie(counsel.cookie, post()))).status,
      ).toBe(200);
    const references = new Map([
      [CLIENT, c.submission.reference],
      [COUNSEL, counsel.submission.reference],
    ]);
    await sendAllMail();

    /** Each mail's kind, read from the outbox row its Message-ID names. */
    const kindOf = (messageId: string | undefined) => {
      const id = Number(/-(\d+)@/.exec(messageId ?? "")?.[1]);
      return t.db.query<{ kind: string }, [number]>("SELECT kind FROM mail_outbox WHERE id = ?").get(id)
        ?.kind;
    };
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const mail of smtp.received) {
      const kind = kindOf(mail.messageId) ?? `(unknown: ${mail.subject})`;
      const text = mail.text ?? "";
      if (!text.includes(`${ORIGIN}/portal`)) continue;
      // The letter's own link and a signer's reminder carry the letter's link (ADR 297), tested with the letter.
      if (kind === "portal-link" || kind === "portal-reminder") continue;
      const focus = PORTAL_MAIL_FOCUS[kind as PortalMailKind];
      if (!focus) {
        problems.push(`${kind}: names the portal and is not a portal mail (PORTAL_MAIL_FOCUS)`);
        continue;
      }
      seen.add(kind);
      if (JSON.stringify(mail.to).includes("desk@")) problems.push(`${kind}: a portal mail to the desk`);
      const links = [
        ...text.matchAll(/http:\/\/localhost:3000\/portal#token=([A-Za-z0-9_-]{43})&focus=([a-z]+)/g),
      ];
      if (links.length !== 1) {
        problems.push(`${kind}: ${links.length} links of its own, not one: ${text}`);
        continue;
      }
      const [, token = "", linked] = links[0] as RegExpMatchArray;
      if (linked !== focus) problems.push(`${kind}: opens on ${linked}, not ${focus}`);
      // The bare address is there only as the way to a fresh link, never as the way in.
      const bare = text.split(`${ORIGIN}/portal`).length - 1;
      if (bare !== 2 || !text.includes(`ask for a fresh link on ${ORIGIN}/portal with`))
        problems.push(`${kind}: the bare portal address as a way in: ${text}`);
      const first = await open(token);
      if (first.status !== 200) {
        problems.push(`${kind}: its link answered ${first.status}`);
        continue;
      }
      // The session is the engagement's, and the page it renders has the section the link opens on.
      const cookie = cookieFrom(first);
      const view = await t.request("/api/portal", withCookie(cookie));
      const reference = ((await view.json()) as { engagement: { reference: string } }).engagement.reference;
      const to = (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : "") ?? "";
      if (reference !== references.get(to)) problems.push(`${kind}: mailed to ${to}, opened ${reference}`);
      if (!(await showsSection(cookie, focus)))
        problems.push(`${kind}: no ${PORTAL_FOCUS[focus]} to open on`);
      // Used once, it opens nothing more.
      const again = (await open(token)).status;
      if (again !== 401) problems.push(`${kind}: opened again (${again})`);
    }
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual(Object.keys(PORTAL_MAIL_FOCUS).sort());
    // Only its hash is kept: no link's token is readable in the table.
    const held = t.db
      .query<{ n: number }, []>(
        "SELECT count(*) AS n FROM portal_links WHERE token IS NOT NULL AND used_at IS NULL",
      )
      .get();
    expect(held?.n).toBe(0);
  });

  test("a mail's link not yet used expires as the letter's links do, and opens nothing once the request is closed", async () => {
    // The clock moves by days: the desk signs in again each time, as staff would.
    const statement = async (through: string) => {
      admin = await signIn(t.request, OWNER, PASSWORD);
      // Something to state since the last statement: a payment received that day.
      const paid = await t.request(
        `/api/admin/submissions/${c.submission.id}/engagement/payments`,
        withCookie(admin, post({ amountCents: 10_000, receivedOn: through, method: "Check" })),
      );
      expect(paid.status).toBe(201);
      const res = await t.request(
        `/api/admin/submissions/${c.submission.id}/statements`,
        withCookie(admin, post({ through })),
      );
      expect({ status: res.status, body: await res.text() }).toMatchObject({ status: 201 });
      await sendAllMail();
      return linkOf(/^Statement/).token;
    };
    clock.at = new Date("2026-11-18T15:00:00.000Z");
    const expiring = await statement("2026-11-17");
    // Fifteen days on: past the fourteen a portal link works.
    clock.at = new Date("2026-12-03T15:00:00.000Z");
    expect((await open(expiring)).status).toBe(401);

    const unused = await statement("2026-12-02");
    const closed = await t.request(
      `/api/admin/submissions/${c.submission.id}`,
      withCookie(admin, { ...post({ status: "closed" }), method: "PATCH" }),
    );
    expect(closed.status).toBe(200);
    const res = await open(unused);
    expect(res.status).toBe(409);
    expect(res.headers.get("set-cookie")).toBeNull();

    // A statement issued once the request is closed says the portal opens no more, and offers no address into it.
    const after = await t.request(
      `/api/admin/submissions/${c.submission.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 10_000, receivedOn: "2026-12-03", method: "Check" })),
    );
    expect(after.status).toBe(201);
    const closedStatement = await t.request(
      `/api/admin/submissions/${c.submission.id}/statements`,
      withCookie(admin, post({ through: "2026-12-03" })),
    );
    expect(closedStatement.status).toBe(201);
    await sendAllMail();
    const text =
      smtp.received.filter((m) => m.subject?.startsWith("Statement") && m.text?.includes("2026")).at(-1)
        ?.text ?? "";
    expect(text).toContain(NO_PORTAL_LINK);
    expect(text).not.toContain("#token=");
    expect(text).not.toContain(`${ORIGIN}/portal`);
  });
});
