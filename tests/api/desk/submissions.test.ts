import { beforeAll, describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { fileIntake, validIntake } from "../../helpers/intake";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, db } = makeTestApp(
  // A mail server that is never reached: the outbox counts as configured, and these tests never start it.
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", SMTP_URL: "smtp://127.0.0.1:9" },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";

/** Files an intake through the public API, a minute apart from the previous one; returns its reference. */
async function intake(overrides: Record<string, unknown> = {}): Promise<{ id: number; reference: string }> {
  clock.at = new Date(clock.at.getTime() + 60_000);
  const { id, reference } = await fileIntake({ request, db }, clock.at, overrides);
  return { id, reference };
}

let cookie = "";
const get = (path: string) => request(path, withCookie(cookie));
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) =>
  (await (await res).json()) as T;

type List = {
  items: { id: number; reference: string; name: string; status: string }[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

const auditEvents = (since: number) =>
  (
    db
      .query(
        "SELECT event, username, client_address AS address, detail FROM audit_log WHERE id > ? ORDER BY id",
      )
      .all(since) as { event: string; username: string; address: string; detail: string }[]
  ).map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
const lastAuditId = () =>
  (db.query("SELECT coalesce(max(id), 0) AS id FROM audit_log").get() as { id: number }).id;

const people = {
  dana: { name: "Dana Whitfield", firm: "Whitfield & Moss LLP", email: "dana@whitfieldmoss.example" },
  ravi: {
    name: "Ravi Okafor",
    firm: "Okafor Fiduciary Services",
    email: "ravi@okafor-fiduciary.example",
    role: "fiduciary",
    matterType: "probate-estate",
    desiredService: "transaction-trace",
  },
  lena: {
    name: "Lena Marsh",
    firm: undefined,
    email: "lena.marsh@mailbox.example",
    role: "individual",
    matterType: "other",
    desiredService: "individual-asset-check",
  },
};

describe("the submissions desk API", () => {
  const ids: Record<string, { id: number; reference: string }> = {};

  // Before the tests below: three intakes and a signed-in admin.
  beforeAll(async () => {
    ids.dana = await intake(people.dana);
    ids.ravi = await intake(people.ravi);
    ids.lena = await intake(people.lena);
    cookie = await signIn(request, USER, PASSWORD);
  });

  test("401 without a session, for every call of the desk", async () => {
    for (const [method, path] of [
      ["GET", API],
      ["GET", `${API}/export.csv`],
      ["GET", `${API}/${ids.dana!.id}`],
      ["PATCH", `${API}/${ids.dana!.id}`],
      ["DELETE", `${API}/${ids.dana!.id}`],
      ["POST", `${API}/${ids.dana!.id}/mail/retry`],
    ] as const) {
      const res = await request(path, method === "GET" ? {} : { ...post({ status: "closed" }), method });
      expect({ path, method, status: res.status }).toEqual({ path, method, status: 401 });
      expect(await res.json()).toEqual({ error: "Sign in to continue." });
    }
    expect(db.query("SELECT status FROM contact_submissions WHERE id = ?").get(ids.dana!.id)).toEqual({
      status: "new",
    });
  });

  test("lists newest first with totals and paging", async () => {
    const list = await json<List>(get(API));
    expect(list.items.map((i) => i.name)).toEqual(["Lena Marsh", "Ravi Okafor", "Dana Whitfield"]);
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 25, pageCount: 1 });
    expect(list.items[0]).toMatchObject({ reference: ids.lena!.reference, status: "new", firm: null });

    const first = await json<List>(get(`${API}?pageSize=2`));
    expect(first.items.map((i) => i.name)).toEqual(["Lena Marsh", "Ravi Okafor"]);
    expect(first).toMatchObject({ total: 3, pageCount: 2 });
    const second = await json<List>(get(`${API}?pageSize=2&page=2`));
    expect(second.items.map((i) => i.name)).toEqual(["Dana Whitfield"]);
    const beyond = await json<List>(get(`${API}?pageSize=2&page=3`));
    expect(beyond.items).toEqual([]);
  });

  test("searches name, e-mail and firm, case-insensitively, with % and _ taken literally", async () => {
    const names = async (q: string) =>
      (await json<List>(get(`${API}?q=${encodeURIComponent(q)}`))).items.map((i) => i.name);
    expect(await names("whitfield")).toEqual(["Dana Whitfield"]);
    expect(await names("OKAFOR-FIDUCIARY.example")).toEqual(["Ravi Okafor"]);
    expect(await names("fiduciary services")).toEqual(["Ravi Okafor"]);
    expect(await names("  marsh ")).toEqual(["Lena Marsh"]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect(await names("nobody at all")).toEqual([]);
  });

  test("filters by status, service, role and matter type, together with search", async () => {
    const names = async (qs: string) => (await json<List>(get(`${API}?${qs}`))).items.map((i) => i.name);
    expect(await names("role=fiduciary")).toEqual(["Ravi Okafor"]);
    expect(await names("service=individual-asset-check")).toEqual(["Lena Marsh"]);
    expect(await names("matterType=family-law")).toEqual(["Dana Whitfield"]);
    expect(await names("status=new&role=attorney&q=dana")).toEqual(["Dana Whitfield"]);
    expect(await names("status=closed")).toEqual([]);
    expect(await names("status=&service=&role=&matterType=&q=")).toHaveLength(3);
  });

  test("a bad filter or page is a 422 naming the parameter", async () => {
    const res = await get(`${API}?status=archived&page=0&pageSize=500&role=judge`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        status: ["Choose one of the statuses: New, In review, Quoted, Engaged, Declined or Closed"],
        role: ["Choose one of the listed roles"],
        page: ["Page must be a whole number of 1 or more"],
        pageSize: ["Page size must be a whole number from 1 to 100"],
      },
    });
  });

  test("the detail has every field, the notes and the mail state", async () => {
    const detail = await json<{
      submission: Record<string, unknown>;
      notes: unknown[];
      mail: { kind: string; state: string; attempts: number }[];
      mailConfigured: boolean;
    }>(get(`${API}/${ids.dana!.id}`));
    expect(detail.submission).toMatchObject({
      id: ids.dana!.id,
      reference: ids.dana!.reference,
      name: "Dana Whitfield",
      firm: "Whitfield & Moss LLP",
      email: "dana@whitfieldmoss.example",
      phone: "(312) 555-0199",
      role: "attorney",
      matterType: "family-law",
      subjectType: "both",
      jurisdictions: "Cook County, IL; Delaware entities",
      desiredService: "asset-map",
      acknowledgment: true,
      status: "new",
      emailSent: false,
    });
    expect(detail.submission.description).toStartWith("Divorce, 2023-DR-004512.");
    expect(detail.notes).toEqual([]);
    expect(detail.mail.map((m) => [m.kind, m.state, m.attempts])).toEqual([
      ["intake-notification", "pending", 0],
      ["intake-confirmation", "pending", 0],
    ]);
    expect(detail.mailConfigured).toBe(true);
  });

  test("an unknown or malformed id is a 404", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const res = await get(`${API}/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Submission not found" });
    }
    expect((await send("PATCH", `${API}/999999`, { status: "closed" })).status).toBe(404);
    expect((await send("DELETE", `${API}/999999`)).status).toBe(404);
  });

  test("PATCH changes the status and adds notes, returning the detail", async () => {
    const res = await send("PATCH", `${API}/${ids.dana!.id}`, { status: "in-review" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { submission: { status: string } }).submission.status).toBe("in-review");

    const noted = await json<{ submission: { status: string }; notes: { author: string; body: string }[] }>(
      send("PATCH", `${API}/${ids.dana!.id}`, {
        status: "quoted",
        note: "  Quoted the Asset Map at the standard fee; counsel to confirm by Friday.  ",
      }),
    );
    expect(noted.submission.status).toBe("quoted");
    expect(noted.notes).toEqual([
      expect.objectContaining({
        author: USER,
        body: "Quoted the Asset Map at the standard fee; counsel to confirm by Friday.",
      }),
    ]);
    const onlyNote = await json<{ notes: unknown[] }>(
      send("PATCH", `${API}/${ids.dana!.id}`, { note: "<script>alert(1)</script> kept as text" }),
    );
    expect(onlyNote.notes).toHaveLength(2);
    expect((await json<List>(get(`${API}?status=quoted`))).items.map((i) => i.name)).toEqual([
      "Dana Whitfield",
    ]);
  });

  test("PATCH validation: one message per field, nothing changed", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { status: "archived" },
        { status: ["Choose one of the statuses: New, In review, Quoted, Engaged, Declined or Closed"] },
      ],
      [{ note: "   " }, { note: ["Write a note before adding it"] }],
      [{ note: "x".repeat(4001) }, { note: ["Notes can be at most 4,000 characters"] }],
      [{ note: 12 }, { note: ["Write a note before adding it"] }],
      [{}, { form: ["Change the status or add a note"] }],
      [[], { form: ["Change the status or add a note"] }],
    ];
    for (const [body, errors] of cases) {
      const res = await send("PATCH", `${API}/${ids.ravi!.id}`, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(await res.json()).toEqual({ errors });
    }
    const detail = await json<{ submission: { status: string }; notes: unknown[] }>(
      get(`${API}/${ids.ravi!.id}`),
    );
    expect(detail.submission.status).toBe("new");
    expect(detail.notes).toEqual([]);
  });

  test("PATCH from another site is refused", async () => {
    const res = await request(
      `${API}/${ids.ravi!.id}`,
      withCookie(cookie, {
        ...post({ status: "closed" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
        method: "PATCH",
      }),
    );
    expect(res.status).toBe(403);
  });

  test("the CSV export: every matching row, proper quoting, formulas neutralised", async () => {
    await intake({
      name: '=HYPERLINK("http://evil.example","Open")',
      firm: '@SUM(1+1) "Holdings", Inc.',
      email: "attacker@evil.example",
      jurisdictions: "-2+3; Harris County, TX",
      description: "+cmd|' /C calc'!A0 and a second line\nwith a line break, and a comma.",
    });
    const res = await get(`${API}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte-order mark first, so Excel reads names like "Zoë" correctly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      '"Reference","Submitted at (UTC)","Status","Name","Firm","Email","Phone","Role","Matter type","Subject type","Jurisdictions","Desired service","Description","Acknowledged engagement terms","Emails sent","Email error","Respond by (UTC)","First response (UTC)","Landing page","Referring site","First response by"',
    );
    expect(lines.at(-1)).toBe("");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")"`);
    expect(text).toContain(`"'@SUM(1+1) ""Holdings"", Inc."`);
    expect(text).toContain(`"'-2+3; Harris County, TX"`);
    expect(text).toContain(`"'+cmd|' /C calc'!A0 and a second line\nwith a line break, and a comma."`);
    // Newest first; labels rather than codes; Dana's status as changed above.
    const rows = text.split(/\r\n(?=")/).slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toContain(`"${ids.dana!.reference}"`);
    expect(rows[3]).toContain(
      '"Quoted","Dana Whitfield","Whitfield & Moss LLP","dana@whitfieldmoss.example"',
    );
    expect(rows[3]).toContain('"Attorney","Family law (divorce)","Both"');
    // No cell in the file begins with a formula character.
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });

  test("the export takes the same filters and refuses bad ones", async () => {
    const csv = await (await get(`${API}/export.csv?role=fiduciary`)).text();
    expect(csv.split("\r\n").filter((l) => l.startsWith('"IR-'))).toHaveLength(1);
    expect(csv).toContain("Ravi Okafor");
    expect(csv).not.toContain("Dana Whitfield");
    expect((await get(`${API}/export.csv?status=archived`)).status).toBe(422);
  });

  test("mail retry re-queues failed messages now, and says when there is nothing to retry", async () => {
    const id = ids.lena!.id;
    db.query(
      "UPDATE mail_outbox SET state = 'failed', attempts = 20, last_error = 'Connection refused', next_attempt_at = '2026-03-03T00:00:00.000Z' WHERE submission_id = ?",
    ).run(id);
    const detail = await json<{ mail: { state: string; attempts: number; lastError: string | null }[] }>(
      get(`${API}/${id}`),
    );
    expect(detail.mail.map((m) => m.state)).toEqual(["failed", "failed"]);

    const res = await send("POST", `${API}/${id}/mail/retry`);
    expect(res.status).toBe(200);
    const after = (await res.json()) as {
      mail: { state: string; attempts: number; nextAttemptAt: string }[];
    };
    expect(after.mail.map((m) => [m.state, m.attempts, m.nextAttemptAt])).toEqual([
      ["pending", 0, clock.at.toISOString()],
      ["pending", 0, clock.at.toISOString()],
    ]);

    db.query("UPDATE mail_outbox SET state = 'sent' WHERE submission_id = ?").run(id);
    const none = await send("POST", `${API}/${id}/mail/retry`);
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({
      error: "There is no failed or waiting email to retry for this submission.",
    });
  });

  test("delete removes the submission, its notes and its queued mail", async () => {
    const id = ids.dana!.id;
    const res = await send("DELETE", `${API}/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, reference: ids.dana!.reference });
    const count = (sql: string) => (db.query(sql).get(id) as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM contact_submissions WHERE id = ?")).toBe(0);
    expect(count("SELECT count(*) AS n FROM submission_notes WHERE submission_id = ?")).toBe(0);
    expect(count("SELECT count(*) AS n FROM mail_outbox WHERE submission_id = ?")).toBe(0);
    expect((await get(`${API}/${id}`)).status).toBe(404);
    expect((await send("DELETE", `${API}/${id}`)).status).toBe(404);
  });

  test("every view, export, change and delete is in the audit log, without intake text", async () => {
    const since = lastAuditId();
    const id = ids.ravi!.id;
    await get(`${API}?q=okafor&role=fiduciary`);
    await get(`${API}/${id}`);
    await send("PATCH", `${API}/${id}`, { status: "engaged", note: "Engagement letter signed on March 4." });
    await get(`${API}/export.csv?status=engaged`);
    await send("DELETE", `${API}/${id}`);
    const events = auditEvents(since);
    expect(events.map((e) => e.event)).toEqual([
      "submissions.listed",
      "submission.viewed",
      "submission.status_changed",
      "submission.note_added",
      "submissions.exported",
      "submission.deleted",
    ]);
    for (const e of events) {
      expect(e.username).toBe(USER);
      expect(e.address).toBeString();
    }
    expect(events[0]!.detail).toMatchObject({ search: true, role: "fiduciary", results: 1, total: 1 });
    expect(events[1]!.detail).toEqual({ submissionId: id, reference: ids.ravi!.reference });
    expect(events[2]!.detail).toEqual({ submissionId: id, from: "new", to: "engaged" });
    expect(events[4]!.detail).toMatchObject({ status: "engaged", rows: 1 });
    expect(events[5]!.detail).toEqual({ submissionId: id, reference: ids.ravi!.reference });
    const logged = JSON.stringify(events);
    for (const secret of ["okafor", "Okafor", "Engagement letter signed", "ravi@"]) {
      expect(logged).not.toContain(secret);
    }
    // The admin audit screen's API shows them too.
    const audit = await json<{ entries: { event: string }[] }>(get("/api/admin/audit?limit=6"));
    expect(audit.entries.map((e) => e.event)).toContain("submission.deleted");
  });
});

describe("the desk without a mail server", () => {
  const bare = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });

  test("retry says mail is not configured, and the detail says so too", async () => {
    const res = await bare.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(validIntake(new Date())),
    });
    expect(res.status).toBe(201);
    const c = await signIn(bare.request, USER, PASSWORD);
    const list = (await (await bare.request(API, withCookie(c))).json()) as List;
    const id = list.items[0]!.id;
    const detail = (await (await bare.request(`${API}/${id}`, withCookie(c))).json()) as {
      mailConfigured: boolean;
      submission: { emailError: string };
    };
    expect(detail.mailConfigured).toBe(false);
    expect(detail.submission.emailError).toContain("SMTP_URL is not set");
    const retry = await bare.request(`${API}/${id}/mail/retry`, withCookie(c, post()));
    expect(retry.status).toBe(409);
    expect(await retry.json()).toEqual({
      error: "Mail is not configured on this server (SMTP_URL is not set), so a retry cannot send anything.",
    });
  });
});
