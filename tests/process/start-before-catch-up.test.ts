import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import type { Intake } from "../../src/contracts/intake";
import { closeDatabase } from "../../src/db/index";
import { contactSubmissions } from "../../src/modules/desk/repo/contact-submissions";
import { openDataStore } from "../../src/ops/data-store";
import { newDataKey } from "../../src/ops/keys-cli";
import { binaryEnv, killStarted, startBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { waitUntil } from "../helpers/wait";

/**
 * The start answers before the work that grows with what is stored (issue "Fast from the first second", ADR
 * 289): over a data folder of thousands of waiting requests, their mail queued with mail off, due times computed
 * under another clock and signed engagements missing from the ledger, the built server answers /healthz and /
 * before its catch-up is done, and the catch-up then does all of it: every due time recomputed, every request
 * noting why its mail waits, every fee in the ledger. The order is the server's own log, not a timing.
 */
const STORED = 5000;
const SIGNED = 300;
/** A due time no clock gives a request of 2024: what the earlier clock left, before the recompute. */
const STALE = "2000-01-03T09:00:00.000Z";
const dir = mkdtempSync(join(tmpdir(), "tracewell-start-"));
afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});
const [port] = freePorts(1) as [number];
const base = `http://127.0.0.1:${port}`;
const dataDir = join(dir, "data");
const settings = { DATA_KEY: newDataKey(), LOG_LEVEL: "info" };

/**
 * Requests stored through the repository while mail was configured (no reason noted), every one still waiting,
 * then the folder as an earlier clock and an earlier version left it: due times of another clock, no record of
 * the clock they were computed under, and engagements signed with no ledger entry.
 */
function seed() {
  const store = openDataStore(loadConfig(binaryEnv(dataDir, port, settings)));
  const { db } = store;
  const submissions = contactSubmissions(store);
  db.transaction(() => {
    for (let i = 0; i < STORED; i++) {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000);
      submissions.create(
        validIntake(at, { name: `Idris Haddad ${i}`, email: `idris${i}@haddad.example` }) as Intake,
        {
          reference: `IR-START-${String(i).padStart(5, "0")}`,
          submittedAt: at.toISOString(),
          emailError: null,
        },
      );
    }
    db.run("UPDATE contact_submissions SET respond_by = ?", [STALE]);
    db.run("DELETE FROM due_times_basis");
    db.run(
      `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, turnaround_business_days, status,
         sent_at, signed_at, created_at, updated_at)
       SELECT id, 'Asset map', 250000, 'flat', 10, 'signed', submitted_at, submitted_at, submitted_at, submitted_at
       FROM contact_submissions ORDER BY id LIMIT ?`,
      [SIGNED],
    );
  })();
  closeDatabase(db);
}

/** Polls `url` every few milliseconds until it answers 200. */
const firstOk = (url: string, proc: { exitCode: number | null }) =>
  waitUntil(
    `${url} answering 200`,
    () => {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      return fetch(url, { headers: { accept: "text/html" } }).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    { timeoutMs: 30_000, everyMs: 5 },
  );

type LogLine = {
  event: string;
  path?: string;
  status?: number;
  steps?: Record<string, number>;
  dueTimesRecomputed?: number;
  ledgerEntries?: number;
};

/** Starts the server, waits for its first answers on /healthz and /, then for its background work; its log. */
async function startAndCatchUp() {
  const server = await startBinary({
    dataDir,
    port,
    cwd: dir,
    env: settings,
    ready: (_, proc) => Promise.all([firstOk(`${base}/healthz`, proc), firstOk(`${base}/`, proc)]),
  });
  const lines = () =>
    server
      .log()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as LogLine);
  try {
    const logged = (event: string) => lines().some((l) => l.event === event);
    await waitUntil(
      "catch_up_done and search_index_ready in the log",
      () => logged("catch_up_done") && logged("search_index_ready"),
      { timeoutMs: 60_000, everyMs: 20 },
    );
  } finally {
    await server.stop();
  }
  return lines();
}

const at = (lines: LogLine[], event: string) => lines.findIndex((l) => l.event === event);
const firstAnswer = (lines: LogLine[], path: string) =>
  lines.findIndex((l) => l.event === "request" && l.path === path && l.status === 200);

describe(`the start over ${STORED.toLocaleString("en-US")} waiting requests, mail off`, () => {
  test("answers /healthz and / before the catch-up is done; the catch-up then recomputes, notes and backfills", async () => {
    seed();
    const lines = await startAndCatchUp();
    const listening = at(lines, "listening");
    const done = at(lines, "catch_up_done");
    expect(listening).toBeGreaterThanOrEqual(0);
    // Every step before the listen is named in the start log, and none of them is the catch-up.
    expect(Object.keys(lines[listening]?.steps ?? {})).toEqual(expect.arrayContaining(["migrate", "listen"]));
    expect(Object.keys(lines[listening]?.steps ?? {})).not.toContain("catchUp");
    expect(firstAnswer(lines, "/healthz")).toBeGreaterThan(listening);
    expect(firstAnswer(lines, "/healthz")).toBeLessThan(done);
    expect(firstAnswer(lines, "/")).toBeLessThan(done);
    expect(firstAnswer(lines, "/")).toBeLessThan(at(lines, "search_index_ready"));
    expect(lines[done]).toMatchObject({ dueTimesRecomputed: STORED, ledgerEntries: SIGNED });

    const db = new Database(join(dataDir, "tracewell.db"), { readonly: true });
    try {
      const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
      expect(count(`SELECT count(*) AS n FROM contact_submissions WHERE respond_by = '${STALE}'`)).toBe(0);
      // Each due time is after its arrival again, as the clock gives it.
      expect(count("SELECT count(*) AS n FROM contact_submissions WHERE respond_by <= submitted_at")).toBe(0);
      expect(count("SELECT count(*) AS n FROM due_times_basis")).toBe(1);
      expect(count("SELECT count(*) AS n FROM contact_submissions WHERE email_error IS NULL")).toBe(0);
      expect(count("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'fee'")).toBe(SIGNED);
    } finally {
      db.close();
    }
  }, 180_000);

  test("a restart under the same clock has nothing to recompute or backfill", async () => {
    const lines = await startAndCatchUp();
    expect(firstAnswer(lines, "/")).toBeGreaterThan(at(lines, "listening"));
    expect(lines[at(lines, "catch_up_done")]).toMatchObject({ dueTimesRecomputed: 0, ledgerEntries: 0 });
  }, 120_000);
});
