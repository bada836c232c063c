import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, migrate, openDatabaseFile, runMigration } from "../../../src/db";
import { MIGRATIONS } from "../../../src/db/migrations";
import { insertPreviousRequest } from "../../helpers/earlier-version";

/**
 * The upgrade that numbers every table with AUTOINCREMENT (migration 027, issue: mail, ids, headers, item 16),
 * in place, over a file as the release before it left it, with rows in every table it rebuilds, children that
 * hang on them, and what other migrations before it may have added: a column, a table of their own, a view and
 * a trigger elsewhere that name a rebuilt table.
 */
const VERSION = MIGRATIONS.find((m) => m.name === "ids-never-reused")?.version ?? 0;
const dir = mkdtempSync(join(tmpdir(), "tracewell-upgrade-027-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tables the upgrade rebuilds here, and the children that name them. */
const REBUILT = [
  "engagements",
  "engagement_events",
  "engagement_payments",
  "mail_outbox",
  "audit_log",
  "recovery_codes",
  "submission_events",
  "engagement_reminders",
];
const KEPT = [
  "contact_submissions",
  "portal_sessions",
  "consultations",
  "consultation_changes",
  "documents",
  "admin_users",
];

type Shape = Record<string, unknown>;
/** What a table is, apart from its stored text: columns, foreign keys, indexes (with their SQL), its rows. */
function shapeOf(db: Database, table: string): Shape {
  const indexes = db.query(`PRAGMA index_list("${table}")`).all() as {
    name: string;
    unique: number;
    origin: string;
  }[];
  return {
    columns: db.query(`PRAGMA table_xinfo("${table}")`).all(),
    foreignKeys: db.query(`PRAGMA foreign_key_list("${table}")`).all(),
    indexes: indexes
      .map((i) => ({
        ...i,
        columns: db.query(`PRAGMA index_info("${i.name}")`).all(),
        sql: (db.query("SELECT sql FROM sqlite_master WHERE name = ?").get(i.name) as { sql: string | null })
          .sql,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    rows: db.query(`SELECT * FROM "${table}" ORDER BY rowid`).all(),
  };
}
const triggersAndViews = (db: Database) =>
  db
    .query(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name",
    )
    .all();
const count = (db: Database, sql: string, ...args: number[]) =>
  (db.query(`SELECT count(*) AS n FROM ${sql}`).get(...args) as { n: number }).n;

describe(`ids in a file from the release before migration ${VERSION}`, () => {
  const file = join(dir, "before.db");
  const before = new Map<string, Shape>();
  let schemaBefore: unknown[] = [];
  const ids = { request: 0, other: 0, engagement: 0, admin: 0 };

  {
    const old = new Database(file, { create: true, strict: true });
    old.exec("PRAGMA journal_mode = WAL");
    old.exec("PRAGMA foreign_keys = ON");
    for (const m of MIGRATIONS.filter((m) => m.version < VERSION)) {
      old.transaction(() => {
        runMigration(old, m);
        old.exec(`PRAGMA user_version = ${m.version}`);
      })();
    }
    // What another migration before this one may have added: a column, a table numbered without
    // AUTOINCREMENT that names engagements, a view over them and a trigger elsewhere that writes to them.
    old.exec(`ALTER TABLE engagements ADD COLUMN withdrawn_at TEXT;
      CREATE TABLE engagement_reminders (
        id INTEGER PRIMARY KEY,
        engagement_id INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE
      ) STRICT;
      CREATE INDEX engagement_reminders_engagement ON engagement_reminders (engagement_id);
      CREATE VIEW engagement_payment_totals AS
        SELECT e.id AS engagement_id, coalesce(sum(p.amount_cents), 0) AS paid
        FROM engagements e LEFT JOIN engagement_payments p ON p.engagement_id = e.id GROUP BY e.id;
      CREATE TRIGGER engagement_reminders_touch AFTER INSERT ON engagement_reminders BEGIN
        UPDATE engagements SET updated_at = 'touched' WHERE id = NEW.engagement_id;
      END;`);

    old.exec("INSERT INTO admin_users (username, password_hash) VALUES ('morgan', 'h'), ('riley', 'h')");
    ids.admin = 2;
    old.exec("INSERT INTO recovery_codes (user_id, code_hash) VALUES (2, 'c1'), (2, 'c2'), (2, 'c3')");
    old.exec("DELETE FROM recovery_codes WHERE id = 3");
    ids.request = insertPreviousRequest(old, { status: "engaged" });
    ids.other = insertPreviousRequest(old, {});
    const engagement = (submissionId: number) =>
      (
        old
          .query(
            `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, turnaround_business_days,
               status, created_at, updated_at) VALUES (?, 'enc:v1:s', 350000, 'flat', 5, 'sent', 'x', 'x') RETURNING id`,
          )
          .get(submissionId) as { id: number }
      ).id;
    ids.engagement = engagement(ids.request);
    const gone = engagement(ids.other);
    for (const e of [ids.engagement, gone]) {
      old
        .query(
          "INSERT INTO engagement_events (engagement_id, kind, at, prev_hash, hash) VALUES (?, 'sent', 'x', 'p', 'h'), (?, 'opened', 'y', 'h', 'h2')",
        )
        .run(e, e);
      old
        .query(
          `INSERT INTO engagement_payments (engagement_id, amount_cents, received_on, method, recorded_by, created_at)
           VALUES (?, 100000, '2026-11-16', 'enc:v1:m', 'morgan', 'x')`,
        )
        .run(e);
      old
        .query(
          "INSERT INTO mail_outbox (kind, submission_id, ref_id, dedupe_key, next_attempt_at) VALUES ('portal-link', ?, ?, ?, 'x')",
        )
        .run(e === gone ? ids.other : ids.request, e, `portal-link:${e}`);
      old.query("INSERT INTO engagement_reminders (engagement_id, token_hash) VALUES (?, ?)").run(e, `t${e}`);
      old
        .query(
          "INSERT INTO portal_sessions (id_hash, engagement_id, created_at, last_seen_at) VALUES (?, ?, 'x', 'x')",
        )
        .run(`s${e}`, e);
    }
    old.exec(`INSERT INTO consultations (engagement_id, uid, starts_at, created_at, updated_at)
      VALUES (${ids.engagement}, 'u1', 'x', 'x', 'x')`);
    old.exec(
      "INSERT INTO consultation_changes (consultation_id, kind, starts_at, sequence, at) VALUES (1, 'booked', 'x', 0, 'x')",
    );
    old.exec(`INSERT INTO documents (public_id, engagement_id, direction, file_id, file_key, name, size, created_at)
      VALUES ('d1', ${ids.engagement}, 'client', 'f1', 'k', 'enc:v1:n', 10, 'x')`);
    old.exec(`INSERT INTO submission_events (submission_id, kind, from_value, to_value, actor, at) VALUES
      (${ids.request}, 'status-changed', 'new', 'engaged', 'morgan', 'x'),
      (${ids.other}, 'status-changed', 'new', 'in-review', 'morgan', 'x')`);
    old.exec(
      "INSERT INTO audit_log (event, user_id, username, detail) VALUES ('admin.login', 1, 'morgan', '{}')",
    );
    // The newest request was deleted, and with it its engagement and all that hung on it.
    old.query("DELETE FROM contact_submissions WHERE id = ?").run(ids.other);
    for (const table of [...REBUILT, ...KEPT]) before.set(table, shapeOf(old, table));
    schemaBefore = triggersAndViews(old);
    old.close();
  }

  const db = openDatabaseFile(file);
  const applied = migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= VERSION),
  );
  afterAll(() => closeDatabase(db));
  const sequence = (table: string) =>
    (db.query("SELECT seq FROM sqlite_sequence WHERE name = ?").get(table) as { seq: number } | null)?.seq;

  test("every table it rebuilds is now AUTOINCREMENT; the rest are untouched", () => {
    expect(applied).toBe(1);
    for (const table of REBUILT) {
      const { sql } = db.query("SELECT sql FROM sqlite_master WHERE name = ?").get(table) as { sql: string };
      expect({ table, sql }).toMatchObject({
        table,
        sql: expect.stringMatching(/\bid\s+INTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b/i),
      });
    }
  });

  test("every row, column, foreign key, index, trigger and view is kept as it was", () => {
    for (const table of [...REBUILT, ...KEPT]) {
      expect({ table, ...shapeOf(db, table) }).toEqual({ table, ...before.get(table) });
    }
    expect(triggersAndViews(db)).toEqual(schemaBefore);
    expect(db.query("PRAGMA foreign_key_check").all()).toEqual([]);
    expect(() => db.exec("DELETE FROM audit_log")).toThrow(/append-only/);
    expect(db.query("SELECT engagement_id, paid FROM engagement_payment_totals").all()).toEqual([
      { engagement_id: ids.engagement, paid: 100000 },
    ]);
  });

  test("each sequence starts at the highest id kept: the next row is numbered above it, and so is the one after a delete", () => {
    for (const table of REBUILT) {
      const { highest } = db.query(`SELECT coalesce(max(id), 0) AS highest FROM ${table}`).get() as {
        highest: number;
      };
      expect({ table, seq: sequence(table) }).toEqual({ table, seq: highest });
    }
    const payment = () =>
      (
        db
          .query(
            `INSERT INTO engagement_payments (engagement_id, amount_cents, received_on, method, recorded_by, created_at)
             VALUES (?, 100, '2026-11-17', 'wire', 'morgan', 'x') RETURNING id`,
          )
          .get(ids.engagement) as { id: number }
      ).id;
    const first = payment();
    db.query("DELETE FROM engagement_payments WHERE id = ?").run(first);
    expect(payment()).toBe(first + 1);
    // The trigger set aside and made again still acts.
    db.query("INSERT INTO engagement_reminders (engagement_id, token_hash) VALUES (?, 'fresh')").run(
      ids.engagement,
    );
    expect(db.query("SELECT updated_at AS at FROM engagements WHERE id = ?").get(ids.engagement)).toEqual({
      at: "touched",
    });
  });

  test("the foreign keys still act: a request deleted takes its engagement and everything on it", () => {
    db.query("DELETE FROM contact_submissions WHERE id = ?").run(ids.request);
    for (const child of [
      "engagements",
      "engagement_events",
      "engagement_payments",
      "engagement_reminders",
      "portal_sessions",
      "consultations",
      "consultation_changes",
      "documents",
      "mail_outbox",
      "submission_events",
    ])
      expect({ child, left: count(db, child) }).toEqual({ child, left: 0 });
    db.query("DELETE FROM admin_users WHERE id = ?").run(ids.admin);
    expect(count(db, "recovery_codes")).toBe(0);
  });
});
