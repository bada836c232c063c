import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../../src/app";
import { digestCommand, statementsCommand, subscriptionsCommand } from "../../../src/cli/calendar-commands";
import type { Config } from "../../../src/config";
import type { Database } from "../../../src/db";
import { isEncrypted } from "../../../src/db/cipher";
import { MANIFEST } from "../../../src/generated/assets";
import { openDataStore } from "../../../src/ops/data-store";
import type { DataStore } from "../../../src/store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { portalClient } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * The operator's commands run the server's own jobs (ADR 277): `tracewell subscriptions`, `statements` and
 * `digest` build the one composition root the server builds, so what a command writes is what the server's timer
 * writes on the same day, hooks included (a month raised is a ledger entry at once, not at the next start).
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const desk = () =>
  makeTestApp(
    { ...NEW_YORK_DESK, TRUST_PROXY: "1", INTAKE_NOTIFY_TO: "desk@tracewell.example", HOLIDAYS: "US" },
    { now: () => clock.at },
  );
type TestApp = ReturnType<typeof desk>;
/** One data folder a test: each starts from nothing of the other's. */
const [t, seeded] = [desk(), desk()];
const API = "/api/admin/submissions";
/** Judgment Intel for two subjects, quarterly sweeps: $1,500 a month. */
const MONTHLY = {
  scope: "Quarterly public-records sweeps on the judgment debtors named below, reported to counsel.",
  feeCents: 75_000,
  feeKind: "monthly",
  turnaroundBusinessDays: 60,
  expedite: false,
  subjects: ["Vexhollow Andrithe Parnaby", "Quarrendel Estates Omicron LLC"],
};

/** A Judgment Intel engagement directed by counsel, signed in the portal and its first month paid, on the clock's day. */
async function monthlyEngagement(t: TestApp, email: string) {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  const c = await portalClient(t, clock.at, admin, {
    email,
    intake: { role: "attorney", desiredService: "judgment-intel" },
    draft: MONTHLY,
  });
  const paid = await t.request(
    `${API}/${c.submission.id}/engagement/payments`,
    withCookie(
      admin,
      post({ amountCents: 150_000, receivedOn: clock.at.toISOString().slice(0, 10), method: "Wire" }),
    ),
  );
  expect(paid.status).toBe(201);
  return c;
}

const quiet = { stdout: () => {}, stderr: () => {} };

describe("tracewell subscriptions", () => {
  test("a month the command raises is in the ledger at once, with no restart of the server", async () => {
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const c = await monthlyEngagement(t, "avery.counsel@harborlaw.example");
    const charges = () =>
      t.db
        .query<{ on: string; amountCents: number }, [number]>(
          "SELECT on_date AS \"on\", amount_cents AS amountCents FROM ledger_entries WHERE engagement_id = ? AND kind = 'charge' ORDER BY on_date",
        )
        .all(c.engagementId);
    expect(charges()).toEqual([{ on: "2026-11-16", amountCents: 150_000 }]);

    // A month on, the server's timer has not run (no timer runs here): the operator catches the day up.
    clock.at = new Date("2026-12-21T15:00:00.000Z");
    const out: string[] = [];
    const code = subscriptionsCommand(["--as-of", "2026-12-21"], {
      config: t.config,
      openStore: () => openDataStore(t.config, { clock: () => clock.at }),
      io: { stdout: (s) => out.push(s), stderr: (s) => out.push(s) },
    });
    expect({ code, out: out.join("") }).toMatchObject({
      code: 0,
      out: expect.stringContaining("charge\tsubscription"),
    });
    expect(charges()).toEqual([
      { on: "2026-11-16", amountCents: 150_000 },
      { on: "2026-12-16", amountCents: 150_000 },
    ]);
    // The server that was running all along shows it owed: its ledger is the same record.
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const ledger = (await (
      await t.request(`${API}/${c.submission.id}/ledger`, withCookie(admin))
    ).json()) as {
      entries: { kind: string; on: string }[];
    };
    expect(ledger.entries.filter((e) => e.kind === "charge").map((e) => e.on)).toEqual([
      "2026-11-16",
      "2026-12-16",
    ]);
  });
});

