import { afterAll, describe, expect, test } from "bun:test";
import { intakeMessage } from "../../../src/modules/desk";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { RETRY_BASE_MS } from "../../../src/modules/mail";
import { makeTestApp } from "../../helpers/app";
import { capturingLogger, validIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const [DELIVERY_PORT = 0, OUTAGE_PORT = 0] = freePorts(2);

/** The HTML part read as a person hears it: tags dropped, entities decoded, white space collapsed. */
const readable = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/div)>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");

const MAIL_ENV = {
  TRUST_PROXY: "1",
  MAIL_FROM: '"Tracewell Intake" <intake@tracewell.example>',
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
};

let address = 1;
function submit(request: (p: string, i?: RequestInit) => Promise<Response>, body: Record<string, unknown>) {
  return request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${address++}` },
    body: JSON.stringify(body),
  });
}

/** The stored mail state; the error is stored encrypted (it can quote an address) and read through the cipher. */
const submissionState = ({ db, cipher }: ReturnType<typeof makeTestApp>["store"], reference: string) => {
  const row = db
    .query(
      "SELECT id, email_sent AS emailSent, email_error AS emailError FROM contact_submissions WHERE reference = ?",
    )
    .get(reference) as { id: number; emailSent: number; emailError: string | null };
  return { ...row, emailError: cipher.decryptNullable(row.emailError) };
};

describe("intake e-mail delivered", () => {
  const smtp = smtpServer(DELIVERY_PORT, { refuse: ["nobody@unknown.example"] });
  const clock = new Date("2026-03-02T15:00:00.000Z");
  const { request, db, store, app, config } = makeTestApp(
    { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${DELIVERY_PORT}` },
    { now: () => clock },
  );
  afterAll(() => smtp.close());

  test("the desk is notified without the description, the submitter is confirmed without echoes", async () => {
    await smtp.listen();
    const res = await submit(request, validIntake(clock));
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const before = submissionState(store, reference);
    expect(before).toMatchObject({ emailSent: 0, emailError: null });

    expect(await app.decorator.mailOutbox.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(2);

    const notification = smtp.received.find((m) => m.subject?.startsWith("New intake request"));
    const confirmation = smtp.received.find((m) => m.subject?.startsWith("We received your request"));
    if (!notification || !confirmation) throw new Error("missing messages");

    expect(notification.to && "text" in notification.to ? notification.to.text : "").toBe(
      "desk@tracewell.example",
    );
    expect(notification.from?.text).toContain("intake@tracewell.example");
    expect(notification.subject).toBe(`New intake request ${reference}: Asset Map`);
    const n = notification.text ?? "";
    for (const expected of [
      `Reference: ${reference}`,
      "Name: Dana Whitfield",
      "Firm: Whitfield & Moss LLP",
      "Role: Attorney",
      "Matter type: Family law (divorce)",
      "Service: Asset Map",
      "Jurisdictions: Cook County, IL; Delaware entities",
      `http://localhost:3000/admin/submissions/${before.id}`,
    ]) {
      expect(n).toContain(expected);
    }
    expect(n).not.toContain("lake house");
    expect(n).not.toContain("555-0199");

    expect(confirmation.to && "text" in confirmation.to ? confirmation.to.text : "").toBe(
      "dwhitfield@whitfieldmoss.example",
    );
    const c = confirmation.text ?? "";
    expect(c).toContain(reference);
    expect(c).toContain("one business day");
    expect(c).toContain("Engagement Letter");
    for (const echoed of ["lake house", "Dana Whitfield", "Cook County", "555-0199", "Whitfield & Moss"]) {
      expect(c).not.toContain(echoed);
    }

    expect(submissionState(store, reference)).toMatchObject({ emailSent: 1, emailError: null });
    expect(await app.decorator.mailOutbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });

  test("both are automatic mails: Auto-Submitted, the text part as written, and a branded HTML part", async () => {
    const stored = contactSubmissions(store).byId(1);
    if (!stored) throw new Error("no submission");
    const ctx = { brand: config.brand, publicUrl: config.publicUrl, notifyTo: "desk@tracewell.example" };
    for (const kind of ["intake-notification", "intake-confirmation"] as const) {
      const written = intakeMessage(kind, stored, ctx);
      const mail = smtp.received.find((m) => m.subject === written.subject);
      if (!mail) throw new Error(`no ${kind} received`);
      // RFC 3834, so out-of-office replies do not answer (and loop with) the desk's own notices.
      expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
      expect(mail.headers.get("x-auto-response-suppress")).toBe("All");
      // The text part is exactly what was written; the HTML part is its alternative.
      expect(mail.text?.trimEnd()).toBe(written.text);
      expect(mail.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
      const html = typeof mail.html === "string" ? mail.html : "";
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`<title>${written.subject}</title>`);
      expect(html).toContain('role="article"');
      expect(html).toContain(">Tracewell</a>");
      expect(html).not.toMatch(/<script|<img|<style/i);
      // Every line of the text reads in the HTML too.
      const heard = readable(html);
      for (const line of written.text.split("\n").filter(Boolean)) {
        expect(heard).toContain(
          line
            .replace(/^\d+\.\s+/, "")
            .replace(/\s+/g, " ")
            .trim(),
        );
      }
    }
    const notification = smtp.received.find((m) => m.subject?.startsWith("New intake request"));
    const html = typeof notification?.html === "string" ? notification.html : "";
    // What the submitter typed is escaped, and the admin link is a link.
    expect(html).toContain("Firm: Whitfield &amp; Moss LLP");
    expect(html).toContain(`<a href="http://localhost:3000/admin/submissions/${stored.id}"`);
    const confirmation = smtp.received.find((m) => m.subject?.startsWith("We received your request"));
    // The numbered next steps are a list a screen reader announces as one.
    expect(typeof confirmation?.html === "string" ? confirmation.html : "").toMatch(/<ol[^>]*><li/);
  });

  test("what a submitter typed never starts a line of the desk's mail nor becomes a link in its HTML part", async () => {
    // A request stored before one-line fields were refused, and a firm that is a web address (one line, valid).
    const forged = "Bob\r\nReference: IR-FAKE\r\n\r\nURGENT: log in at https://evil.example/admin/login";
    const validated = validIntake(clock, { firm: "https://evil.example/login or desk@evil.example" });
    const id = contactSubmissions(store).create(
      { ...(validated as Parameters<ReturnType<typeof contactSubmissions>["create"]>[0]), name: forged },
      { reference: "IR-260302-FRGD", submittedAt: clock.toISOString(), emailError: null },
    );
    const before = smtp.received.length;
    await app.decorator.mailOutbox.runOnce();
    const notification = smtp.received
      .slice(before)
      .find((m) => m.subject === "New intake request IR-260302-FRGD: Asset Map");
    if (!notification) throw new Error("no notification");
    const text = notification.text ?? "";
    const lines = text.split(/\r?\n/);
    // The one reference line is ours; the typed lines stay inside the Name line.
    expect(lines.filter((l) => l.startsWith("Reference:"))).toEqual(["Reference: IR-260302-FRGD"]);
    expect(lines.some((l) => l.startsWith("URGENT"))).toBe(false);
    expect(lines.find((l) => l.startsWith("Name:"))).toBe(
      "Name: Bob Reference: IR-FAKE URGENT: log in at https://evil.example/admin/login",
    );
    const html = typeof notification.html === "string" ? notification.html : "";
    // Typed addresses are text, not links; the desk's own link to the request still is one.
    expect(html).not.toContain('href="https://evil.example');
    expect(html).not.toContain("mailto:desk@evil.example");
    // Shown as typed, with word joiners (ADR 224) where a mail program would see an address.
    expect(html).toContain(
      "Firm: https&#8288;://evil&#8288;.example/login or desk&#8288;@evil&#8288;.example",
    );
    expect(html).toContain(`<a href="http://localhost:3000/admin/submissions/${id}"`);
    expect(readable(html)).toContain("Name: Bob Reference: IR-FAKE URGENT: log in at");
    expect(html).not.toMatch(/<(p|li)[^>]*>Reference: IR-FAKE/);
  });

  test("a refused recipient is not retried and the error says which message failed", async () => {
    const res = await submit(request, validIntake(clock, { email: "nobody@unknown.example" }));
    const { reference } = (await res.json()) as { reference: string };
    await app.decorator.mailOutbox.runOnce();
    const state = submissionState(store, reference);
    expect(state.emailSent).toBe(0);
    expect(state.emailError).toContain("Confirmation:");
    expect(state.emailError).toContain("550");
    const rows = db
      .query("SELECT kind, state FROM mail_outbox WHERE submission_id = ? ORDER BY kind")
      .all(state.id);
    expect(rows).toEqual([
      { kind: "intake-confirmation", state: "failed" },
      { kind: "intake-notification", state: "sent" },
    ]);
  });
});

