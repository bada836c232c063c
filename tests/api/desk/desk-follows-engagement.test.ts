import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { migrate, runMigration } from "../../../src/db";
import { MIGRATIONS } from "../../../src/db/migrations";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { DRAFT, deliverReport, freshSession, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

/**
 * The desk follows the engagement (ADR 227): the engagement letter sent to the client is the firm's first
 * response, so a request whose letter went out (or was signed) is not "waiting for a first response"; and once
 * the report is delivered, no place that shows due times (list, detail, dashboard, digest) shows its delivery
 * as due, while the client's portal says the work is delivered.
 */
const [SMTP_PORT = 0] = freePorts(1);
// Intakes, sealed signatures, a report and the digest's mail: slow on a busy machine.
setDefaultTimeout(30_000);

const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const clock = { at: ny("2026-11-16 09:30") };
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const smtp = smtpServer(SMTP_PORT);
const t = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
  },
  { now: () => clock.at },
);
afterAll(() => smtp.close());

type Due = { state: string; label: string };
type Summary = {
  id: number;
  reference: string;
  firstResponseAt: string | null;
  firstResponseBy: string | null;
  due: Due;
  delivery: Due | null;
  engagement: { stage: string; at: string | null; endsOn: string | null } | null;
};
type Request = { id: number; reference: string };

let admin = "";
/** Filed Monday 09:30, nothing done since: the one that really waits. */
let untouched: Request;
/** Its engagement letter sent Monday 10:00, not signed. */
let lettered: Request;
/** Signed, paid in full: its delivery is owed. */
let signed: Request;
let signedEngagement = 0;
/** Replied to at 09:45, the letter sent at 10:00: the reply stays its first response. */
let replied: Request;

const get = async <T>(path: string) => (await (await t.request(path, withCookie(admin))).json()) as T;
const detail = async (r: Request) => (await get<{ submission: Summary }>(`${API}/${r.id}`)).submission;
const list = async (query = "") => (await get<{ items: Summary[] }>(`${API}?pageSize=100${query}`)).items;
const overview = () =>
  get<{
    waiting: { reference: string }[];
    counts: { waiting: number; overdue: number; deliveriesDue: number; deliveriesOverdue: number };
    deliveries: { reference: string }[];
  }>("/api/admin/desk/overview");
/** Today's digest as the desk receives it, sent now whatever the hour. */
async function digest() {
  const before = smtp.received.length;
  t.app.decorator.deskDigest.sendNow();
  await t.app.decorator.mailOutbox.runOnce();
  return smtp.received
    .slice(before)
    .filter((m) => m.subject?.startsWith("Intake desk"))
    .map((m) => m.text ?? "")
    .join("\n");
}
/** The digest's sections: each title line with the references listed under it. */
const sections = (text: string) =>
  Object.fromEntries(
    text
      .split("\n\n")
      .map((block) => block.split("\n"))
      .filter(([title]) => /\(\d+\)$/.test(title ?? ""))
      .map(([title, ...lines]) => [
        title?.replace(/ \(\d+\)$/, ""),
        lines.flatMap((l) => /^- (\S+)/.exec(l)?.[1] ?? []),
      ]),
  );

beforeAll(async () => {
  await smtp.listen();
  untouched = await fileIntake(t, clock.at, { email: "ravi@untouched.example" });
  lettered = await fileIntake(t, clock.at, { email: "lee@lettered.example" });
  replied = await fileIntake(t, clock.at, { email: "kim@replied.example" });
  admin = await signIn(t.request, USER, PASSWORD);
  clock.at = ny("2026-11-16 09:45");
  const reply = await t.request(
    `${API}/${replied.id}/replies`,
    withCookie(admin, post({ body: "Thank you: we will call you this morning." })),
  );
  expect(reply.status).toBe(201);

  clock.at = ny("2026-11-16 10:00");
  for (const r of [lettered, replied]) {
    const put = { ...post(DRAFT), method: "PUT" };
    expect((await t.request(`${API}/${r.id}/engagement`, withCookie(admin, put))).status).toBe(200);
    expect((await t.request(`${API}/${r.id}/engagement/send`, withCookie(admin, post()))).status).toBe(200);
  }
  const client = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
  signed = client.submission;
  signedEngagement = client.engagementId;
  const paid = await t.request(
    `${API}/${signed.id}/engagement/payments`,
    withCookie(admin, post({ amountCents: DRAFT.feeCents, receivedOn: "2026-11-16", method: "wire" })),
  );
  expect(paid.status).toBe(201);
  await t.app.decorator.mailOutbox.runOnce();
});

