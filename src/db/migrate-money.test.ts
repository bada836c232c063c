import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, migrate, openDatabaseFile } from "./index";
import { MIGRATIONS } from "./migrations";

const dir = mkdtempSync(join(tmpdir(), "tracewell-migrate-money-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Migrations 039 to 041 (ADRs 281 and 282) over a file an earlier version wrote: its ledger entries and the
 * processor's rows it stored (two events of one Checkout Session among them, as it stored them) come through
 * unchanged, and the new rules hold from then on.
 */
describe("an upgrade from schema 38 with money in it", () => {
  test("keeps every entry and every processor row, then refuses an update of any entry", () => {
    const db = openDatabaseFile(join(dir, "money.db"));
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 38),
    );
    db.run(
      `INSERT INTO contact_submissions (id, reference, name, email, phone, role, matter_type, subject_type,
         jurisdictions, desired_service, description)
       VALUES (1, 'IR-260105-KEEP', 'n', 'e', 'p', 'attorney', 'commercial', 'entity', 'NY', 'asset-map', 'd')`,
    );
    db.run(
      `INSERT INTO engagements (id, submission_id, scope, fee_cents, fee_kind, turnaround_business_days, created_at,
         updated_at) VALUES (1, 1, 's', 350000, 'flat', 5, '2026-01-05T15:00:00Z', '2026-01-05T15:00:00Z')`,
    );
    for (const [source, amount] of [
      ["fee:1", 350_000],
      ["payment:1", -350_000],
      ["payment:2", -350_000],
    ] as const)
      db.run(
        `INSERT INTO ledger_entries (engagement_id, source, on_date, kind, description, amount_cents, created_at)
         VALUES (1, ?, '2026-01-05', ?, 'enc:v1:abcdefgh:AAAA', ?, '2026-01-05T15:00:00Z')`,
        [source, amount < 0 ? "payment" : "fee", amount],
      );
    for (const event of ["evt_1", "evt_2"])
      db.run(
        `INSERT INTO processor_payments (processor, event_id, object_id, payment_intent, reference, amount_cents,
           currency, paid_on, state, submission_id, received_at)
         VALUES ('stripe', ?, 'cs_1', 'pi_1', 'IR-260105-KEEP', 350000, 'usd', '2026-01-05', 'recorded', 1,
           '2026-01-05T15:00:00Z')`,
        [event],
      );
    const entries = db.query("SELECT * FROM ledger_entries ORDER BY id").all();

    expect(migrate(db)).toBe(MIGRATIONS.filter((m) => m.version > 38).length);
    expect(
      db
        .query("SELECT * FROM ledger_entries ORDER BY id")
        .all()
        .map((e) => ({ ...(e as object), processor_object: undefined, processor_intent: undefined })),
    ).toEqual(
      entries.map((e) => ({ ...(e as object), processor_object: undefined, processor_intent: undefined })),
    );
    expect(db.query("SELECT count(*) AS n FROM processor_payments WHERE object_id = 'cs_1'").get()).toEqual({
      n: 2,
    });
    expect(() => db.run("UPDATE ledger_entries SET description = 'changed' WHERE id = 1")).toThrow(
      "ledger entries are never changed",
    );
    // A rotation's rewrite: the same column, encrypted under another key id.
    db.run("UPDATE ledger_entries SET description = 'enc:v1:ijklmnop:BBBB' WHERE id = 1");
    expect(db.query("SELECT count(*) AS n FROM statement_failures").get()).toEqual({ n: 0 });
    closeDatabase(db);
  });
});
