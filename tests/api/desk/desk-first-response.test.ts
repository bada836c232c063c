import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { DeskOverview, DueStatus } from "../../../src/contracts/desk";
import { migrate, runMigration } from "../../../src/db";
import { MIGRATIONS } from "../../../src/db/migrations";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

// Intakes, a sign-in and mail through a real SMTP server: slow on a busy machine.
setDefaultTimeout(30_000);

/**
 * The one-business-day promise is a response to the client: a reply sent from the desk, or a response staff
 * record as made another way (a call, an e-mail from another account, a meeting). Status changes are the desk's
 * own bookkeeping and stop nothing. The list, the detail, the dashboard, the digest and the export all follow.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0] = freePorts(1);
/** New York is UTC-5 all through these dates. */
const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const clock = { at: ny("2026-11-23 10:00") };
const smtp = smtpServer(SMTP_PORT);
const { request, db, app } = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
  },
  { now: () => clock.at },
);
afterAll(() => smtp.close());

const API = "/api/admin/submissions";
let cookie = "";
const get = (path: string) => request(path, withCookie(cookie));
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
/** Moves the clock and signs in again: a session does not outlive a jump past its idle timeout. */
async function travel(at: Date) {
  clock.at = at;
  cookie = await signIn(request, USER, PASSWORD);
}
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;

type Response_ = { id: number; channel: string; at: string; actor: string };
type Detail = {
  submission: {
    id: number;
    reference: string;
    firstResponseAt: string | null;
    firstResponseBy: string | null;
    due: DueStatus;
  };
  responses: Response_[];
  timeline: { kind: string; at: string; response?: Response_ }[];
};
type List = { items: Detail["submission"][] };

const detail = (id: number) => json<Detail>(get(`${API}/${id}`));
const listed = async (reference: string) =>
  (await json<List>(get(API))).items.find((i) => i.reference === reference);
const overview = () => json<DeskOverview>(get("/api/admin/desk/overview"));
/** The day's digest as sent now (the operator's run), or undefined when nothing waits. */
async function digestText(): Promise<string | undefined> {
  const before = smtp.received.length;
  const result = app.decorator.deskDigest.sendNow();
  if (!result.sent) return undefined;
  await app.decorator.mailOutbox.runOnce();
  return smtp.received.slice(before).find((m) => m.subject?.startsWith("Intake desk"))?.text;
}
/** The export's row for a reference, by column name. */
async function csvRow(reference: string): Promise<Record<string, string>> {
  const text = (await (await get(`${API}/export.csv`)).text()).replace(/^\uFEFF/, "");
  const [header = [], ...rows] = text
    .trim()
    .split("\r\n")
    .map((line) => line.slice(1, -1).split('","'));
  const row = rows.find((r) => r[0] === reference) ?? [];
  return Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""]));
}
const record = (id: number | string, body: unknown) => send("POST", `${API}/${id}/responses`, body);