describe("the desk follows the engagement", () => {
  test("the engagement letter sent to the client is the firm's first response; an earlier reply stays first", async () => {
    const sentAt = ny("2026-11-16 10:00").toISOString();
    expect(await detail(lettered)).toMatchObject({
      firstResponseAt: sentAt,
      firstResponseBy: "engagement-letter",
      due: { state: "answered", label: "answered in 30 m" },
    });
    expect(await detail(signed)).toMatchObject({
      firstResponseAt: sentAt,
      firstResponseBy: "engagement-letter",
      due: { state: "answered" },
    });
    expect(await detail(replied)).toMatchObject({
      firstResponseAt: ny("2026-11-16 09:45").toISOString(),
      firstResponseBy: "reply",
    });
  });

  test("a request whose letter went out, or was signed, is not waiting for a first response anywhere", async () => {
    // Tuesday noon: a request filed Monday 09:30 and never answered is overdue.
    clock.at = ny("2026-11-17 12:00");
    admin = await signIn(t.request, USER, PASSWORD);
    const waitingIn = {
      overdueFilter: (await list("&overdue=1")).map((s) => s.reference),
      listStates: Object.fromEntries((await list()).map((s) => [s.reference, s.due.state])),
      dashboard: (await overview()).waiting.map((w) => w.reference),
      dashboardCounts: (await overview()).counts.waiting,
    };
    const morning = sections(await digest());
    expect(waitingIn).toEqual({
      overdueFilter: [untouched.reference],
      listStates: {
        [untouched.reference]: "overdue",
        [lettered.reference]: "answered",
        [signed.reference]: "answered",
        [replied.reference]: "answered",
      },
      dashboard: [untouched.reference],
      dashboardCounts: 1,
    });
    expect({ overdue: morning.Overdue, dueToday: morning["Due today"] }).toEqual({
      overdue: [untouched.reference],
      dueToday: undefined,
    });
  });

  test("the list says where each request's engagement stands: none, the letter sent, paid with work under way", async () => {
    const stages = Object.fromEntries((await list()).map((s) => [s.reference, s.engagement]));
    const sentAt = ny("2026-11-16 10:00").toISOString();
    expect(stages).toEqual({
      [untouched.reference]: null,
      [lettered.reference]: { stage: "sent", at: sentAt, endsOn: null },
      [replied.reference]: { stage: "sent", at: sentAt, endsOn: null },
      [signed.reference]: { stage: "paid", at: expect.any(String), endsOn: null },
    });
  });

  test("once the report is delivered, no delivery is due in the list, the detail, the dashboard or the digest", async () => {
    // Monday noon: the delivery was due at 10:00 (five business days from the work's start) and is overdue.
    clock.at = ny("2026-11-23 12:00");
    admin = await signIn(t.request, USER, PASSWORD);
    expect((await detail(signed)).delivery).toMatchObject({ state: "overdue" });
    expect(sections(await digest())["Deliveries overdue"]).toEqual([signed.reference]);
    await deliverReport(t, admin, signed.id);

    const row = (await list()).find((s) => s.id === signed.id);
    const board = await overview();
    const morning = sections(await digest());
    expect(row?.engagement?.stage).toBe("delivered");
    expect({
      list: row?.delivery,
      detail: (await detail(signed)).delivery,
      dashboard: board.deliveries.map((d) => d.reference),
      counts: { due: board.counts.deliveriesDue, overdue: board.counts.deliveriesOverdue },
      digest: Object.keys(morning).filter((title) => title.startsWith("Deliveries")),
    }).toEqual({ list: null, detail: null, dashboard: [], counts: { due: 0, overdue: 0 }, digest: [] });
  });

  test("the client's portal says the work is delivered, and no longer when delivery is due", async () => {
    // In again by a fresh link: the session of last Monday has long ended, and its link opened it once.
    const cookie = await freshSession(t, admin, { submission: signed, engagementId: signedEngagement });
    const res = await t.request("/portal", { headers: { cookie, accept: "text/html" } });
    expect(res.status).toBe(200);
    const text = (await res.text())
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Your report is delivered");
    expect(text).toMatch(/Delivered \d{1,2} [A-Z][a-z]{2} 2026, \d{1,2}:\d{2} [AP]M E[SD]T/);
    expect(text).not.toContain("delivery is due");
    expect(text).not.toContain("Work has started");
  });
});

