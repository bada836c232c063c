import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../../package.json";
import { binaryEnv, killStarted, runBinary, startBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { waitUntil } from "../helpers/wait";

/**
 * The built executable under real signals: every intake the server acknowledged (201) must be in the database
 * afterwards, whether it was stopped politely (SIGTERM) or killed outright (SIGKILL) in the middle of the load.
 */
const dirs: string[] = [];
const PORTS = freePorts(4) as [number, number, number, number];
afterAll(() => {
  killStarted();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A fresh folder to run a server in: its cwd, with the data folder inside. */
function serverDir() {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-lifecycle-"));
  dirs.push(dir);
  return { cwd: dir, dataDir: join(dir, "data") };
}

// TRUST_PROXY lets each request carry its own client address, so the per-address intake limits (which are
// what a real visitor meets) do not turn this load into 429s.
const settings = (logLevel = "warn") => ({ TRUST_PROXY: "1", LOG_LEVEL: logLevel });

async function startServer(port: number, logLevel?: string) {
  const { cwd, dataDir } = serverDir();
  const server = await startBinary({ dataDir, port, cwd, env: settings(logLevel) });
  return { ...server, dataDir, dbFile: join(dataDir, "tracewell.db") };
}

let counter = 0;
function intake(base: string): Promise<string | null> {
  const n = ++counter;
  return fetch(`${base}/api/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base,
      "x-forwarded-for": `198.51.${n >> 8}.${n & 255}`,
    },
    body: JSON.stringify(
      validIntake(new Date(), { name: `Load Test ${n}`, email: `client${n}@example.com` }),
    ),
  }).then(
    async (r) => (r.status === 201 ? ((await r.json()) as { reference: string }).reference : null),
    () => null,
  );
}

/** Keeps `concurrency` requests in flight until stopped; returns the references the server acknowledged. */
function load(base: string, concurrency: number) {
  const acknowledged: string[] = [];
  let running = true;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const ref = await intake(base);
      if (ref) acknowledged.push(ref);
      // The pause is the test's pace, not a wait for anything: a refused intake is tried again after a breath.
      else await Bun.sleep(5);
    }
  });
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

function storedReferences(dbFile: string): Set<string> {
  const db = new Database(dbFile);
  const rows = db.query("SELECT reference FROM contact_submissions").all() as { reference: string }[];
  db.close();
  return new Set(rows.map((r) => r.reference));
}

describe("stopping the server", () => {
  test("SIGTERM mid-load: exits 0 within seconds and every acknowledged intake is on disk", async () => {
    const { stop, log, dbFile, base } = await startServer(PORTS[0], "info");
    const traffic = load(base, 8);
    await waitUntil("150 intakes acknowledged under load", () => traffic.acknowledged.length >= 150, {
      timeoutMs: 20_000,
    });
    const signalled = performance.now();
    const code = await stop("SIGTERM");
    const stopMs = performance.now() - signalled;
    await traffic.stop();
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    const stored = storedReferences(dbFile);
    expect(traffic.acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(traffic.acknowledged.filter((r) => !stored.has(r))).toEqual([]);
    expect(log()).toContain('"event":"stopping","signal":"SIGTERM"');
    expect(log()).toContain('"event":"stopped"');
  }, 30_000);

  test("SIGKILL mid-load: after a restart every acknowledged intake is there", async () => {
    const { stop, dbFile, base } = await startServer(PORTS[1]);
    const traffic = load(base, 8);
    await waitUntil("150 intakes acknowledged under load", () => traffic.acknowledged.length >= 150, {
      timeoutMs: 20_000,
    });
    await stop("SIGKILL");
    await traffic.stop();
    // Opening the file replays the WAL, exactly as the restarted server does.
    const stored = storedReferences(dbFile);
    expect(traffic.acknowledged.filter((r) => !stored.has(r))).toEqual([]);
    const db = new Database(dbFile, { readonly: true });
    expect((db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe(
      "ok",
    );
    db.close();
  }, 30_000);
});

describe("under a flood of intakes", () => {
  test("pages keep being served while the flood is throttled", async () => {
    const { stop, base } = await startServer(PORTS[3]);
    // Everything comes from one address (no X-Forwarded-For is trusted without a proxy in front).
    const flood = Array.from({ length: 600 }, () =>
      fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ name: "Flood", email: "flood@example.com" }),
      }).then((r) => r.status),
    );
    const pages = Array.from({ length: 60 }, (_, i) =>
      fetch(`${base}${i % 2 ? "/" : "/services/asset-map"}`).then((r) => r.status),
    );
    const [floodStatuses, pageStatuses] = await Promise.all([Promise.all(flood), Promise.all(pages)]);
    expect(pageStatuses.every((s) => s === 200)).toBe(true);
    expect(floodStatuses.filter((s) => s === 429).length).toBeGreaterThan(500);
    expect(floodStatuses.some((s) => s >= 500)).toBe(false);
    expect(await stop()).toBe(0);
  }, 30_000);
});

describe("operator commands", () => {
  test("backup copies a consistent database while the server runs, and restores; healthcheck reflects the server", async () => {
    const { stop, base, dataDir } = await startServer(PORTS[2]);
    for (let i = 0; i < 5; i++) await intake(base);
    const env = { DATA_DIR: dataDir, PORT: String(PORTS[2]) };
    const target = join(dataDir, "..", "copy.twbackup");
    const run = await runBinary(["backup", target], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Backed up to");
    expect(run.stdout).toContain("verified");
    // Personal data: the database and its backup are readable by the server's user only.
    expect(statSync(join(dataDir, "tracewell.db")).mode & 0o777).toBe(0o600);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect((await runBinary(["healthcheck"], { env })).code).toBe(0);
    await stop();
    expect((await runBinary(["healthcheck"], { env })).code).toBe(1);

    // Restore as docs/operations.md says: `tracewell restore` verifies the archive and places it in an empty
    // data folder, and a server started on it with the data key (kept apart from backups) serves, with the
    // five intakes there. Without the key the copy is unreadable by design: the start refuses and makes no key.
    const restoredDir = join(dataDir, "..", "restored");
    mkdirSync(restoredDir);
    const restoredRun = await runBinary(["restore", target, "--into", restoredDir], { env });
    expect(restoredRun.code).toBe(0);
    const keyless = await runBinary([], { env: binaryEnv(restoredDir, PORTS[2], { LOG_LEVEL: "warn" }) });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain("DATA_KEY is not set");
    const restored = await startBinary({
      dataDir: restoredDir,
      port: PORTS[2],
      env: { LOG_LEVEL: "warn", DATA_KEY: readFileSync(join(dataDir, "data-key"), "utf8").trim() },
    });
    expect((await fetch(`${restored.base}/`)).status).toBe(200);
    expect(await restored.stop()).toBe(0);
    const db = new Database(join(restoredDir, "tracewell.db"), { readonly: true });
    expect((db.query("SELECT count(*) AS n FROM contact_submissions").get() as { n: number }).n).toBe(5);
    db.close();
  }, 30_000);

  test("a second server on a port already served does not start beside the first", async () => {
    const [port] = freePorts(1) as [number];
    const first = await startServer(port);
    const { cwd, dataDir } = serverDir();
    const second = await runBinary([], { cwd, env: binaryEnv(dataDir, port, settings()) });
    // Bun's default (reusePort) would let both listen and split the connections between two databases.
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`PORT ${port} on HOST 127.0.0.1 is in use`);
    expect(await fetch(`${first.base}/healthz`).then((r) => r.status)).toBe(200);
    expect(await first.stop()).toBe(0);
  }, 30_000);

  test("a bad setting stops the start with a message naming the variable", async () => {
    const run = await runBinary([], { env: { PORT: "eighty" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Invalid PORT");
  });

  test("--version and --help", async () => {
    // The release, the commit it was built from and the build's UTC day (ADR 284).
    const version = (await runBinary(["--version"])).stdout;
    const m = /^tracewell (\d+\.\d+\.\d+) \(([0-9a-f]{7,}|unknown), built (\d{4}-\d{2}-\d{2})\)\n$/.exec(
      version,
    );
    expect({ version, matched: m !== null }).toEqual({ version, matched: true });
    expect(m?.[1]).toBe(pkg.version);
    const built = Date.parse(`${m?.[3]}T00:00:00Z`);
    expect(built).toBeLessThanOrEqual(Date.now());
    const head = Bun.spawnSync(["git", "cat-file", "-t", m?.[2] ?? ""], { cwd: import.meta.dir });
    if (m?.[2] !== "unknown") expect(head.stdout.toString().trim()).toBe("commit");
    const { stdout: help } = await runBinary(["--help"]);
    for (const command of [
      "serve",
      "admin create",
      "admin passwd",
      "keys generate",
      "keys rotate",
      "backup [<file>]",
      "backup list | backup verify",
      "restore <file|s3://bucket/key> --into <folder>",
      "healthcheck",
      "DATA_KEY",
    ]) {
      expect(help).toContain(command);
    }
  });
});