describe("the first response is a response to the client", () => {
  let moved = { id: 0, reference: "" };

  // Before the tests below: the mail server, a request filed Monday 10:00, a signed-in admin.
  beforeAll(async () => {
    await smtp.listen();
    moved = await fileIntake({ request, db }, ny("2026-11-23 10:00"));
    cookie = await signIn(request, USER, PASSWORD);
  });

  test("moving a request to In review stops nothing: it still waits in the list, detail, dashboard, digest and export", async () => {
    clock.at = ny("2026-11-23 10:01");
    const res = await send("PATCH", `${API}/${moved.id}`, { status: "in-review" });
    expect(res.status).toBe(200);
    const after = (await res.json()) as Detail;
    expect(after.submission).toMatchObject({ firstResponseAt: null, firstResponseBy: null });
    expect(after.submission.due.state).toBe("waiting");

    await travel(ny("2026-11-24 11:00")); // the next day, past the due time
    expect((await detail(moved.id)).submission.due).toMatchObject({
      state: "overdue",
      label: "overdue by 1 business hour",
    });
    expect((await listed(moved.reference))?.due.state).toBe("overdue");
    const o = await overview();
    expect(o.waiting.map((w) => w.reference)).toContain(moved.reference);
    expect(o.counts).toMatchObject({ waiting: 1, overdue: 1 });
    expect(o.firstResponse.answered).toBe(0);
    expect(await digestText()).toContain(moved.reference);
    expect(await csvRow(moved.reference)).toMatchObject({
      Status: "In review",
      "First response (UTC)": "",
      "First response by": "",
    });
  });

  test("a call recorded with its time stops the clock at that time, audited, and every view follows", async () => {
    await travel(ny("2026-11-24 12:00"));
    const res = await record(moved.id, { channel: "call", at: ny("2026-11-24 11:40").toISOString() });
    expect(res.status).toBe(201);
    const d = (await res.json()) as Detail;
    expect(d.submission).toMatchObject({
      firstResponseAt: ny("2026-11-24 11:40").toISOString(),
      firstResponseBy: "call",
      // Monday 10:00-17:00 and Tuesday 09:00-11:40: 9 h 40 m of business time, after the due time.
      due: { state: "answered", label: "answered in 9 h 40 m", late: true },
    });
    expect(d.responses).toEqual([
      { id: expect.any(Number), channel: "call", at: ny("2026-11-24 11:40").toISOString(), actor: USER },
    ]);
    const entry = d.timeline.find((e) => e.kind === "response");
    expect(entry).toMatchObject({ at: ny("2026-11-24 11:40").toISOString(), response: { channel: "call" } });

    expect((await listed(moved.reference))?.due).toMatchObject({ state: "answered", late: true });
    const o = await overview();
    expect(o.waiting.map((w) => w.reference)).not.toContain(moved.reference);
    expect(o.counts).toMatchObject({ waiting: 0, overdue: 0 });
    expect(o.firstResponse).toMatchObject({ answered: 1, medianMinutes: 580, medianLabel: "9 h 40 m" });
    expect(await digestText()).toBeUndefined();
    expect(await csvRow(moved.reference)).toMatchObject({
      "First response (UTC)": ny("2026-11-24 11:40").toISOString(),
      "First response by": "Phone call",
    });

    const audit = db
      .query("SELECT username, detail FROM audit_log WHERE event = 'submission.response_recorded'")
      .all() as { username: string; detail: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]?.username).toBe(USER);
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toEqual({
      submissionId: moved.id,
      responseId: d.responses[0]?.id,
      channel: "call",
      at: ny("2026-11-24 11:40").toISOString(),
    });
  });

  test("the earliest response is the first: a later reply keeps the call, an earlier meeting replaces a reply", async () => {
    await travel(ny("2026-11-24 13:00"));
    await send("POST", `${API}/${moved.id}/replies`, { body: "Following up on our call this morning." });
    expect((await detail(moved.id)).submission).toMatchObject({
      firstResponseAt: ny("2026-11-24 11:40").toISOString(),
      firstResponseBy: "call",
    });

    const other = await fileIntake({ request, db }, ny("2026-11-24 13:00"));
    await travel(ny("2026-11-24 15:00"));
    await send("POST", `${API}/${other.id}/replies`, { body: "Thank you for your request." });
    expect((await detail(other.id)).submission).toMatchObject({
      firstResponseAt: ny("2026-11-24 15:00").toISOString(),
      firstResponseBy: "reply",
    });
    // They had met at the firm's office at 14:00, before the reply went out.
    const res = await record(other.id, { channel: "meeting", at: ny("2026-11-24 14:00").toISOString() });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Detail).submission).toMatchObject({
      firstResponseAt: ny("2026-11-24 14:00").toISOString(),
      firstResponseBy: "meeting",
      due: { label: "answered in 1 h" },
    });
    // A response after the first is kept in the history and moves nothing.
    const later = await record(other.id, {
      channel: "other-email",
      at: ny("2026-11-24 14:30").toISOString(),
    });
    const d = (await later.json()) as Detail;
    expect(d.submission.firstResponseBy).toBe("meeting");
    expect(d.responses.map((r) => r.channel)).toEqual(["meeting", "other-email"]);
  });

  test("a first response kept from a status change (an upgraded desk) reads as not recorded, stays out of the figures, and gives way to a real one", async () => {
    await travel(ny("2026-11-24 16:00"));
    const old = await fileIntake({ request, db }, ny("2026-11-24 16:00"));
    db.query(
      "UPDATE contact_submissions SET status = 'closed', first_response_at = ?, first_response_by = 'status-change' WHERE id = ?",
    ).run(ny("2026-11-24 16:01").toISOString(), old.id);
    expect((await listed(old.reference))?.due).toMatchObject({
      state: "answered",
      label: "response not recorded",
      late: false,
    });
    const before = (await overview()).firstResponse.answered;
    expect(before).toBe(2); // the call and the meeting above; not this one
    expect(await csvRow(old.reference)).toMatchObject({
      "First response by": "Status change (how is not recorded)",
    });

    // Staff remember the call they made: that is known, and replaces the guess even though it came later.
    await travel(ny("2026-11-24 16:30"));
    const res = await record(old.id, { channel: "call", at: ny("2026-11-24 16:20").toISOString() });
    expect(((await res.json()) as Detail).submission).toMatchObject({
      firstResponseAt: ny("2026-11-24 16:20").toISOString(),
      firstResponseBy: "call",
      due: { label: "answered in 20 m" },
    });
    expect((await overview()).firstResponse.answered).toBe(before + 1);
  });

  test("a time in the minute the request arrived counts as its arrival: staff enter whole minutes", async () => {
    clock.at = new Date(ny("2026-11-24 16:40").getTime() + 37_000);
    const quick = await fileIntake({ request, db }, clock.at);
    await travel(ny("2026-11-24 16:41"));
    expect(
      (await record(quick.id, { channel: "call", at: ny("2026-11-24 16:39").toISOString() })).status,
    ).toBe(422);
    const res = await record(quick.id, { channel: "call", at: ny("2026-11-24 16:40").toISOString() });
    expect(res.status).toBe(201);
    const d = (await res.json()) as Detail;
    expect(d.submission.firstResponseAt).toBe(
      new Date(ny("2026-11-24 16:40").getTime() + 37_000).toISOString(),
    );
    expect(d.submission.due.label).toBe("answered in under a minute");
    expect(d.responses[0]?.at).toBe(d.submission.firstResponseAt ?? "");
  });

  test("bad input gets a 4xx with a message per field, and nothing is recorded", async () => {
    await travel(ny("2026-11-24 16:00"));
    const fresh = await fileIntake({ request, db }, ny("2026-11-24 15:30"));
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { channel: "carrier-pigeon", at: ny("2026-11-24 15:45").toISOString() },
        { channel: ["Choose how you responded: a phone call, an email from another account or a meeting"] },
      ],
      [{ channel: "call" }, { at: ["Enter when you responded, with its date and time"] }],
      [
        { channel: "call", at: "yesterday afternoon" },
        { at: ["Enter when you responded, with its date and time"] },
      ],
      [
        { channel: "call", at: "2026-11-24T15:45" },
        { at: ["Enter when you responded, with its date and time"] },
      ],
      [{ channel: "call", at: "2026-02-30T15:45:00Z" }, { at: ["There is no 2026-02-30 on the calendar"] }],
      [
        { channel: "call", at: ny("2026-11-24 16:05").toISOString() },
        { at: ["A response cannot be in the future"] },
      ],
      [
        { channel: "call", at: ny("2026-11-24 15:29").toISOString() },
        { at: ["A response cannot be before the request arrived"] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await record(fresh.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(await res.json()).toEqual({ errors });
    }
    expect((await record(fresh.id, "call")).status).toBe(422);
    const malformed = await request(
      `${API}/${fresh.id}/responses`,
      withCookie(cookie, {
        ...post(),
        headers: { ...post().headers, "content-type": "application/json" },
        body: "{",
      }),
    );
    expect(malformed.status).toBe(400);
    expect((await record(999_999, { channel: "call", at: clock.at.toISOString() })).status).toBe(404);
    expect((await record("abc", { channel: "call", at: clock.at.toISOString() })).status).toBe(404);
    const signedOut = await request(
      `${API}/${fresh.id}/responses`,
      post({ channel: "call", at: clock.at.toISOString() }),
    );
    expect(signedOut.status).toBe(401);

    const d = await detail(fresh.id);
    expect(d.responses).toEqual([]);
    expect(d.submission.firstResponseAt).toBeNull();
    // A response at the very minute of the check is not in the future.
    expect((await record(fresh.id, { channel: "call", at: clock.at.toISOString() })).status).toBe(201);
  });
});

