import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client } from "bun";
import S3rver from "s3rver";
import { cookieFrom } from "../helpers/admin";
import { killStarted, runBinary, startBinary } from "../helpers/binary";
import { filesUnder, scanForMarkers } from "../helpers/byte-scan";
import { markedIntake, marker } from "../helpers/markers";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { waitUntil } from "../helpers/wait";

/**
 * Backups by themselves, as an operator runs them (issue 31): a server on the built executable takes a
 * scheduled backup to its folder and to an S3-compatible server on 127.0.0.1; no marker (a client's name, an
 * article's title, a username) is readable in the archive; `tracewell restore` from the bucket into an empty
 * folder gives a data folder a server starts on, with the data there.
 */
const root = mkdtempSync(join(tmpdir(), "tracewell-backups-"));
const [S3_PORT = 0, PORT = 0, RESTORED_PORT = 0] = freePorts(3);
const s3Dir = join(root, "s3");
mkdirSync(s3Dir);
const s3 = new S3rver({
  port: S3_PORT,
  address: "127.0.0.1",
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: "firm-backups" }],
});
afterAll(async () => {
  killStarted();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

const USER = marker("User").toLowerCase();
const PASSWORD = "trace every transfer";
const S3_ENV = {
  BACKUP_S3_URL: "s3://firm-backups/tracewell",
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
};
const bucket = new S3Client({
  bucket: "firm-backups",
  endpoint: S3_ENV.S3_ENDPOINT,
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
});

describe("scheduled backups off the machine", () => {
  const dataDir = join(root, "data");
  const backupDir = join(root, "backups");
  const env = {
    LOG_LEVEL: "info",
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    REQUIRE_MFA: "false",
    TRUST_PROXY: "1",
    // Every minute, so the test sees a scheduled run within one.
    BACKUP_SCHEDULE: "* * * * *",
    BACKUP_DIR: backupDir,
    ...S3_ENV,
  };
  const { intake, markers, all } = markedIntake(new Date(), "Backup");
  const title = `Tracing ${marker("Title")} Through Recorder Indexes`;

  test("a scheduled backup reaches the folder and the bucket, holds no readable marker, and restores into a server with the data", async () => {
    await s3.run();
    const server = await startBinary({ dataDir, port: PORT, env });
    const send = sender(server.base);
    expect((await send("/api/contact", { body: intake })).status).toBe(201);
    const login = await send("/api/admin/login", { body: { username: USER, password: PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = cookieFrom(login);
    const article = await send("/api/admin/articles", {
      cookie,
      body: {
        title,
        slug: "tracing-through-recorder-indexes",
        description: "How indexes show it.",
        content: "Body.",
      },
    });
    expect(article.status).toBe(201);
    const stored = new Date();

    // The next scheduled run after the data was stored, in the bucket.
    const name = await waitUntil(
      "a scheduled backup in the bucket taken after the data was stored",
      async () => {
        const listed = (await bucket.list({ prefix: "tracewell/" })).contents ?? [];
        return listed
          .map((o) => o.key.slice("tracewell/".length))
          .find((n) => {
            // Named to the millisecond (ADR 287): two backups in one second never share a name.
            const m = /^tracewell-(\d{8})T(\d{9})Z\.twbackup$/.exec(n);
            return m && n > `tracewell-${stored.toISOString().replace(/[-:.]/g, "")}`;
          });
      },
      { timeoutMs: 90_000, everyMs: 250 },
    );
    expect(readdirSync(backupDir)).toContain(name);
    // The run logs backup_done once the bucket has it and the keep rule has run: a moment after the object is
    // listed there, so the line is waited for, not read at once.
    await waitUntil("the run's backup_done line", async () => server.log().includes('"backup_done"'), {
      timeoutMs: 30_000,
      everyMs: 100,
    });

    // The admin sees it, verified.
    const view = (await (await send("/api/admin/backups", { cookie })).json()) as {
      schedule: string;
      targets: { kind: string; where: string }[];
      last: { ok: boolean; verified: boolean; bytes: number };
    };
    expect(view.schedule).toBe("* * * * *");
    expect(view.targets.map((t) => t.kind)).toEqual(["folder", "s3"]);
    expect(view.last).toMatchObject({ ok: true, verified: true });

    // Not one marker readable in the archive, in the folder or as the bucket holds it; nor the data key.
    const fromBucket = join(root, "from-bucket.twbackup");
    writeFileSync(fromBucket, Buffer.from(await bucket.file(`tracewell/${name}`).arrayBuffer()));
    const key = readFileSync(join(dataDir, "data-key"), "utf8").trim();
    const markersToFind = [...all, title, USER, key, "contact_submissions", "SQLite format"];
    expect(scanForMarkers([...filesUnder(backupDir), fromBucket], markersToFind)).toEqual([]);
    // The markers are on the server all the same: the scan would find a clear copy.
    const desk = await send(`/api/admin/submissions?q=${markers.name.toLowerCase()}`, { cookie });
    expect(((await desk.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(await server.stop()).toBe(0);

    const keyEnv = { DATA_KEY: key, ...S3_ENV };
    const listed = await runBinary(["backup", "list"], { env: { ...keyEnv, BACKUP_DIR: backupDir } });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`s3://firm-backups/tracewell (`);
    expect(listed.stdout).toContain(name);
    const verified = await runBinary(["backup", "verify", `s3://firm-backups/tracewell/${name}`], {
      env: keyEnv,
    });
    expect(verified.stderr).toBe("");
    expect(verified.stdout).toContain("integrity ok, data key proofs ok, every SHA-256 matches");

    // A folder that is not empty is refused, and nothing in it changes.
    const busy = join(root, "busy");
    mkdirSync(busy);
    writeFileSync(join(busy, "notes.txt"), "mine");
    const refused = await runBinary(["restore", `s3://firm-backups/tracewell/${name}`, "--into", busy], {
      env: keyEnv,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is not empty");
    expect(readdirSync(busy)).toEqual(["notes.txt"]);

    // Restored from the bucket on a machine that has only the key: a server on it finds the data.
    const restoredDir = join(root, "restored");
    const restore = await runBinary(
      ["restore", `s3://firm-backups/tracewell/${name}`, "--into", restoredDir],
      {
        env: keyEnv,
      },
    );
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    // The database, and the hold on its outbox (ADR 287): a restored folder sends nothing until released.
    expect(readdirSync(restoredDir).sort()).toEqual(["outbox-held", "tracewell.db"]);
    const restored = await startBinary({
      dataDir: restoredDir,
      port: RESTORED_PORT,
      env: {
        LOG_LEVEL: "warn",
        DATA_KEY: key,
        BACKUP_SCHEDULE: "off",
        REQUIRE_MFA: "false",
        TRUST_PROXY: "1",
      },
    });
    const again = sender(restored.base);
    const signIn = await again("/api/admin/login", { body: { username: USER, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const restoredCookie = cookieFrom(signIn);
    const found = await again(`/api/admin/submissions?q=${markers.name.toLowerCase()}`, {
      cookie: restoredCookie,
    });
    expect(((await found.json()) as { items: unknown[] }).items).toHaveLength(1);
    const articles = await again("/api/admin/articles", { cookie: restoredCookie });
    expect(JSON.stringify(await articles.json())).toContain(title);
    expect(await restored.stop()).toBe(0);
  }, 150_000);
});

describe("starts that cannot hurt", () => {
  test("a database written by a newer version is refused at start, naming both versions, and left untouched", async () => {
    const dataDir = join(root, "newer");
    const started = await startBinary({
      dataDir,
      port: RESTORED_PORT,
      env: { LOG_LEVEL: "warn", BACKUP_SCHEDULE: "off" },
    });
    expect(await started.stop()).toBe(0);
    const { Database } = await import("bun:sqlite");
    const file = join(dataDir, "tracewell.db");
    const db = new Database(file);
    const ours = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
    db.exec(`PRAGMA user_version = ${ours + 5}`);
    db.close();
    const before = readFileSync(file);
    const refused = await runBinary([], {
      env: { DATA_DIR: dataDir, PORT: String(RESTORED_PORT), HOST: "127.0.0.1" },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is at schema ${ours + 5}, written by a newer version of Tracewell`);
    expect(refused.stderr).toMatch(
      new RegExp(`this version \\(\\d+\\.\\d+\\.\\d+\\) knows schema ${ours} at most`),
    );
    expect(readFileSync(file).equals(before)).toBe(true);
  }, 30_000);
});
