import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
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
 * A start reads the same whatever is stored (issue "Fast from the first second", ADR 308): over N and then 4N
 * stored requests (each with its two mails queued and mail off, no due time stored), the built server's restart
 * reads, before it listens, the same statements, the same rows and about the same bytes from its files. Counted,
 * not timed: the `listening` line carries what the start read (`reads`), so a pass over every request, mail or
 * event before the listen shows whatever the machine's load.
 */
const N = 2000;
const dir = mkdtempSync(join(tmpdir(), "tracewell-start-reads-"));
afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});
const [port] = freePorts(1) as [number];
const settings = { DATA_KEY: newDataKey(), LOG_LEVEL: "info" };

/** `n` requests stored through the repository, as the intake stores them but with no due time yet. */
function seed(dataDir: string, n: number) {
  const store = openDataStore(loadConfig(binaryEnv(dataDir, port, settings)));
  const { db } = store;
  const submissions = contactSubmissions(store);
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 600_000);
      submissions.create(
        validIntake(at, { name: `Mei Chen ${i}`, email: `mei${i}@chen.example` }) as Intake,
        {
          reference: `IR-READS-${String(i).padStart(5, "0")}`,
          submittedAt: at.toISOString(),
          emailError: null,
        },
      );
    }
  })();
  closeDatabase(db);
}

type Reads = { statements: number; rows: number; bytes: number | null };
type Line = { event: string; reads?: Reads; dueTimesFilled?: number };

/** Starts the server on `dataDir` and stops it once its background work is done; the log's lines. */
async function startOnce(dataDir: string) {
  const server = await startBinary({ dataDir, port, cwd: dir, env: settings });
  const lines = () =>
    server
      .log()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Line);
  try {
    const logged = (event: string) => lines().some((l) => l.event === event);
    await waitUntil(
      "catch_up_done and search_index_ready",
      () => logged("catch_up_done") && logged("search_index_ready"),
      {
        timeoutMs: 60_000,
        everyMs: 20,
      },
    );
  } finally {
    await server.stop();
  }
  return lines();
}

/** What a restart read before it listened: the first start does the folder's once-only work (its catch-up). */
async function restartReads(n: number) {
  const dataDir = join(dir, String(n));
  seed(dataDir, n);
  // The first start's catch-up, after its listen, gives every request stored without a due time its own.
  const first = await startOnce(dataDir);
  expect(first.find((l) => l.event === "catch_up_done")?.dueTimesFilled).toBe(n);
  const lines = await startOnce(dataDir);
  expect(lines.find((l) => l.event === "catch_up_done")?.dueTimesFilled).toBe(0);
  const reads = lines.find((l) => l.event === "listening")?.reads;
  if (!reads) throw new Error("the listening line carries no reads");
  return { reads, fileBytes: statSync(join(dataDir, "tracewell.db")).size };
}

describe("what a start reads before it listens", () => {
  test(`is the same over ${(4 * N).toLocaleString("en-US")} stored requests as over ${N.toLocaleString("en-US")}`, async () => {
    const small = await restartReads(N);
    const large = await restartReads(4 * N);
    console.log(JSON.stringify({ [N]: small, [4 * N]: large }));
    // The larger folder is larger by megabytes: a pass over it before the listen could not hide in the slack.
    expect(large.fileBytes - small.fileBytes).toBeGreaterThan(4 * 1024 * 1024);
    expect(large.reads.statements).toBe(small.reads.statements);
    expect(large.reads.rows).toBe(small.reads.rows);
    if (small.reads.bytes !== null && large.reads.bytes !== null) {
      // A b-tree a level deeper reads a page or two more; every row's page would be megabytes.
      expect(large.reads.bytes - small.reads.bytes).toBeLessThan(64 * 1024);
    }
  }, 240_000);
});
