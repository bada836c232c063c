import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { formBody, validIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

/**
 * The intake's receipt (issue 22): the answer to a request carries its reference and when the firm answers, on
 * the desk's business clock (America/New_York, Mon-Fri 09:00-17:00, US public holidays, 8 business hours); /thanks
 * shows them to the browser that sent it, and to no other, from a short-lived cookie of its own, with JavaScript
 * or without. Every screen says where the confirmation e-mail really is (issue 17, item 19).
 */
const [SMTP_PORT = 0] = freePorts(1);

type Receipt = {
  ok: true;
  reference: string;
  respondBy: string;
  respondByText: string;
  confirmation: "queued" | "delayed";
};

let visitor = 0;
function submit(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  at: Date,
  opts: { form?: boolean; fields?: Record<string, unknown> } = {},
) {
  const fields = validIntake(at, opts.fields);
  return request(opts.form ? "/contact" : "/api/contact", {
    method: "POST",
    headers: {
      "content-type": opts.form ? "application/x-www-form-urlencoded" : "application/json",
      ...(opts.form ? { accept: "text/html" } : {}),
      "x-forwarded-for": `198.51.100.${(visitor++ % 250) + 1}`,
    },
    body: opts.form ? formBody({ ...fields, formStartTime: undefined }) : JSON.stringify(fields),
  });
}

/** The cookie a browser would send back to /thanks, from a Set-Cookie header. */
const receiptCookie = (res: Response) => {
  const header = res.headers.get("set-cookie") ?? "";
  expect(header).toMatch(/^tw_intake_receipt=/);
  return header.split(";")[0] ?? "";
};

const thanks = (request: (path: string, init?: RequestInit) => Promise<Response>, cookie?: string) =>
  request("/thanks", { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });

/** The page's visible text, tags dropped and apostrophes decoded. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("without mail configured", () => {
  const clock = { at: new Date("2026-11-20T23:30:00.000Z") }; // Friday 18:30 in New York
  const { request, db } = makeTestApp(
    { TRUST_PROXY: "1", ADMIN_USERNAME: "morgan", ADMIN_PASSWORD: "trace every transfer" },
    { now: () => clock.at },
  );

  test("a request sent on a Friday evening hears from us by Monday 17:00, and the answer says so", async () => {
    const res = await submit(request, clock.at);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Receipt;
    expect(body).toEqual({
      ok: true,
      reference: expect.stringMatching(/^IR-261120-[2-9A-Z]{4}$/),
      respondBy: "2026-11-23T22:00:00.000Z",
      respondByText: "Monday 5:00 PM EST",
      confirmation: "delayed",
    });
    // The request is stored with the due time its receipt states: no later read of the desk computes it.
    expect(
      db
        .query("SELECT respond_by AS respondBy FROM contact_submissions WHERE reference = ?")
        .get(body.reference),
    ).toEqual({ respondBy: body.respondBy });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("Path=/thanks");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toMatch(/Max-Age=\d+/);
    // The cookie carries the reference and the due time, nothing the requester typed.
    const cookie = receiptCookie(res);
    for (const typed of ["Dana", "Whitfield", "dwhitfield", "555", "Cook"])
      expect(cookie).not.toContain(typed);

    const page = await thanks(request, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    const shown = text(await page.text());
    expect(shown).toContain(body.reference);
    expect(shown).toContain("You'll hear from us by Monday 5:00 PM EST.");
    expect(shown).toContain("One business day");
    // Mail cannot go out: no screen says a confirmation is on its way or was sent.
    expect(shown).not.toContain("on its way");
    expect(shown).not.toContain("Confirmation sent");
    expect(shown).toContain("Your confirmation email is delayed");
  });

  test("before a public holiday the due time skips it: Wednesday 14:00 before Thanksgiving is Friday 14:00", async () => {
    clock.at = new Date("2026-11-25T19:00:00.000Z"); // Wednesday 14:00 in New York; Thursday is Thanksgiving
    const body = (await (await submit(request, clock.at)).json()) as Receipt;
    expect(body.respondBy).toBe("2026-11-27T19:00:00.000Z");
    expect(body.respondByText).toBe("Friday 2:00 PM EST");
  });

  test("a due time later the same day reads as today's, one more than a week off names its date", async () => {
    clock.at = new Date("2026-11-23T14:00:00.000Z"); // Monday 09:00 in New York
    expect(((await (await submit(request, clock.at)).json()) as Receipt).respondByText).toBe(
      "5:00 PM EST today",
    );
    // The firm closes between the holidays: a request on the evening of December 23 is due after New Year.
    clock.at = new Date("2026-12-23T22:30:00.000Z"); // Wednesday 17:30 in New York
    const cookie = await signIn(request, "morgan", "trace every transfer");
    for (const date of ["2026-12-24", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31"]) {
      const res = await request("/api/admin/desk/closures", withCookie(cookie, post({ date })));
      expect(res.status).toBe(201);
    }
    expect(((await (await submit(request, clock.at)).json()) as Receipt).respondByText).toBe(
      "Monday, 4 Jan 2027, 5:00 PM EST",
    );
  });

  test("with JavaScript off the form post ends on /thanks, whose URL holds nothing, showing the reference", async () => {
    clock.at = new Date("2026-11-23T17:51:00.000Z"); // Monday 12:51 in New York
    const res = await submit(request, clock.at, { form: true });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thanks");
    const cookie = receiptCookie(res);
    const reference = (
      db.query("SELECT reference FROM contact_submissions ORDER BY id DESC LIMIT 1").get() as {
        reference: string;
      }
    ).reference;
    const shown = text(await (await thanks(request, cookie)).text());
    expect(shown).toContain(reference);
    expect(shown).toContain("You'll hear from us by Tuesday 12:51 PM EST.");
  });

  test("/thanks shows no one else's reference: not to a visitor without the cookie, not from the cache", async () => {
    const res = await submit(request, clock.at);
    const { reference } = (await res.json()) as Receipt;
    expect(text(await (await thanks(request, receiptCookie(res))).text())).toContain(reference);
    const other = await thanks(request);
    expect(other.status).toBe(200);
    const html = await other.text();
    expect(html).not.toMatch(/IR-\d{6}-[2-9A-Z]{4}/);
    expect(text(html)).toContain("Your intake request was received");
    // A cookie that is not a receipt is ignored.
    for (const forged of [
      "tw_intake_receipt=<b>hi</b>",
      "tw_intake_receipt=IR-1~x~queued",
      "tw_intake_receipt=",
    ]) {
      const page = await (await thanks(request, forged)).text();
      expect(page).not.toContain("<b>hi</b>");
      expect(page).not.toContain("IR-1");
    }
  });

  test("a receipt shows what the cookie holds, never what is stored under its reference", async () => {
    const res = await submit(request, clock.at, { fields: { name: "Quillon Ashgrove" } });
    const { reference } = (await res.json()) as Receipt;
    const page = await (await thanks(request, receiptCookie(res))).text();
    expect(page).toContain(reference);
    expect(page).not.toContain("Quillon");
    expect(page).not.toContain("Ashgrove");
  });

  test("a bot gets a receipt of the same shape, and nothing is stored", async () => {
    const before = (db.query("SELECT COUNT(*) AS n FROM contact_submissions").get() as { n: number }).n;
    const res = await submit(request, clock.at, { fields: { website: "https://cheap-seo.example" } });
    expect(res.status).toBe(201);
    expect(Object.keys((await res.json()) as Receipt).sort()).toEqual(
      ["confirmation", "ok", "reference", "respondBy", "respondByText"].sort(),
    );
    expect(res.headers.get("set-cookie")).toMatch(/^tw_intake_receipt=/);
    expect((db.query("SELECT COUNT(*) AS n FROM contact_submissions").get() as { n: number }).n).toBe(before);
  });
});

describe("with a real SMTP server", () => {
  const clock = { at: new Date("2026-11-23T17:51:00.000Z") }; // Monday 12:51 in New York
  const smtp = smtpServer(SMTP_PORT);
  const { request, app } = makeTestApp(
    { TRUST_PROXY: "1", SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
    { now: () => clock.at },
  );
  beforeAll(() => smtp.listen());
  afterAll(() => smtp.close());

  test("the confirmation is on its way, /thanks says so, and it arrives with the same reference", async () => {
    const res = await submit(request, clock.at);
    const body = (await res.json()) as Receipt;
    expect(body).toMatchObject({ respondByText: "Tuesday 12:51 PM EST", confirmation: "queued" });
    const shown = text(await (await thanks(request, receiptCookie(res))).text());
    expect(shown).toContain(body.reference);
    expect(shown).toContain("Confirmation sent");
    expect(shown).not.toContain("delayed");
    await app.decorator.mailOutbox.runOnce();
    const confirmation = smtp.received.find(
      (m) => m.subject === `We received your request (reference ${body.reference})`,
    );
    expect(confirmation?.text).toContain(`your reference is ${body.reference}`);
  });
});