/** Every row of a table, its id and the times SQLite stamps itself left out, encrypted values read. */
function rowsOf(store: DataStore, table: string, leaveOut: readonly string[] = []) {
  const rows = store.db.query<Record<string, unknown>, []>(`SELECT * FROM ${table}`).all();
  return rows
    .map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => column !== "id" && !leaveOut.includes(column))
          .map(([column, value]) => [
            column,
            typeof value === "string" && isEncrypted(value) ? store.cipher.decrypt(value) : value,
          ]),
      ),
    )
    .map((row) => JSON.stringify(row))
    .sort();
}

/** What the calendar's jobs write: the money, the subscriptions' schedule, the statements, the mail, the runs. */
const TABLES: [string, string[]][] = [
  ["ledger_entries", ["created_at"]],
  ["subscriptions", []],
  ["subscription_charges", []],
  ["subscription_sweeps", []],
  ["subscription_events", []],
  // The PDF as issued is compared by its SHA-256 (its bytes are sealed per value).
  ["statements", ["pdf"]],
  // The row's id orders nothing here: the server starts the digest before the subscriptions.
  ["mail_outbox", ["created_at"]],
  ["scheduled_runs", []],
  ["audit_log", []],
];

describe("a command and the server's timer, on the same day over the same data", () => {
  test("write the same rows: subscriptions, statements and the digest", async () => {
    const t = seeded;
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    await monthlyEngagement(t, "blake.counsel@harborlaw.example");
    const admin = await signIn(t.request, OWNER, PASSWORD);
    // A flat engagement signed and half paid, and a request nobody answered yet (the digest's).
    const flat = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    await t.request(
      `${API}/${flat.submission.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 175_000, receivedOn: "2026-11-16", method: "Check" })),
    );
    await fileIntake(t, clock.at, { email: "waiting@harborlaw.example" });

    // The data folder as it stands, copied twice (the server's copy of it, the operator's).
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    const dir = mkdtempSync(join(tmpdir(), "tracewell-two-ways-"));
    const copy = (name: string): Config => {
      const dataDir = join(dir, name);
      cpSync(t.dataDir, dataDir, { recursive: true, filter: (f) => !/-(wal|shm)$/.test(f) });
      return { ...t.config, dataDir };
    };
    const byCommand = copy("command");
    const byServer = copy("server");
    // Monday 1 March 2027, 10:00 in New York: the first business day of the month, after the digest's 08:00.
    const at = new Date("2027-03-01T15:00:00.000Z");
    const day = "2027-03-01";
    const open = (config: Config) => () => openDataStore(config, { clock: () => at });

    try {
      const command = { config: byCommand, openStore: open(byCommand), io: quiet };
      expect(subscriptionsCommand(["--as-of", day], command)).toBe(0);
      expect(await statementsCommand(["--as-of", day], command)).toBe(0);
      // No SMTP_URL here: the digest is queued and the command says it waits for mail (exit 1).
      expect(await digestCommand(command)).toBe(1);

      const serverStore = open(byServer)();
      const app = createApp({ config: byServer, store: serverStore, manifest: MANIFEST });
      // What the server's timer does at its first minute of that day (root.startJobs), job by job in the order
      // it starts them, on the jobs of the app's own root.
      const { root } = app.decorator;
      expect(root.deskDigest.runIfDue()).toMatchObject({ sent: true, day });
      // December, January and February.
      expect(root.subscriptions.jobs.runIfDue()?.charges.length).toBe(3);
      // Both engagements, through the end of February.
      expect((await root.statements.jobs.runIfDue())?.issued.length).toBe(2);

      const commandStore = open(byCommand)();
      const compared = (store: DataStore) =>
        Object.fromEntries(TABLES.map(([table, leaveOut]) => [table, rowsOf(store, table, leaveOut)]));
      const ran = compared(commandStore);
      // The comparison must see what was run: the months raised, both statements, the digest queued.
      expect(ran.statements).toHaveLength(2);
      // The first sweep inside the first paid month (1 December, ten business days after the 16 November payment,
      // ADR 306), then the quarter's from it (1 March).
      expect(ran.subscription_sweeps).toHaveLength(2);
      expect((ran.mail_outbox ?? []).filter((r) => r.includes('"kind":"desk-digest"'))).toHaveLength(1);
      expect((ran.ledger_entries ?? []).filter((r) => r.includes('"kind":"charge"'))).toHaveLength(4);
      expect(compared(serverStore)).toEqual(ran);
      for (const db of [serverStore.db, commandStore.db] as Database[]) db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
