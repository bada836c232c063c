import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { binaryEnv, killStarted, runBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * Backups written by the release of 26 November 2026 (a plain database file and a documents folder beside it,
 * before the sealed archive) verify and restore with today's binary, as the guide promises an operator rolling
 * back or recovering from an old backup (issue 43, finding 3). The fixture is that release's own output.
 */
const FIXTURE = join(import.meta.dir, "..", "fixtures", "backup-2026-11-26");
const root = mkdtempSync(join(tmpdir(), "tracewell-earlier-backup-"));
const [PORT] = freePorts(1) as [number];
const key = readFileSync(join(FIXTURE, "data-key"), "utf8").trim();
const backup = join(root, "tracewell-2026-11-26.db");
writeFileSync(backup, gunzipSync(readFileSync(join(FIXTURE, "tracewell-2026-11-26.db.gz"))));
mkdirSync(`${backup}.documents`);
// An uploaded image as that release kept it beside the database, to be placed in the restored folder's uploads.
const IMAGE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
mkdirSync(`${backup}.uploads`);
writeFileSync(join(`${backup}.uploads`, "hero.png"), IMAGE);
afterAll(() => {
  killStarted();
  rmSync(root, { recursive: true, force: true });
});

const run = (args: string[], dataDir = join(root, "unused")) =>
  runBinary(args, { cwd: root, env: binaryEnv(dataDir, PORT, { DATA_KEY: key, BACKUP_SCHEDULE: "off" }) });

test("backup verify reads an earlier release's backup and checks it as it checks an archive", async () => {
  const verified = await run(["backup", "verify", backup]);
  expect(verified.stderr).toBe("");
  expect(verified.code).toBe(0);
  expect(verified.stdout).toContain("schema 22");
  // The database and the image beside it, each checked against the SHA-256 taken as it was placed.
  expect(verified.stdout).toContain("2 files");
  expect(verified.stdout).toContain("integrity ok, data key proofs ok, every SHA-256 matches");
});

test("without the key it was written with, verify refuses and says which key it needs", async () => {
  const other = await runBinary(["backup", "verify", backup], {
    cwd: root,
    env: binaryEnv(join(root, "unused"), PORT, { DATA_KEY: Buffer.alloc(32, 7).toString("base64") }),
  });
  expect(other.code).toBe(1);
  expect(other.stderr).toMatch(/DATA_KEY|data key/);
  expect(other.stderr).not.toMatch(/^\s+at /m);
});

test("restore places it as a data folder with its outbox held, and today's server opens and upgrades it", async () => {
  const into = join(root, "restored");
  const restored = await run(["restore", backup, "--into", into]);
  expect(restored.stderr).toBe("");
  expect(restored.code).toBe(0);
  expect(restored.stdout).toContain(`into ${into}, verified first`);
  expect(existsSync(join(into, "outbox-held"))).toBe(true);
  expect(new Uint8Array(readFileSync(join(into, "uploads", "hero.png")))).toEqual(IMAGE);

  const server = await startBinary({
    dataDir: into,
    port: PORT,
    env: { DATA_KEY: key, BACKUP_SCHEDULE: "off" },
  });
  expect((await fetch(`${server.base}/`)).status).toBe(200);
  expect(await server.stop()).toBe(0);
  expect(server.log()).toContain('"outbox_held"');
  const db = new Database(join(into, "tracewell.db"), { readonly: true });
  try {
    // Both requests came across, and the schema is today's.
    expect((db.query("SELECT count(*) AS n FROM contact_submissions").get() as { n: number }).n).toBe(2);
    expect((db.query("PRAGMA user_version").get() as { user_version: number }).user_version).toBeGreaterThan(
      22,
    );
  } finally {
    db.close();
  }
  // Encrypted as it was: neither address is on disk in clear.
  const bytes = readFileSync(join(into, "tracewell.db"));
  expect(bytes.includes("first.client@example.com")).toBe(false);
}, 60_000);