describe("upgrading a desk whose first responses were set by status changes", () => {
  const mine = MIGRATIONS.find((m) => m.name === "first-response")?.version ?? 0;

  test("a reply sets the first response; without one, open requests wait again and finished ones are marked", () => {
    const old = new Database(":memory:", { strict: true });
    for (const m of MIGRATIONS.filter((m) => m.version < mine)) runMigration(old, m);
    old.exec(`PRAGMA user_version = ${MIGRATIONS.filter((m) => m.version < mine).at(-1)?.version}`);
    const insert = old.prepare(
      `INSERT INTO contact_submissions (id, reference, name, email, phone, role, matter_type, subject_type,
         jurisdictions, desired_service, description, submitted_at, status, first_response_at)
       VALUES (?, ?, 'A', 'a@example.com', '5555550100', 'attorney', 'commercial', 'entity', 'NY', 'asset-map',
         'An older request', '2026-11-02T15:00:00.000Z', ?, ?)`,
    );
    const moved = "2026-11-02T15:01:00.000Z";
    insert.run(1, "TW-OLD-1", "in-review", moved); // moved on a minute after arrival, no reply
    insert.run(2, "TW-OLD-2", "in-review", moved); // moved on, then replied to
    insert.run(3, "TW-OLD-3", "closed", moved); // finished, no reply from the desk
    insert.run(4, "TW-OLD-4", "quoted", moved); // quoted (by phone or from another mailbox)
    insert.run(5, "TW-OLD-5", "new", null); // never touched
    insert.run(6, "TW-OLD-6", "new", moved); // moved on and back to New
    const reply = old.prepare(
      "INSERT INTO submission_replies (submission_id, author, subject, body, created_at) VALUES (?, 'morgan', 's', 'b', ?)",
    );
    reply.run(2, "2026-11-02T19:00:00.000Z");
    reply.run(2, "2026-11-03T10:00:00.000Z");

    migrate(old);
    const rows = old
      .query(
        "SELECT reference, status, first_response_at AS at, first_response_by AS by FROM contact_submissions ORDER BY id",
      )
      .all();
    expect(rows).toEqual([
      { reference: "TW-OLD-1", status: "in-review", at: null, by: null },
      { reference: "TW-OLD-2", status: "in-review", at: "2026-11-02T19:00:00.000Z", by: "reply" },
      { reference: "TW-OLD-3", status: "closed", at: moved, by: "status-change" },
      { reference: "TW-OLD-4", status: "quoted", at: moved, by: "status-change" },
      { reference: "TW-OLD-5", status: "new", at: null, by: null },
      { reference: "TW-OLD-6", status: "new", at: null, by: null },
    ]);
    // A response can be recorded at once, and only of a known kind.
    old.exec(
      "INSERT INTO submission_responses (submission_id, channel, responded_at, actor, created_at) VALUES (1, 'call', 'x', 'morgan', 'x')",
    );
    expect(() =>
      old.exec(
        "INSERT INTO submission_responses (submission_id, channel, responded_at, actor, created_at) VALUES (1, 'fax', 'x', 'morgan', 'x')",
      ),
    ).toThrow();
    old.close();
  });
});
