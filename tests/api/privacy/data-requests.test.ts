import { beforeAll, describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { readZip } from "../../helpers/zip";

/**
 * Data-rights requests (issue 11, section 4): recorded with a due date, matched to every intake from the address,
 * exported, erased with receipts and nothing left behind, completed; a completed request keeps no address.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-05-04T14:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", REQUIRE_MFA: "false" },
  { now: () => clock.at },
);
const API = "/api/admin/data-requests";

const DANA = {
  name: "Dana Quillfeather",
  firm: "Quillfeather & Moss LLP",
  email: "Dana.Quill@QuillMoss.example",
  phone: "(312) 555-0188",
  jurisdictions: "Cook County, IL; Quillfeather trusts",
  description: "Quillfeather marker: the boathouse bought through Harbourline LLC in 2022.",
};
const RAVI = { name: "Ravi Okonkwo", email: "ravi@okonkwo.example", firm: "Okonkwo Fiduciary" };

async function intake(fields: Record<string, unknown>): Promise<{ id: number; reference: string }> {
  clock.at = new Date(clock.at.getTime() + 60_000);
  const { id, reference } = await fileIntake({ request, db }, clock.at, fields);
  return { id, reference };
}

let cookie = "";
const get = (path: string) => request(path, withCookie(cookie));
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) =>
  (await (await res).json()) as T;
const count = (sql: string, ...args: number[]) => (db.query(sql).get(...args) as { n: number }).n;
const lastAuditId = () =>
  (db.query("SELECT coalesce(max(id), 0) AS id FROM audit_log").get() as { id: number }).id;
const auditSince = (since: number) =>
  db.query("SELECT event, username, detail FROM audit_log WHERE id > ? ORDER BY id").all(since) as {
    event: string;
    username: string | null;
    detail: string;
  }[];

type Item = {
  id: number;
  kind: string;
  status: string;
  email: string | null;
  receivedAt: string;
  dueAt: string;
  daysLeft: number | null;
  completedAt: string | null;
  intakeCount: number;
};
const items = async () => (await json<{ items: Item[] }>(get(API))).items;

describe("data-rights requests", () => {
  const dana: { id: number; reference: string }[] = [];
  let ravi = { id: 0, reference: "" };
  let deletion = 0;
  let access = 0;
  let receivedAt = "";

  // Before the tests below: two intakes from Dana (one with a note), one from Ravi, a signed-in admin.
  beforeAll(async () => {
    dana.push(await intake(DANA));
    dana.push(await intake({ ...DANA, email: "dana.quill@quillmoss.example" }));
    ravi = await intake(RAVI);
    cookie = await signIn(request, USER, PASSWORD);
    const res = await send("PATCH", `/api/admin/submissions/${dana[0]!.id}`, {
      status: "in-review",
      note: "Quillfeather called about the boathouse.",
    });
    expect(res.status).toBe(200);
    const reply = await send("POST", `/api/admin/submissions/${dana[0]!.id}/replies`, {
      body: "Dear Dana, our quote for the boathouse search follows.",
    });
    expect(reply.status).toBe(201);
    const called = await send("POST", `/api/admin/submissions/${dana[0]!.id}/responses`, {
      channel: "call",
      at: clock.at.toISOString(),
    });
    expect(called.status).toBe(201);
  }, 20_000);

  test("401 without a session, for every call", async () => {
    for (const [method, path] of [
      ["GET", API],
      ["POST", API],
      ["GET", `${API}/1/export`],
      ["POST", `${API}/1/erase`],
      ["POST", `${API}/1/complete`],
    ] as const) {
      const res = await request(path, { ...post({ email: "a@b.example", kind: "access" }), method });
      expect(res.status).toBe(401);
    }
  });

  test("bad input: a message per field, nothing recorded", async () => {
    const res = await send("POST", API, { email: "not an address", kind: "forget-me" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        email: ["Enter the email address the person wrote from"],
        kind: ["Choose what the person asks for: access, correction, deletion or opt-out"],
      },
    });
    expect((await send("POST", API, "[1,2]")).status).toBe(422);
    expect(count("SELECT count(*) AS n FROM data_requests")).toBe(0);
  });

  test("a request is due 30 days after receipt and names every intake from the address, exactly", async () => {
    clock.at = new Date("2026-05-05T09:30:00.000Z");
    receivedAt = clock.at.toISOString();
    cookie = await signIn(request, USER, PASSWORD);
    const since = lastAuditId();
    const res = await send("POST", API, { email: "  DANA.QUILL@quillmoss.EXAMPLE ", kind: "deletion" });
    expect(res.status).toBe(201);
    const body = await json<{ id: number; dueAt: string; references: string[] }>(res);
    expect(body.dueAt).toBe("2026-06-04T09:30:00.000Z");
    expect(body.references).toEqual(dana.map((d) => d.reference));
    deletion = body.id;
    // A similar address is not the same address.
    const other = await json<{ id: number; references: string[] }>(
      send("POST", API, { email: "ravi@okonkwo.example.org", kind: "access" }),
    );
    expect(other.references).toEqual([]);
    const ravis = await json<{ id: number; references: string[] }>(
      send("POST", API, { email: "ravi@okonkwo.example", kind: "access" }),
    );
    expect(ravis.references).toEqual([ravi.reference]);
    access = ravis.id;
    const events = auditSince(since);
    expect(events.map((e) => e.event)).toEqual([
      "data_request.created",
      "data_request.created",
      "data_request.created",
    ]);
    expect(JSON.parse(events[0]!.detail)).toEqual({
      dataRequestId: deletion,
      kind: "deletion",
      intakes: 2,
      dueAt: "2026-06-04T09:30:00.000Z",
    });
  }, 20_000);

  test("the open request's address is stored encrypted, with its keyed hash", () => {
    const row = db
      .query("SELECT email, email_hash AS hash FROM data_requests WHERE id = ?")
      .get(deletion) as {
      email: string;
      hash: string;
    };
    expect(row.email.startsWith("enc:v1:")).toBe(true);
    expect(row.email.toLowerCase()).not.toContain("quill");
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("the list shows status, days left and intake counts; overdue ones go below zero", async () => {
    const list = await items();
    const mine = list.find((i) => i.id === deletion);
    expect(mine).toEqual({
      id: deletion,
      kind: "deletion",
      status: "open",
      email: "dana.quill@quillmoss.example",
      receivedAt,
      dueAt: "2026-06-04T09:30:00.000Z",
      daysLeft: 30,
      completedAt: null,
      intakeCount: 2,
    });
    const daysLeftAt = async (iso: string) => {
      clock.at = new Date(iso);
      cookie = await signIn(request, USER, PASSWORD);
      return (await items()).find((i) => i.id === deletion)?.daysLeft;
    };
    expect(await daysLeftAt("2026-06-03T21:30:00.000Z")).toBe(1);
    expect(await daysLeftAt("2026-06-04T09:30:00.000Z")).toBe(0);
    expect(await daysLeftAt("2026-06-04T10:30:00.000Z")).toBe(-1);
    expect(await daysLeftAt("2026-06-06T12:00:00.000Z")).toBe(-2);
    clock.at = new Date("2026-06-05T10:00:00.000Z");
    cookie = await signIn(request, USER, PASSWORD);
    expect((await items()).find((i) => i.id === deletion)?.daysLeft).toBe(-1);
    // Each move of the clock ends the session, and a sign-in hashes a password: slow on a busy machine.
  }, 30_000);

  test("the export is an archive with one JSON file of every intake from the address: every field, notes and mail states", async () => {
    const since = lastAuditId();
    const res = await get(`${API}/${deletion}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="data-request-${deletion}-2026-06-05.zip"`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const archive = readZip(new Uint8Array(await res.arrayBuffer()));
    // No engagement, so no documents: the readable document and its JSON are all there is.
    expect([...archive.keys()]).toEqual([
      `data-request-${deletion}-2026-06-05.html`,
      `data-request-${deletion}-2026-06-05.json`,
    ]);
    const doc = JSON.parse(
      new TextDecoder().decode(archive.get(`data-request-${deletion}-2026-06-05.json`)),
    ) as {
      request: { id: number; kind: string; email: string };
      intakes: {
        submission: Record<string, unknown>;
        notes: { body: string }[];
        replies: { subject: string; body: string }[];
        responses: { channel: string; at: string }[];
        mail: { kind: string; state: string }[];
      }[];
    };
    // The archive's name carries the request's number; its rows' ids are the server's (ADR 301).
    expect(doc.request).toMatchObject({
      kind: "deletion",
      email: "dana.quill@quillmoss.example",
    });
    expect(doc.intakes.map((i) => i.submission.reference)).toEqual(dana.map((d) => d.reference));
    expect(doc.intakes[0]!.submission).toMatchObject({
      name: DANA.name,
      firm: DANA.firm,
      email: "dana.quill@quillmoss.example",
      phone: DANA.phone,
      jurisdictions: DANA.jurisdictions,
      description: DANA.description,
      role: "attorney",
      status: "in-review",
      acknowledgment: true,
    });
    expect(doc.intakes[0]!.notes.map((n) => n.body)).toEqual(["Quillfeather called about the boathouse."]);
    expect(doc.intakes[0]!.replies.map((r) => r.body)).toEqual([
      "Dear Dana, our quote for the boathouse search follows.",
    ]);
    // How and when the desk answered them is theirs to see too.
    expect(doc.intakes[0]!.responses.map((r) => r.channel)).toEqual(["call"]);
    expect(doc.intakes[1]!.responses).toEqual([]);
    expect(doc.intakes[0]!.mail.map((m) => [m.kind, m.state])).toEqual([
      ["intake-notification", "pending"],
      ["intake-confirmation", "pending"],
      ["desk-reply", "pending"],
    ]);
    expect(JSON.stringify(doc)).not.toContain("Okonkwo");
    const events = auditSince(since);
    expect(events.map((e) => e.event)).toEqual(["data_request.exported"]);
    expect(JSON.parse(events[0]!.detail)).toEqual({ dataRequestId: deletion, intakes: 2 });
  });

  test("only a deletion request erases; only the other kinds complete without erasing", async () => {
    const erase = await send("POST", `${API}/${access}/erase`);
    expect(erase.status).toBe(409);
    expect(await erase.json()).toEqual({
      error: "Only a deletion request erases intakes; complete the other kinds when answered",
    });
    const complete = await send("POST", `${API}/${deletion}/complete`);
    expect(complete.status).toBe(409);
    expect(await complete.json()).toEqual({
      error: "A deletion request is completed by erasing its intakes",
    });
  });

  test("erase deletes the intakes, their notes and queued mail, leaves a receipt each, and completes the request", async () => {
    const since = lastAuditId();
    const res = await send("POST", `${API}/${deletion}/erase`);
    expect(res.status).toBe(200);
    const body = await json<{ erased: number; references: string[]; request: Item }>(res);
    expect(body.erased).toBe(2);
    expect(body.references).toEqual(dana.map((d) => d.reference));
    expect(body.request).toMatchObject({ status: "completed", daysLeft: null, intakeCount: 2 });

    for (const { id } of dana) {
      expect(count("SELECT count(*) AS n FROM contact_submissions WHERE id = ?", id)).toBe(0);
      expect(count("SELECT count(*) AS n FROM submission_notes WHERE submission_id = ?", id)).toBe(0);
      expect(count("SELECT count(*) AS n FROM submission_replies WHERE submission_id = ?", id)).toBe(0);
      expect(count("SELECT count(*) AS n FROM submission_responses WHERE submission_id = ?", id)).toBe(0);
      expect(count("SELECT count(*) AS n FROM mail_outbox WHERE submission_id = ?", id)).toBe(0);
    }
    expect(count("SELECT count(*) AS n FROM contact_submissions WHERE id = ?", ravi.id)).toBe(1);
    expect(count("SELECT count(*) AS n FROM mail_outbox WHERE submission_id = ?", ravi.id)).toBe(2);

    const events = auditSince(since);
    expect(events.map((e) => e.event)).toEqual([
      "data_request.intake_erased",
      "data_request.intake_erased",
      "data_request.completed",
    ]);
    for (const [i, e] of events.slice(0, 2).entries()) {
      expect(e.username).toBe(USER);
      expect(JSON.parse(e.detail)).toMatchObject({
        dataRequestId: deletion,
        reference: dana[i]!.reference,
        deletedAt: "2026-06-05T10:00:00.000Z",
        rule: `data-rights request ${deletion} (deletion)`,
      });
    }
    expect(JSON.parse(events[2]!.detail)).toEqual({
      dataRequestId: deletion,
      kind: "deletion",
      intakes: 2,
      erased: 2,
      // The processor's payments no request holds whose address was taken off (ADR 285): none here.
      payments: 0,
    });
    // Gone for the desk too: its search (an in-memory index) and the detail no longer know the person.
    const search = async (q: string) =>
      json<{ total: number }>(get(`/api/admin/submissions?q=${encodeURIComponent(q)}`));
    expect((await search("Quillfeather")).total).toBe(0);
    expect((await search("dana.quill@quillmoss.example")).total).toBe(0);
    expect((await search("Okonkwo")).total).toBe(1);
    for (const { id } of dana) expect((await get(`/api/admin/submissions/${id}`)).status).toBe(404);
  });

  test("the completed request keeps only dates, kind, counts and the keyed hash: no address anywhere", () => {
    const row = db.query("SELECT * FROM data_requests WHERE id = ?").get(deletion) as Record<string, unknown>;
    expect(row).toMatchObject({
      kind: "deletion",
      status: "completed",
      email: null,
      completed_at: "2026-06-05T10:00:00.000Z",
      intake_count: 2,
      erased_count: 2,
    });
    expect(String(row.email_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row).toLowerCase()).not.toContain("quill");
    // Nor in the audit log, from any step.
    const audit = db.query("SELECT detail FROM audit_log").all() as { detail: string | null }[];
    for (const { detail } of audit) expect((detail ?? "").toLowerCase()).not.toContain("quill");
  });

  test("a completed request cannot be exported, erased or completed again", async () => {
    for (const [method, path] of [
      ["GET", `${API}/${deletion}/export`],
      ["POST", `${API}/${deletion}/erase`],
      ["POST", `${API}/${deletion}/complete`],
    ] as const) {
      const res = await send(method, path);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: "This request is already completed; a completed request keeps no address",
      });
    }
  });

  test("an access request completes without deleting anything, and forgets the address", async () => {
    const since = lastAuditId();
    const res = await send("POST", `${API}/${access}/complete`);
    expect(res.status).toBe(200);
    expect((await json<{ request: Item }>(res)).request).toMatchObject({
      status: "completed",
      intakeCount: 1,
      completedAt: "2026-06-05T10:00:00.000Z",
    });
    expect(count("SELECT count(*) AS n FROM contact_submissions WHERE id = ?", ravi.id)).toBe(1);
    const row = db.query("SELECT email FROM data_requests WHERE id = ?").get(access) as { email: null };
    expect(row.email).toBeNull();
    expect(auditSince(since).map((e) => e.event)).toEqual(["data_request.completed"]);
    const list = await items();
    expect(list.map((i) => i.status)).toEqual(["open", "completed", "completed"]);
  });

  test("unknown and malformed ids are 404", async () => {
    for (const path of [`${API}/9999/export`, `${API}/abc/export`, `${API}/0/export`]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Data request not found" });
    }
    expect((await send("POST", `${API}/9999/erase`)).status).toBe(404);
    expect((await send("POST", `${API}/-1/complete`)).status).toBe(404);
  });
});
