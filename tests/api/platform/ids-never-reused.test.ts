import { describe, expect, test } from "bun:test";
import type { Database } from "../../../src/db";
import { makeTestApp } from "../../helpers/app";
import { insertPreviousRequest } from "../../helpers/earlier-version";

/**
 * Ids are never reused (issue: mail, ids, headers, item 16; ADR 104). A row's id is named outside it: in other
 * tables' columns, the outbox's ref_id, a mail's Message-ID, an address, the audit log, a receipt. So no table
 * may give a new row the id of one deleted: every table whose rows are numbered by an INTEGER PRIMARY KEY is
 * AUTOINCREMENT, whoever added it. The walk reads the schema the migrations leave, every table in it.
 */
const { db } = makeTestApp();

/** Tables with an INTEGER PRIMARY KEY that may keep reusable ids, and why nothing can name a freed one. */
const EXEMPT: Record<string, string> = {
  data_at_rest: "one row, id 1 by its CHECK: never deleted, never another",
  retention_policy: "one row, id 1 by its CHECK: never deleted, never another",
  due_times_basis: "one row, id 1 by its CHECK: cleared and written again, never numbered",
};

type Column = { name: string; type: string; pk: number };

/** Every table of the schema numbered by its own INTEGER PRIMARY KEY (the rowid), with that column. */
function numberedTables(database: Database): { table: string; key: string; sql: string }[] {
  const tables = database
    .query(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string; sql: string }[];
  return tables.flatMap(({ name, sql }) => {
    if (/\bWITHOUT\s+ROWID\b/i.test(sql)) return [];
    const keys = (database.query(`PRAGMA table_info("${name}")`).all() as Column[]).filter((c) => c.pk > 0);
    const [key] = keys;
    return keys.length === 1 && key?.type.toUpperCase() === "INTEGER"
      ? [{ table: name, key: key.name, sql }]
      : [];
  });
}

describe("every numbered table gives each new row an id never used before", () => {
  test("the walk finds the tables the issue names, and more", () => {
    const found = numberedTables(db).map((t) => t.table);
    for (const table of [
      "engagements",
      "engagement_events",
      "engagement_payments",
      "mail_outbox",
      "audit_log",
    ])
      expect(found).toContain(table);
    expect(found.length).toBeGreaterThan(20);
  });

  test("each one is AUTOINCREMENT, but the one-row tables listed with their reason", () => {
    const reusing = numberedTables(db)
      .filter((t) => !(t.table in EXEMPT))
      .filter(
        (t) =>
          !new RegExp(`\\b"?${t.key}"?\\s+INTEGER\\s+PRIMARY\\s+KEY\\s+AUTOINCREMENT\\b`, "i").test(t.sql),
      )
      .map((t) => t.table);
    expect(reusing).toEqual([]);
    // An exemption holds only while its table really is one row.
    for (const table of Object.keys(EXEMPT)) {
      const sql = numberedTables(db).find((t) => t.table === table)?.sql ?? "";
      expect({ table, oneRow: /CHECK\s*\(\s*id\s*=\s*1\s*\)/i.test(sql) }).toEqual({ table, oneRow: true });
    }
  });

  test("an engagement, its event and payment, and a queued mail: the newest deleted, the next gets a new id", () => {
    const submissionId = insertPreviousRequest(db, {});
    const engagement = (n: number) =>
      (
        db
          .query(
            `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, turnaround_business_days,
               created_at, updated_at) VALUES (?, 'scope', 1000, 'flat', 5, 'x', 'x') RETURNING id`,
          )
          .get(n) as { id: number }
      ).id;
    const first = engagement(submissionId);
    const newest = {
      engagement_events: (e: number) =>
        db
          .query(
            "INSERT INTO engagement_events (engagement_id, kind, at, prev_hash, hash) VALUES (?, 'sent', 'x', 'p', 'h') RETURNING id",
          )
          .get(e) as { id: number },
      engagement_payments: (e: number) =>
        db
          .query(
            `INSERT INTO engagement_payments (engagement_id, amount_cents, received_on, method, recorded_by, created_at)
             VALUES (?, 100, '2026-11-16', 'wire', 'morgan', 'x') RETURNING id`,
          )
          .get(e) as { id: number },
      mail_outbox: (e: number) =>
        db
          .query(
            "INSERT INTO mail_outbox (kind, submission_id, ref_id, next_attempt_at) VALUES ('portal-link', ?, ?, 'x') RETURNING id",
          )
          .get(submissionId, e) as { id: number },
    };
    for (const [table, insert] of Object.entries(newest)) {
      const { id } = insert(first);
      db.query(`DELETE FROM ${table} WHERE id = ?`).run(id);
      expect({ table, next: insert(first).id > id }).toEqual({ table, next: true });
    }
    // The engagement itself: deleted with its request, the next request's engagement is numbered above it.
    const second = engagement(insertPreviousRequest(db, {}));
    db.query(
      "DELETE FROM contact_submissions WHERE id = (SELECT submission_id FROM engagements WHERE id = ?)",
    ).run(second);
    expect(db.query("SELECT id FROM engagements WHERE id = ?").get(second)).toBeNull();
    expect(engagement(insertPreviousRequest(db, {}))).toBeGreaterThan(second);
  });
});