describe("SMTP outage, then recovery", () => {
  let clock = new Date("2026-03-02T15:00:00.000Z");
  const { logger, lines } = capturingLogger();
  const { request, db, store, app } = makeTestApp(
    { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${OUTAGE_PORT}` },
    { now: () => clock, logger },
  );
  const smtp = smtpServer(OUTAGE_PORT);
  afterAll(() => smtp.close());

  test("the intake is kept, the error is recorded, and the mail goes out when the server is back", async () => {
    const res = await submit(request, validIntake(clock));
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };

    expect(await app.decorator.mailOutbox.runOnce()).toBe(0);
    const down = submissionState(store, reference);
    expect(down.emailSent).toBe(0);
    expect(down.emailError).toContain("Notification:");
    expect(down.emailError).toMatch(/ECONNREFUSED|connect/i);
    expect(lines.some((l) => l.includes('"mail_failed"'))).toBe(true);
    expect(lines.join("\n")).not.toContain("dwhitfield@");

    // Not due again until the backoff has passed, even once the server is back.
    await smtp.listen();
    expect(await app.decorator.mailOutbox.runOnce()).toBe(0);
    const waiting = db
      .query("SELECT attempts, state, next_attempt_at AS next FROM mail_outbox WHERE submission_id = ?")
      .all(down.id) as { attempts: number; state: string; next: string }[];
    for (const row of waiting) {
      expect(row).toMatchObject({ attempts: 1, state: "pending" });
      expect(new Date(row.next).getTime()).toBe(clock.getTime() + RETRY_BASE_MS);
    }

    clock = new Date(clock.getTime() + RETRY_BASE_MS);
    expect(await app.decorator.mailOutbox.runOnce()).toBe(2);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      `New intake request ${reference}: Asset Map`,
      `We received your request (reference ${reference})`,
    ]);
    expect(submissionState(store, reference)).toMatchObject({ emailSent: 1, emailError: null });
  });
});

describe("no SMTP configured", () => {
  const { request, db, store, app } = makeTestApp({ TRUST_PROXY: "1" });
  test("the intake is stored with an error saying mail is not configured, and stays queued", async () => {
    const now = new Date();
    const res = await submit(request, validIntake(now));
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect(await app.decorator.mailOutbox.runOnce()).toBe(0);
    const state = submissionState(store, reference);
    expect(state.emailSent).toBe(0);
    expect(state.emailError).toContain("SMTP_URL is not set");
    expect(db.query("SELECT state FROM mail_outbox WHERE submission_id = ?").all(state.id)).toEqual([
      { state: "pending" },
      { state: "pending" },
    ]);
  });
});
