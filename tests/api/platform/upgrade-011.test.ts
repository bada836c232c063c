import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, type Database, migrate, openDatabaseFile } from "../../../src/db";
import { MIGRATIONS } from "../../../src/db/migrations";
import { retentionRepo } from "../../../src/modules/privacy/repo/retention";
import { insertPreviousRequest, previousVersionDatabase } from "../../helpers/earlier-version";

/**
 * The upgrade from the previous release's schema, in place: a file written by that release's migrations and
 * SQL is opened by this version, which migrates it at once.
 */
const dir = mkdtempSync(join(tmpdir(), "tracewell-upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file opened and brought to this migration's version: later migrations have upgrade tests of their own. */
const openAt011 = (file: string) => {
  const db = openDatabaseFile(file);
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= 11),
  );
  return db;
};

const statusEvent = (db: Database, submissionId: number, from: string, to: string, at: string) =>
  db
    .query(
      "INSERT INTO submission_events (submission_id, kind, from_value, to_value, actor, at) VALUES (?, 'status-changed', ?, ?, 'morgan', ?)",
    )
    .run(submissionId, from, to, at);

describe("the last status change of requests stored by the previous release", () => {
  const file = join(dir, "status.db");
  const ids = { noted: 0, old: 0, untouched: 0 };
  previousVersionDatabase(file, (db) => {
    // Declined on 2026-03-01, a note on 2026-04-15 (which moved updated_at).
    ids.noted = insertPreviousRequest(db, { status: "declined", updated_at: "2026-04-15T09:00:00.000Z" });
    statusEvent(db, ids.noted, "new", "in-review", "2026-02-01T09:00:00.000Z");
    statusEvent(db, ids.noted, "in-review", "declined", "2026-03-01T09:00:00.000Z");
    // Closed before status events were kept: updated_at is all it has.
    ids.old = insertPreviousRequest(db, { status: "closed", updated_at: "2026-02-10T09:00:00.000Z" });
    // Never moved from New, though a note moved updated_at.
    ids.untouched = insertPreviousRequest(db, { updated_at: "2026-01-20T09:00:00.000Z" });
  });
  const db = openAt011(file);
  afterAll(() => closeDatabase(db));
  const changedAt = (id: number) =>
    (
      db.query("SELECT status_changed_at AS at FROM contact_submissions WHERE id = ?").get(id) as {
        at: string | null;
      }
    ).at;

  test("is taken from the newest status event, else from updated_at; a request never moved from New has none", () => {
    expect(changedAt(ids.noted)).toBe("2026-03-01T09:00:00.000Z");
    expect(changedAt(ids.old)).toBe("2026-02-10T09:00:00.000Z");
    expect(changedAt(ids.untouched)).toBeNull();
  });

  test("and the purge counts from it: the noted request is due 365 days after it was declined", () => {
    const due = retentionRepo(db, "America/New_York").dueBy("2027-03-01", {
      unengagedDays: 365,
      engagedDays: 2555,
    });
    expect(due.map((d) => [d.id, d.deleteOn, d.lastChangeAt])).toEqual([
      [ids.old, "2027-02-10", "2026-02-10T09:00:00.000Z"],
      [ids.noted, "2027-03-01", "2026-03-01T09:00:00.000Z"],
    ]);
  });
});