describe("upgrading a desk whose engagement letters went out before they counted", () => {
  const mine = MIGRATIONS.find((m) => m.name === "first-response-by-engagement-letter")?.version ?? 0;

  test("the earliest letter sent becomes the first response where none, a later one or a status change stood", () => {
    const old = new Database(":memory:", { strict: true });
    const before = MIGRATIONS.filter((m) => m.version < mine);
    for (const m of before) runMigration(old, m);
    old.exec(`PRAGMA user_version = ${before.at(-1)?.version}`);
    const request = old.prepare(
      `INSERT INTO contact_submissions (id, reference, name, email, phone, role, matter_type, subject_type,
         jurisdictions, desired_service, description, submitted_at, status, first_response_at, first_response_by)
       VALUES (?, ?, 'A', 'a@example.com', '5555550100', 'attorney', 'commercial', 'entity', 'NY', 'asset-map',
         'An older request', '2026-11-02T15:00:00.000Z', ?, ?, ?)`,
    );
    const engagement = old.prepare(
      `INSERT INTO engagements (id, submission_id, scope, fee_cents, fee_kind, turnaround_business_days, status,
         sent_at, signed_at, created_at, updated_at)
       VALUES (?, ?, 'scope', 100, 'flat', 5, ?, ?, ?, '2026-11-02T15:00:00.000Z', '2026-11-02T15:00:00.000Z')`,
    );
    const sent = old.prepare(
      "INSERT INTO engagement_events (engagement_id, kind, at, prev_hash, hash) VALUES (?, 'sent', ?, 'p', 'h')",
    );
    const first = "2026-11-02T16:00:00.000Z";
    const again = "2026-11-05T09:00:00.000Z"; // a fresh link the client asked for
    request.run(1, "TW-OLD-1", "quoted", null, null); // letter sent, never answered otherwise
    request.run(2, "TW-OLD-2", "engaged", first.replace("16:00", "15:30"), "call"); // a call came first
    request.run(3, "TW-OLD-3", "engaged", "2026-11-03T10:00:00.000Z", "reply"); // the letter came first
    request.run(4, "TW-OLD-4", "engaged", "2026-11-02T15:01:00.000Z", "status-change");
    request.run(5, "TW-OLD-5", "new", null, null); // a draft only: nothing was sent
    for (const id of [1, 2, 3, 4]) {
      engagement.run(id, id, id === 1 ? "sent" : "signed", again, id === 1 ? null : again);
      sent.run(id, first);
      sent.run(id, again);
    }
    engagement.run(5, 5, "draft", null, null);

    migrate(old);
    expect(
      old
        .query(
          "SELECT reference, first_response_at AS at, first_response_by AS by FROM contact_submissions ORDER BY id",
        )
        .all(),
    ).toEqual([
      { reference: "TW-OLD-1", at: first, by: "engagement-letter" },
      { reference: "TW-OLD-2", at: "2026-11-02T15:30:00.000Z", by: "call" },
      { reference: "TW-OLD-3", at: first, by: "engagement-letter" },
      { reference: "TW-OLD-4", at: first, by: "engagement-letter" },
      { reference: "TW-OLD-5", at: null, by: null },
    ]);
    // The column still refuses what is no way of answering.
    expect(() => old.exec("UPDATE contact_submissions SET first_response_by = 'fax' WHERE id = 5")).toThrow();
    old.close();
  });
});
