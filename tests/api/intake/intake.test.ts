import { describe, expect, test } from "bun:test";
import { INTAKE_MESSAGES, INTAKE_REQUIRED } from "../../../src/contracts/intake";
import { SENSITIVE_MESSAGES } from "../../../src/contracts/sensitive-data";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { MAIL_NOT_CONFIGURED } from "../../../src/modules/mail";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { capturingLogger, formBody, validIntake } from "../../helpers/intake";

let clock = new Date("2026-03-02T15:00:00.000Z");
const { logger, lines } = capturingLogger();
const { request, db, store, app } = makeTestApp({ TRUST_PROXY: "1" }, { now: () => clock, logger });

let nextAddress = 1;
/** Each test speaks from its own address (through the trusted proxy header) so limits do not collide. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

type PostOptions = { address?: string; type?: string; accept?: string; headers?: Record<string, string> };

function post(body: unknown, opts: PostOptions = {}, path = "/api/contact") {
  const type = opts.type ?? "application/json";
  return request(path, {
    method: "POST",
    headers: {
      "content-type": type,
      "x-forwarded-for": `203.0.113.9, ${opts.address ?? freshAddress()}`,
      ...(opts.accept ? { accept: opts.accept } : {}),
      ...opts.headers,
    },
    body:
      typeof body === "string"
        ? body
        : type.includes("json")
          ? JSON.stringify(body)
          : formBody(body as never),
  });
}

const count = () => (db.query("SELECT COUNT(*) AS n FROM contact_submissions").get() as { n: number }).n;

describe("POST /api/contact: accepted", () => {
  test("commits every field with status new and answers with a reference", async () => {
    const before = count();
    const res = await post(validIntake(clock));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ok: boolean; reference: string };
    expect(body.ok).toBe(true);
    expect(body.reference).toMatch(/^IR-260302-[2-9A-Z]{4}$/);
    expect(count()).toBe(before + 1);
    const row = db
      .query("SELECT * FROM contact_submissions WHERE reference = ?")
      .get(body.reference) as Record<string, unknown>;
    expect(row).toMatchObject({
      role: "attorney",
      matter_type: "family-law",
      subject_type: "both",
      desired_service: "asset-map",
      acknowledgment: 1,
      submitted_at: clock.toISOString(),
      email_sent: 0,
      status: "new",
    });
    // Personal fields are stored encrypted, and read back whole through the repository.
    for (const column of ["name", "firm", "email", "phone", "jurisdictions", "description", "email_error"]) {
      expect(String(row[column])).toStartWith("enc:v1:");
    }
    expect(contactSubmissions(store).byId(row.id as number)).toMatchObject({
      name: "Dana Whitfield",
      firm: "Whitfield & Moss LLP",
      email: "dwhitfield@whitfieldmoss.example",
      phone: "(312) 555-0199",
      jurisdictions: "Cook County, IL; Delaware entities",
      emailError: MAIL_NOT_CONFIGURED,
    });
    expect(contactSubmissions(store).byId(row.id as number)?.description).toStartWith(
      "Divorce, 2023-DR-004512.",
    );
    const mail = db
      .query("SELECT kind, state FROM mail_outbox WHERE submission_id = ? ORDER BY kind")
      .all(row.id as number);
    expect(mail).toEqual([
      { kind: "intake-confirmation", state: "pending" },
      { kind: "intake-notification", state: "pending" },
    ]);
    // Without SMTP nothing is attempted, and the intake stays stored and queued.
    expect(await app.decorator.mailOutbox.runOnce()).toBe(0);
  });

  test("firm is optional: missing, null and blank are all stored as no firm", async () => {
    for (const firm of [undefined, null, "", "   "]) {
      const res = await post(validIntake(clock, { firm }));
      expect(res.status).toBe(201);
      const { reference } = (await res.json()) as { reference: string };
      expect(db.query("SELECT firm FROM contact_submissions WHERE reference = ?").get(reference)).toEqual({
        firm: null,
      });
    }
  });

  test("formStartTime is optional", async () => {
    const { formStartTime: _, ...rest } = validIntake(clock);
    expect((await post(rest)).status).toBe(201);
  });

  test("accepts a form-encoded body and answers JSON to API clients", async () => {
    const res = await post(validIntake(clock), { type: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  });

  test("accepts multipart form data", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(validIntake(clock))) form.set(k, String(v));
    const res = await request("/api/contact", {
      method: "POST",
      headers: { "x-forwarded-for": freshAddress() },
      body: form,
    });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/contact: SPEC.md section 5 rules and messages", () => {
  const cases: [field: string, value: unknown, message: string][] = [
    ["name", "J", INTAKE_MESSAGES.name],
    ["name", "  J  ", INTAKE_MESSAGES.name],
    ["name", undefined, INTAKE_REQUIRED.name],
    ["name", "", INTAKE_REQUIRED.name],
    ["name", "   ", INTAKE_REQUIRED.name],
    ["email", "dana@", INTAKE_MESSAGES.email],
    ["email", "not an email", INTAKE_MESSAGES.email],
    ["email", undefined, INTAKE_REQUIRED.email],
    ["email", "", INTAKE_REQUIRED.email],
    ["email", "   ", INTAKE_REQUIRED.email],
    ["phone", "555-0199", INTAKE_MESSAGES.phone],
    ["phone", "abcdefghij", INTAKE_MESSAGES.phone],
    ["phone", "call me please", INTAKE_MESSAGES.phone],
    ["phone", "(312) 555-019", INTAKE_MESSAGES.phone],
    ["phone", "+1 -- -- -- --", INTAKE_MESSAGES.phone],
    ["phone", undefined, INTAKE_REQUIRED.phone],
    ["phone", "", INTAKE_REQUIRED.phone],
    ["phone", "   ", INTAKE_REQUIRED.phone],
    ["role", "judge", INTAKE_MESSAGES.role],
    ["role", "", INTAKE_MESSAGES.role],
    ["role", undefined, INTAKE_MESSAGES.role],
    ["matterType", "criminal", INTAKE_MESSAGES.matterType],
    ["matterType", "", INTAKE_MESSAGES.matterType],
    ["subjectType", "company", INTAKE_MESSAGES.subjectType],
    ["subjectType", undefined, INTAKE_MESSAGES.subjectType],
    ["jurisdictions", "I", INTAKE_MESSAGES.jurisdictions],
    ["jurisdictions", undefined, INTAKE_REQUIRED.jurisdictions],
    ["jurisdictions", "", INTAKE_REQUIRED.jurisdictions],
    ["jurisdictions", "   ", INTAKE_REQUIRED.jurisdictions],
    ["desiredService", "audit", INTAKE_MESSAGES.desiredService],
    ["desiredService", "", INTAKE_MESSAGES.desiredService],
    ["description", "Too short", INTAKE_MESSAGES.description],
    ["description", undefined, INTAKE_REQUIRED.description],
    ["description", "", INTAKE_REQUIRED.description],
    ["description", "   ", INTAKE_REQUIRED.description],
    ["acknowledgment", false, INTAKE_MESSAGES.acknowledgment],
    ["acknowledgment", undefined, INTAKE_MESSAGES.acknowledgment],
    ["acknowledgment", "true", INTAKE_MESSAGES.acknowledgment],
  ];
  for (const [field, value, message] of cases) {
    test(`${field} = ${JSON.stringify(value)} → "${message}"`, async () => {
      const before = count();
      const res = await post(validIntake(clock, { [field]: value }));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ errors: { [field]: [message] } });
      expect(count()).toBe(before);
    });
  }

  test("every select accepts exactly SPEC.md's values", async () => {
    const values = {
      role: ["attorney", "fiduciary", "individual"],
      matterType: ["family-law", "probate-estate", "commercial", "other"],
      subjectType: ["individual", "entity", "both"],
      desiredService: [
        "asset-map",
        "transaction-trace",
        "judgment-intel",
        "individual-asset-check",
        "record-ready-prep",
        "other",
      ],
    };
    for (const [field, allowed] of Object.entries(values)) {
      for (const value of allowed) {
        const res = await post(validIntake(clock, { [field]: value }));
        expect(res.status).toBe(201);
      }
    }
  });

  test("an empty object gets every required field's message at once", async () => {
    const res = await post({});
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        name: [INTAKE_REQUIRED.name],
        email: [INTAKE_REQUIRED.email],
        phone: [INTAKE_REQUIRED.phone],
        role: [INTAKE_MESSAGES.role],
        matterType: [INTAKE_MESSAGES.matterType],
        subjectType: [INTAKE_MESSAGES.subjectType],
        jurisdictions: [INTAKE_REQUIRED.jurisdictions],
        desiredService: [INTAKE_MESSAGES.desiredService],
        description: [INTAKE_REQUIRED.description],
        acknowledgment: [INTAKE_MESSAGES.acknowledgment],
      },
    });
  });

  test("maximum lengths, each with its own message", async () => {
    const cases: [string, string, string][] = [
      ["name", "N".repeat(121), "Name must be at most 120 characters"],
      ["firm", "F".repeat(201), "Firm must be at most 200 characters"],
      ["email", `${"e".repeat(250)}@x.example`, "Email must be at most 254 characters"],
      ["phone", "5".repeat(41), "Phone number must be at most 40 characters"],
      ["jurisdictions", "J".repeat(501), "Jurisdictions must be at most 500 characters"],
      ["description", "D".repeat(5001), "Description must be at most 5,000 characters"],
    ];
    for (const [field, value, message] of cases) {
      const res = await post(validIntake(clock, { [field]: value }));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ errors: { [field]: [message] } });
    }
    expect((await post(validIntake(clock, { description: "D".repeat(5000) }))).status).toBe(201);
  });

  test("a form post without the ticked checkbox gets the acknowledgment message", async () => {
    const res = await post(validIntake(clock, { acknowledgment: false }), {
      type: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { acknowledgment: [INTAKE_MESSAGES.acknowledgment] } });
  });

  test("a bad formStartTime is a client error, never a server error", async () => {
    const res = await post(validIntake(clock, { formStartTime: "yesterday" }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { formStartTime: [INTAKE_MESSAGES.invalid] } });
  });
});

describe("POST /api/contact: bodies a client can get wrong", () => {
  const raw = (body: BodyInit, headers: Record<string, string>) =>
    request("/api/contact", {
      method: "POST",
      headers: { "x-forwarded-for": freshAddress(), ...headers },
      body,
    });

  test("malformed JSON: 400", async () => {
    const res = await raw('{"name": "Dana",', { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "The request body is not valid JSON." });
  });

  test("JSON that is not an object: 400", async () => {
    for (const body of ["[]", "null", '"intake"', "42", "true"]) {
      const res = await raw(body, { "content-type": "application/json" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "The request body must be a JSON object." });
    }
  });

  test("wrong or missing content type: 415", async () => {
    for (const type of ["text/plain", "application/xml", "application/octet-stream"]) {
      const res = await raw(JSON.stringify(validIntake(clock)), { "content-type": type });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: string }).error).toContain("application/json");
    }
    const res = await raw(new Blob([JSON.stringify(validIntake(clock))]), {});
    expect(res.status).toBe(415);
  });

  test("bodies over 64 KB: 413, declared or streamed", async () => {
    const big = JSON.stringify(validIntake(clock, { description: "x".repeat(70 * 1024) }));
    const declared = await raw(big, { "content-type": "application/json" });
    expect(declared.status).toBe(413);
    const streamed = await raw(
      new ReadableStream({
        start(c) {
          for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
          c.close();
        },
      }),
      { "content-type": "application/json" },
    );
    expect(streamed.status).toBe(413);
  });

  test("odd shapes and types are 4xx, never 5xx", async () => {
    const bodies: unknown[] = [
      { name: 5, email: {}, phone: [], role: null, acknowledgment: 1 },
      { ...validIntake(clock), name: { first: "Dana" } },
      { ...validIntake(clock), description: ["a", "b"] },
      { ...validIntake(clock), formStartTime: null },
      { ...validIntake(clock), firm: 42 },
      { ...validIntake(clock), name: "\u0000\u0000" },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const form = await post("name=%ZZ&&&=&acknowledgment", { type: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(422);
  });

  test("a request from another site is refused", async () => {
    expect((await post(validIntake(clock), { headers: { origin: "https://attacker.example" } })).status).toBe(
      403,
    );
    expect((await post(validIntake(clock), { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(
      403,
    );
    expect(
      (await post(validIntake(clock), { headers: { origin: ORIGIN, "sec-fetch-site": "same-origin" } }))
        .status,
    ).toBe(201);
  });
});

describe("bots", () => {
  test("a filled trap field gets the success answer but nothing is stored or queued", async () => {
    const before = count();
    const outbox = db.query("SELECT COUNT(*) AS n FROM mail_outbox").get();
    const res = await post(validIntake(clock, { website: "https://cheap-seo.example" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ok: boolean; reference: string };
    expect(body.ok).toBe(true);
    expect(body.reference).toMatch(/^IR-\d{6}-[2-9A-Z]{4}$/);
    expect(count()).toBe(before);
    expect(db.query("SELECT COUNT(*) AS n FROM mail_outbox").get()).toEqual(outbox);
    expect(lines.some((l) => l.includes('"intake_bot_discarded"') && l.includes('"honeypot"'))).toBe(true);
  });

  test("a visitor whose clock runs ahead of ours is a person: the request is stored", async () => {
    const before = count();
    const ahead = clock.getTime() + 10 * 60_000;
    // The form sends the visitor's clock at load and at send: 45 seconds of filling on their clock.
    const timed = await post(validIntake(clock, { formStartTime: ahead, formSentTime: ahead + 45_000 }));
    expect(timed.status).toBe(201);
    expect(count()).toBe(before + 1);
    // Without the send time, a start in our future cannot be judged; the request is kept, not dropped.
    const untimed = await post(validIntake(clock, { formStartTime: ahead }));
    expect(untimed.status).toBe(201);
    expect(count()).toBe(before + 2);
    // On their clock, too quick is too quick, whatever ours says.
    const quick = await post(validIntake(clock, { formStartTime: ahead, formSentTime: ahead + 1500 }));
    expect(quick.status).toBe(201);
    expect(count()).toBe(before + 2);
    const bad = await post(validIntake(clock, { formSentTime: "now" }));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ errors: { formSentTime: [INTAKE_MESSAGES.invalid] } });
  });

  test("a form sent less than 3 seconds after the page loaded is treated as a bot", async () => {
    const before = count();
    const res = await post(validIntake(clock, { formStartTime: clock.getTime() - 1500 }));
    expect(res.status).toBe(201);
    expect(count()).toBe(before);
    expect(lines.some((l) => l.includes('"intake_bot_discarded"') && l.includes('"too-fast"'))).toBe(true);
    expect((await post(validIntake(clock, { formStartTime: clock.getTime() - 3000 }))).status).toBe(201);
    expect(count()).toBe(before + 1);
  });

  test("a bot posting the form without JavaScript is sent to /thanks like a person", async () => {
    const before = count();
    const res = await post(
      validIntake(clock, { website: "x" }),
      {
        type: "application/x-www-form-urlencoded",
        accept: "text/html",
      },
      "/contact",
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thanks");
    expect(count()).toBe(before);
  });
});

describe("sensitive-data guard", () => {
  const cases: [field: string, text: string, kind: keyof typeof SENSITIVE_MESSAGES][] = [
    ["description", "Husband's SSN is 123-45-6789; he hides income in an LLC.", "ssn"],
    ["description", "Paid the retainer with card 4111 1111 1111 1111 last week.", "card"],
    ["description", "Funds wired from routing 021000021 account 4455667788 to an offshore trust.", "bank"],
    ["jurisdictions", "Cook County IL, SSN 123456789", "ssn"],
    ["firm", "Acct 0044556677 ABA 011000015", "bank"],
    ["name", "Dana 5555 5555 5555 4444", "card"],
  ];
  for (const [field, text, kind] of cases) {
    test(`${kind} in ${field} is refused, named under the field, never stored or logged`, async () => {
      const before = count();
      const logged = lines.length;
      const res = await post(validIntake(clock, { [field]: text }));
      expect(res.status).toBe(422);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ errors: { [field]: [SENSITIVE_MESSAGES[kind]] } });
      expect(count()).toBe(before);
      const digits = text.replace(/\D/g, "").slice(0, 9);
      expect(body.replace(/\D/g, "")).not.toContain(digits);
      expect(lines.slice(logged).join("\n")).not.toContain(text);
      expect(lines.slice(logged).join("\n").replace(/\D/g, "")).not.toContain(digits);
    });
  }

  test("what attorneys routinely write is accepted", async () => {
    const res = await post(
      validIntake(clock, {
        phone: "+1 (312) 555-0199 ext. 12",
        description:
          "Case No. 2023-DR-004512, docket 1:23-cv-04567. Parcel 14-21-106-018-0000. Hearing 2024-03-15. Husband moved $250,000.00 on 03/01/2023; bank statements show checking account ending 4821. Call 312-555-0199.",
        jurisdictions: "Maricopa County, AZ (APN 123-456-789); Cook County, IL",
      }),
    );
    expect(res.status).toBe(201);
  });
});

describe("JavaScript off: POST /contact answers with pages", () => {
  const html = { type: "application/x-www-form-urlencoded", accept: "text/html,application/xhtml+xml" };

  test("a valid form ends on /thanks with 303", async () => {
    const before = count();
    const res = await post(validIntake(clock, { formStartTime: undefined }), html, "/contact");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thanks");
    expect(count()).toBe(before + 1);
  });

  test("an invalid form comes back as the contact page with messages and values kept", async () => {
    const res = await post(
      validIntake(clock, { name: "D", email: "dana@", acknowledgment: false, firm: 'Moss <b>"&"</b>' }),
      html,
      "/contact",
    );
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await res.text();
    expect(page).toContain("<h1");
    expect(page).toContain(INTAKE_MESSAGES.name);
    expect(page).toContain(INTAKE_MESSAGES.email);
    expect(page).toContain(INTAKE_MESSAGES.acknowledgment);
    expect(page).toContain('value="dana@"');
    expect(page).toContain('value="Cook County, IL; Delaware entities"');
    expect(page).toContain('value="Moss &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;"');
    expect(page).not.toContain("<b>");
    expect(page).toMatch(/<option value="attorney" selected/);
    expect(page).toContain("2023-DR-004512");
    expect(page).toContain('aria-invalid="true"');
  });

  test("the cached contact page carries no previous visitor's values", async () => {
    const page = await (await request("/contact")).text();
    expect(page).not.toContain('value="dana@"');
    expect(page).not.toContain(INTAKE_MESSAGES.name);
  });
});

describe("rate limits per client address", () => {
  test("a bounded number of attempts per minute, then 429 with Retry-After and the phone number", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await post({}, { address })).status).toBe(422);
    const res = await post(validIntake(clock), { address });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toContain("(555) 010-0142");
    expect((await post(validIntake(clock))).status).toBe(201);
    clock = new Date(clock.getTime() + 61_000);
    expect((await post(validIntake(clock), { address })).status).toBe(201);
  });

  test("a handful of accepted intakes per hour", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await post(validIntake(clock), { address })).status).toBe(201);
    const res = await post(validIntake(clock), { address });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(((await res.json()) as { error: string }).error).toMatch(/call us at \(555\) 010-0142/);
    clock = new Date(clock.getTime() + 3601_000);
    expect((await post(validIntake(clock), { address })).status).toBe(201);
  });

  test("without JavaScript the limit comes back as the page, values kept", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await post({}, { address });
    const res = await post(
      validIntake(clock),
      { address, type: "application/x-www-form-urlencoded", accept: "text/html" },
      "/contact",
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    const page = await res.text();
    expect(page).toContain("Too many requests");
    expect(page).toContain('value="Dana Whitfield"');
  });
});

describe("rate limits when no proxy is trusted", () => {
  const plain = makeTestApp({}, { now: () => clock });
  test("X-Forwarded-For is ignored: a client cannot pick a fresh address per request", async () => {
    for (let i = 0; i < 10; i++) {
      await plain.request("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i}` },
        body: "{}",
      });
    }
    const res = await plain.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.200" },
      body: JSON.stringify(validIntake(clock)),
    });
    expect(res.status).toBe(429);
  });
});

describe("pages", () => {
  test("/contact and /thanks render; /thanks is kept out of search results", async () => {
    const contact = await request("/contact");
    expect(contact.status).toBe(200);
    const page = await contact.text();
    expect(page).toContain("Request Intake");
    expect(page).toContain('action="/contact"');
    expect(page).toContain('name="website"');
    expect(page).not.toContain("noindex");
    const thanks = await request("/thanks");
    expect(thanks.status).toBe(200);
    expect(thanks.headers.get("x-robots-tag")).toContain("noindex");
    expect(await thanks.text()).toContain("One business day");
  });
});