describe("ids of the tables the audit log names, in a file from the previous release", () => {
  const file = join(dir, "ids.db");
  /** Each table's rows before the upgrade, by id. */
  const before = new Map<string, Record<string, unknown>[]>();
  const TABLES = [
    "contact_submissions",
    "submission_notes",
    "submission_replies",
    "submission_events",
    "mail_outbox",
    "data_requests",
    "admin_users",
    "sessions",
    "recovery_codes",
    "staff_invitations",
    "articles",
    "case_studies",
    "resources",
    "audit_log",
  ];
  let schemaBefore: { type: string; name: string; tbl_name: string }[] = [];
  const audit = (db: Database, event: string, detail: Record<string, unknown>, userId: number | null = 1) =>
    db
      .query("INSERT INTO audit_log (event, user_id, username, detail) VALUES (?, ?, 'morgan', ?)")
      .run(event, userId, JSON.stringify(detail));

  previousVersionDatabase(file, (db) => {
    db.exec(
      `INSERT INTO admin_users (username, password_hash) VALUES ('morgan', 'h'), ('riley', 'h'), ('sam', 'h')`,
    );
    db.exec("INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('s1', 1, 'x'), ('s2', 2, 'x')");
    db.exec("INSERT INTO recovery_codes (user_id, code_hash) VALUES (2, 'c1'), (2, 'c2')");
    db.exec(`INSERT INTO staff_invitations (email, token_hash, invited_by, invited_by_name, created_at, expires_at,
      accepted_at, accepted_user_id) VALUES ('enc:v1:old', 't1', 1, 'morgan', 'x', 'y', 'z', 2)`);
    // sam was removed; an admin 4 signed in once and was removed before the audit log named them by target.
    db.exec("DELETE FROM admin_users WHERE id = 3");
    audit(db, "staff.removed", { targetId: 3, targetUsername: "sam" });
    audit(db, "admin.login", {}, 4);

    for (let i = 0; i < 5; i++) insertPreviousRequest(db, { status: "in-review" });
    db.exec(`INSERT INTO submission_notes (submission_id, author, body) VALUES (1, 'morgan', 'enc:v1:n'),
      (1, 'morgan', 'enc:v1:n'), (2, 'morgan', 'enc:v1:n')`);
    db.exec(`INSERT INTO submission_replies (submission_id, author, subject, body, created_at) VALUES
      (1, 'morgan', 'enc:v1:s', 'enc:v1:b', 'x'), (2, 'morgan', 'enc:v1:s', 'enc:v1:b', 'x')`);
    db.exec(`INSERT INTO submission_events (submission_id, kind, from_value, to_value, actor, at) VALUES
      (1, 'status-changed', 'new', 'in-review', 'morgan', '2026-01-06T09:00:00.000Z')`);
    db.exec(`INSERT INTO mail_outbox (kind, submission_id, ref_id, dedupe_key, next_attempt_at) VALUES
      ('desk-reply', 1, 1, 'desk-reply:1', 'x'), ('intake-confirmation', 2, NULL, 'intake-confirmation:2', 'x')`);
    // The two newest requests were deleted; the audit log names the newest (5), above every id left (3).
    db.exec("DELETE FROM contact_submissions WHERE id IN (4, 5)");
    audit(db, "submission.deleted", { submissionId: 5, reference: "IR-260105-GONE" });
    // A note deleted with its request named id 7; replies are named up to 2.
    audit(db, "submission.note_added", { submissionId: 5, noteId: 7 });
    audit(db, "submission.reply_sent", { submissionId: 2, replyId: 2 });
    db.exec(`INSERT INTO data_requests (kind, email_hash, received_at, due_at, status, completed_at)
      VALUES ('access', 'h', 'x', 'y', 'completed', 'z')`);
    audit(db, "data_request.completed", { dataRequestId: 1, kind: "access", intakes: 0 });
    db.exec(`INSERT INTO articles (slug, title, description, content, author) VALUES
      ('a', 't', 'd', 'c', 'morgan'), ('b', 't', 'd', 'c', 'morgan')`);
    db.exec("DELETE FROM articles WHERE id = 2");
    audit(db, "article.deleted", { articleId: 2, slug: "b", published: false });
    // No case study is left, but the log names one.
    audit(db, "case_study.deleted", { caseStudyId: 4, published: false });

    for (const table of TABLES)
      before.set(table, db.query(`SELECT * FROM ${table} ORDER BY rowid`).all() as never);
    schemaBefore = db
      .query("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as never;
  });
  const db = openAt011(file);
  afterAll(() => closeDatabase(db));
  const sequence = (table: string) =>
    (db.query("SELECT seq FROM sqlite_sequence WHERE name = ?").get(table) as { seq: number } | null)?.seq;

  test("every row of every table is kept as it was, with every index and trigger", () => {
    for (const table of TABLES) {
      const after = db.query(`SELECT * FROM ${table} ORDER BY rowid`).all();
      // Only contact_submissions gains a column (status_changed_at); every value stored before is unchanged.
      expect({ table, rows: after }).toMatchObject({ table, rows: before.get(table) ?? [] });
      expect(after).toHaveLength(before.get(table)?.length ?? -1);
    }
    const schemaAfter = db
      .query("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all();
    expect(schemaAfter).toEqual(schemaBefore);
    expect(() => db.exec("DELETE FROM audit_log")).toThrow(/append-only/);
  });

  test("the foreign keys still hold and still act: deleting a request or an admin takes what hangs on them", () => {
    expect(db.query("PRAGMA foreign_key_check").all()).toEqual([]);
    db.exec("DELETE FROM contact_submissions WHERE id = 1");
    for (const child of ["submission_notes", "submission_replies", "submission_events", "mail_outbox"]) {
      expect({
        child,
        left: db.query(`SELECT count(*) AS n FROM ${child} WHERE submission_id = 1`).get(),
      }).toEqual({
        child,
        left: { n: 0 },
      });
    }
    db.exec("DELETE FROM admin_users WHERE id = 2");
    expect(db.query("SELECT count(*) AS n FROM sessions WHERE user_id = 2").get()).toEqual({ n: 0 });
    expect(db.query("SELECT count(*) AS n FROM recovery_codes").get()).toEqual({ n: 0 });
    expect(db.query("SELECT accepted_user_id AS u FROM staff_invitations").get()).toEqual({ u: null });
  });

  test("the next id of each table is above the highest it held and the highest the audit log names", () => {
    expect(sequence("contact_submissions")).toBe(5);
    expect(sequence("submission_notes")).toBe(7);
    expect(sequence("submission_replies")).toBe(2);
    expect(sequence("data_requests")).toBe(1);
    expect(sequence("admin_users")).toBe(4);
    expect(sequence("articles")).toBe(2);
    expect(sequence("case_studies")).toBe(4);
    expect(sequence("resources")).toBe(3);
    expect(insertPreviousRequest(db, {})).toBe(6);
    const { id } = db
      .query(
        "INSERT INTO case_studies (title, category, description, challenge, approach, outcome) VALUES ('t', 'c', 'd', 'c', 'a', 'o') RETURNING id",
      )
      .get() as { id: number };
    expect(id).toBe(5);
  });
});
