import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../db/index";
import { AMONG_MATCHES } from "./submission-desk";

const dir = mkdtempSync(join(tmpdir(), "tracewell-desk-plan-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a search with other filters reads only its matched ids, from the narrow index of clear facts", () => {
  const db = openDatabase(join(dir, "tracewell.db"));
  const plan = (sql: string) =>
    (
      db.query(`EXPLAIN QUERY PLAN ${sql}`).all({
        ids: "[1, 2, 3]",
        status: "new",
        service: null,
        role: null,
        matterType: null,
        overdueAt: null,
      }) as { detail: string }[]
    ).map((r) => r.detail);
  for (const sql of [
    `SELECT count(*) ${AMONG_MATCHES}`,
    `SELECT id ${AMONG_MATCHES} ORDER BY first_response_at IS NOT NULL, respond_by, id LIMIT 25`,
  ]) {
    const steps = plan(sql);
    // One look-up per matched id in the covering index: neither the table's wide rows nor a scan of all ids.
    expect(steps).toContain(
      "SEARCH contact_submissions USING COVERING INDEX contact_submissions_desk_facts (id=?)",
    );
    expect(steps.some((s) => s.startsWith("SCAN contact_submissions"))).toBe(false);
  }
  db.close();
});
