import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import { DRAFT_PLACEHOLDERS } from "../../../src/contracts/submissions";
import { MAIL_KINDS, type MailKindName } from "../../../src/modules/mail";
import { replyDraft } from "../../../web/admin/desk/reply-template";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { deliverReport, deliverSweepReport, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { ROUND_COPY, ROUND_PARTY, signingRounds } from "../../helpers/signing-rounds";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(60_000);

/**
 * A name is never a link in a mail's HTML part (issue: mail, ids, headers, item 15). Mail programs make links of
 * any text shaped like an address, whether or not the HTML has an <a>; a requester named like a sign-in page
 * would otherwise be offered to the firm's own desk, and to the client, as something to click. Every kind of
 * mail the outbox knows is sent here through a real SMTP server, with a requester, a firm and a colleague whose
 * names are shaped like addresses.
 */
const [SMTP_PORT = 0] = freePorts(1);
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const DESK = "desk@tracewell.example";
const CLIENT = "client@whitfieldmoss.example";
const NAME = "https://evil.example/sign-in";
const FIRM = "www.firm-evil.example";
const STAFF_NAME = "staff-evil.example";
const REPLY_SUBJECT = `Your request, ${NAME}`;
const PARTY = ROUND_PARTY;
const COPY = ROUND_COPY;
/** Every value above: what the HTML part must never offer as an address. */
const URL_SHAPED = [NAME, FIRM, STAFF_NAME];

/**
 * What a mail program's linker finds in text: a scheme and what follows, a www. name, a bare domain, an e-mail
 * address. Wider than any one program's rule, so whatever one of them would link is found.
 */
const LINKABLE =
  /[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+|www\.[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[\w-]+(?:\.[\w-]+)+/gi;

const decode = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");

/** A draft with its marked places filled in, as staff send it. */
const filled = (body: string) => DRAFT_PLACEHOLDERS.reduce((b, p) => b.replace(p, "a property map"), body);

/** The text a reader sees in an HTML part: its text nodes, the head's title included, entities decoded. */
const visibleText = (html: string) => decode(html.replace(/<[^>]*>/g, " "));
/** The same with every invisible format character removed: what a reader reads. */
const readable = (text: string) => text.replace(/[\u200b-\u200d\u2060\ufeff]/g, "");

describe("every kind of mail quotes a URL-shaped name in its HTML part", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const smtp = smtpServer(SMTP_PORT);
  afterAll(() => smtp.close());
  const t = makeTestApp(
    {
      ...NEW_YORK_DESK,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      INTAKE_NOTIFY_TO: DESK,
      HOLIDAYS: "US",
    },
    { now: () => clock.at },
  );
  const outbox = t.app.decorator.mailOutbox;
  const to = (m: ParsedMail) => JSON.stringify(m.to);
  const subject = (m: ParsedMail, start: string) => m.subject?.startsWith(start) === true;

  /**
   * How each kind's mail is told apart from the others, and which of the names its plain text quotes. A kind
   * the outbox knows and this table does not fails the test by its name: give it an entry and a way to send it.
   */
  const KINDS: Record<MailKindName, { pick: (m: ParsedMail) => boolean; quotes: string[] }> = {
    "intake-notification": { pick: (m) => subject(m, "New intake request"), quotes: [NAME, FIRM] },
    "intake-confirmation": { pick: (m) => subject(m, "We received your request"), quotes: [] },
    "desk-reply": { pick: (m) => m.subject === REPLY_SUBJECT, quotes: [NAME] },
    "desk-digest": { pick: (m) => subject(m, "Intake desk for"), quotes: [] },
    "staff-invitation": { pick: (m) => subject(m, STAFF_NAME), quotes: [STAFF_NAME] },
    "portal-link": { pick: (m) => subject(m, "Your link to the portal"), quotes: [NAME] },
    "portal-withdrawn": { pick: (m) => subject(m, "Your engagement letter was withdrawn"), quotes: [NAME] },
    "portal-signed-client": {
      pick: (m) => subject(m, "Signed engagement letter") && to(m).includes(CLIENT),
      quotes: [NAME],
    },
    "portal-signed-desk": {
      pick: (m) => subject(m, "Signed engagement letter") && to(m).includes(DESK),
      quotes: [],
    },
    "documents-report-ready": { pick: (m) => subject(m, "Your report is ready"), quotes: [NAME] },
    "documents-sweep-report": { pick: (m) => subject(m, "A sweep report is ready"), quotes: [NAME] },
    "consultation-client": {
      pick: (m) => subject(m, "Consultation booked") && to(m).includes(CLIENT),
      quotes: [NAME],
    },
    "consultation-desk": {
      pick: (m) => subject(m, "Consultation booked") && to(m).includes(DESK),
      quotes: [NAME],
    },
    "subscription-client": { pick: (m) => subject(m, "Your monitoring is paused"), quotes: [NAME] },
    "subscription-desk": { pick: (m) => subject(m, "Monitoring resumed by the client"), quotes: [] },
    "statement-issued": { pick: (m) => subject(m, "Statement 1 of your engagement"), quotes: [NAME] },
    "portal-payment-client": { pick: (m) => subject(m, "Payment received"), quotes: [NAME] },
    "document-requests-added": { pick: (m) => m.subject?.includes("has asked for") === true, quotes: [NAME] },
    "document-requests-reminder": { pick: (m) => subject(m, "A reminder of the documents"), quotes: [NAME] },
    // The signing round (ADR 297): counsel named like an address signs first, then the client, then the firm.
    "portal-reminder": { pick: (m) => subject(m, "Reminder: your engagement letter"), quotes: [NAME] },
    "portal-signed-party": {
      pick: (m) => subject(m, "Signed engagement letter") && to(m).includes(PARTY),
      quotes: [],
    },
    "portal-signed-cc": {
      pick: (m) => subject(m, "Signed engagement letter") && to(m).includes(COPY),
      quotes: [],
    },
    "portal-countersign-desk": { pick: (m) => subject(m, "Engagement letter awaiting"), quotes: [NAME] },
    "portal-declined-desk": { pick: (m) => subject(m, "Engagement letter declined"), quotes: [NAME] },
    "portal-declined-party": {
      pick: (m) => subject(m, "The engagement letter was declined"),
      quotes: [NAME],
    },
    "portal-expired-desk": { pick: (m) => subject(m, "Engagement letter expired"), quotes: [NAME] },
  };

  test("the app registers exactly the kinds the outbox lists", () => {
    expect(outbox.kinds().sort()).toEqual(Object.keys(MAIL_KINDS).sort());
  });

  test("each kind, sent with a requester, a firm and a colleague named like addresses", async () => {
    await smtp.listen();
    const owner = await signIn(t.request, OWNER, PASSWORD);
    const named = await t.request(
      "/api/admin/staff/me",
      withCookie(owner, { ...post({ displayName: STAFF_NAME }), method: "PUT" }),
    );
    expect(named.status).toBe(200);

    // An intake, and the reply staff send from the draft the desk writes for it (it greets the requester).
    const intake = await fileIntake(t, clock.at, { name: NAME, firm: FIRM });
    const draft = replyDraft({
      reference: intake.reference,
      name: NAME,
      desiredService: "asset-map",
      author: STAFF_NAME,
      brand: t.config.brand,
    });
    const replied = await t.request(
      `/api/admin/submissions/${intake.id}/replies`,
      withCookie(owner, post({ subject: REPLY_SUBJECT, body: filled(draft.body) })),
    );
    expect(replied.status).toBe(201);
    // A colleague invited by the owner, whose name the invitation gives.
    const invited = await t.request(
      "/api/admin/staff/invitations",
      withCookie(owner, post({ email: "new.colleague@tracewell.example" })),
    );
    expect(invited.status).toBe(201);
    // The engagement: its link, the signed letter both ways, the report, then a consultation on it.
    const client = await portalClient(t, clock.at, owner, {
      email: CLIENT,
      intake: { name: NAME, firm: FIRM },
    });
    await deliverReport(t, owner, client.submission.id);
    // A payment recorded: the client is told.
    const paid = await t.request(
      `/api/admin/submissions/${client.submission.id}/engagement/payments`,
      withCookie(owner, post({ amountCents: 100_000, receivedOn: "2026-11-16", method: "Wire" })),
    );
    expect(paid.status).toBe(201);
    // The signed fee is on the ledger: its first statement is issued and the client told.
    const statement = await t.request(
      `/api/admin/submissions/${client.submission.id}/statements`,
      withCookie(owner, post({ through: "2026-11-16" })),
    );
    expect(statement.status).toBe(201);
    // Documents asked of the client (they are told), one due in 3 days: the day's reminder names it.
    const asked = await t.request(
      `/api/admin/submissions/${client.submission.id}/document-requests`,
      withCookie(owner, post({ items: [{ title: "Bank statements", dueOn: "2026-11-19" }] })),
    );
    expect(asked.status).toBe(201);
    expect(t.app.decorator.root.documentRequests.jobs.runFor("2026-11-16").reminders).toHaveLength(1);
    // A fresh link for the signed client, mailed before anyone uses it (a used link is never mailed).
    const resent = await t.request(
      `/api/admin/submissions/${client.submission.id}/engagement/send`,
      withCookie(owner, post()),
    );
    expect(resent.status).toBe(200);
    // A second engagement whose letter is withdrawn before it is signed: the client is told.
    const withdrawnFrom = await portalClient(t, clock.at, owner, {
      email: "withdrawn@whitfieldmoss.example",
      intake: { name: NAME, firm: FIRM },
      sign: false,
    });
    const withdrawn = await t.request(
      `/api/admin/submissions/${withdrawnFrom.submission.id}/engagement/withdraw`,
      withCookie(owner, post()),
    );
    expect(withdrawn.status).toBe(200);
    await signingRounds(t, owner, clock.at, t.app.decorator.root.portal.jobs, NAME, FIRM);
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(client.cookie))
    ).json()) as ConsultationSlots;
    const booked = await t.request(
      "/api/portal/consultation",
      withCookie(client.cookie, post({ start: slots.slots[0]?.start })),
    );
    expect(booked.status).toBe(201);
    // Judgment Intel on the same engagement: staff pause it (the client is told), the client resumes it (the desk is).
    t.app.decorator.subscriptions.start({
      engagementId: client.engagementId,
      submissionId: client.submission.id,
      subjects: ["Harlan Whitfield"],
      monthlyCents: 75_000,
      signedOn: "2026-08-14",
      paidOn: "2026-08-14",
    });
    // Started in August, its first sweep is owed: delivered as the sweep report, counsel is told by name.
    expect((await deliverSweepReport(t, owner, client.submission.id)).res.status).toBe(200);
    const subscription = `/api/admin/submissions/${client.submission.id}/subscription`;
    expect((await t.request(`${subscription}/pause`, withCookie(owner, post()))).status).toBe(200);
    expect(
      (await t.request("/api/portal/subscription/resume", withCookie(client.cookie, post()))).status,
    ).toBe(200);
    // The next morning the first intake waits for a first response: the digest lists it.
    await fileIntake(t, clock.at, { name: NAME, firm: FIRM, email: "waiting@example.com" });
    clock.at = new Date("2026-11-17T18:00:00.000Z");
    expect(t.app.decorator.deskDigest.sendNow()).toMatchObject({ sent: true });

    await outbox.runOnce();
    /** Everything wrong, kind by kind, so one run names every kind that links a name. */
    const problems: string[] = [];
    for (const kind of Object.keys(MAIL_KINDS) as MailKindName[]) {
      const about = KINDS[kind];
      const mail = about ? smtp.received.find(about.pick) : undefined;
      if (!about) problems.push(`${kind}: not in this test's table`);
      else if (!mail) problems.push(`${kind}: never arrived`);
      if (!about || !mail) continue;
      const html = String(mail.html);
      const text = visibleText(html);
      // No address shaped from a name anywhere a reader (or their mail program) sees text.
      for (const found of text.matchAll(LINKABLE))
        if (found[0].includes("evil")) problems.push(`${kind}: linkable ${found[0]}`);
      for (const value of URL_SHAPED)
        if (text.includes(value)) problems.push(`${kind}: shows ${value} as typed`);
      // No link the HTML makes itself around one either.
      for (const link of html.matchAll(/<a\b[^>]*>[\s\S]*?<\/a>/gi))
        if (readable(decode(link[0])).includes("evil")) problems.push(`${kind}: a link ${link[0]}`);
      // Yet both parts still read the names the mail is about, as they were typed.
      for (const value of about.quotes) {
        if (!mail.text?.includes(value)) problems.push(`${kind}: its text lost ${value}`);
        if (!readable(text).includes(value)) problems.push(`${kind}: its HTML lost ${value}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("each kind with a link carries a button for it in HTML, the address written out below it", () => {
    const site = t.config.publicUrl;
    /** The links a mail asks the reader to follow: one of the site's, standing on its line or ending it. */
    const actionLinks = (text: string) =>
      text.split("\n").flatMap((l) => {
        const url = /(?:^\s*|:\s)(https?:\/\/\S+)\s*$/.exec(l)?.[1];
        return url?.startsWith(`${site}/`) ? [url] : [];
      });
    const linked: string[] = [];
    const problems: string[] = [];
    for (const kind of Object.keys(MAIL_KINDS) as MailKindName[]) {
      const mail = smtp.received.find(KINDS[kind].pick);
      if (!mail) continue;
      const html = String(mail.html);
      const links = actionLinks(mail.text ?? "");
      if (links.length > 0) linked.push(kind);
      for (const url of links) {
        const button = [...html.matchAll(/<a\b[^>]*\bclass="button"[^>]*>([\s\S]*?)<\/a>/g)].find((b) =>
          decode(b[0]).includes(`href="${url}"`),
        );
        if (!button) {
          problems.push(`${kind}: no button for ${url}`);
          continue;
        }
        if (!/^Open|^Accept/.test(visibleText(button[1] ?? "").trim()))
          problems.push(`${kind}: its button says "${visibleText(button[1] ?? "").trim()}"`);
        // Below the button, the address itself, as text a reader can copy.
        const below = html.slice((button.index ?? 0) + button[0].length);
        if (!readable(visibleText(below.slice(0, below.indexOf("</p>")))).includes(url))
          problems.push(`${kind}: ${url} is not written out below its button`);
        if (!mail.text?.includes(url)) problems.push(`${kind}: its text lost ${url}`);
      }
    }
    expect(problems).toEqual([]);
    // Every mail that sends its reader somewhere was looked at: the client's and the desk's alike.
    expect(linked.sort()).toEqual(
      [
        "consultation-client",
        "desk-digest",
        "document-requests-added",
        "document-requests-reminder",
        "documents-report-ready",
        "documents-sweep-report",
        "intake-notification",
        "portal-link",
        "portal-payment-client",
        "portal-reminder",
        "portal-signed-client",
        "staff-invitation",
        "statement-issued",
        "subscription-client",
        "subscription-desk",
      ].sort(),
    );
  });
});
