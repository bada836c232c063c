import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, type Database, openDatabase } from "../../src/db";
import { retentionRepo } from "../../src/db/retention";
import { insertPreviousRequest, previousVersionDatabase } from "../helpers/earlier-version";

/**
 * The upgrade from the previous release's schema, in place: a file written by that release's migrations and
 * SQL is opened by this version, which migrates it at once.
 */
const dir = mkdtempSync(join(tmpdir(), "tracewell-upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  const db = openDatabase(file);
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
    const due = retentionRepo(db).dueBy("2027-03-01", { unengagedDays: 365, engagedDays: 2555 });
    expect(due.map((d) => [d.id, d.deleteOn, d.lastChangeAt])).toEqual([
      [ids.old, "2027-02-10", "2026-02-10T09:00:00.000Z"],
      [ids.noted, "2027-03-01", "2026-03-01T09:00:00.000Z"],
    ]);
  });
});
