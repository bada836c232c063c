import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { newDataKey } from "../../src/ops/keys-cli";
import { killStarted, runBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * An S3 outage as an operator meets it (issue 43): with the bucket's server stopped, `backup list` still lists
 * the backups on this machine and says the bucket could not be reached; a backup, its log line and a verify name
 * the bucket, the endpoint and the cause, never Bun's "an unexpected error has occurred".
 */
const root = mkdtempSync(join(tmpdir(), "tracewell-s3-errors-"));
const [S3_PORT = 0, PORT = 0] = freePorts(2);
const dataDir = join(root, "data");
const backupDir = join(root, "backups");
const KEY = newDataKey();
const s3Dir = join(root, "s3");
mkdirSync(s3Dir);
const s3 = new S3rver({
  port: S3_PORT,
  address: "127.0.0.1",
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: "firm-backups" }],
});
const env = {
  DATA_DIR: dataDir,
  DATA_KEY: KEY,
  LOG_LEVEL: "info",
  BACKUP_DIR: backupDir,
  BACKUP_S3_URL: "s3://firm-backups/tracewell",
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
};
const REFUSED = `at http://127.0.0.1:${S3_PORT} failed: the endpoint refused the connection (nothing listens there, or a firewall): check S3_ENDPOINT (ConnectionRefused)`;

beforeAll(async () => {
  await s3.run();
  const server = await startBinary({ dataDir, port: PORT, env: { DATA_KEY: KEY, BACKUP_SCHEDULE: "off" } });
  expect(await server.stop()).toBe(0);
});
afterAll(async () => {
  killStarted();
  await s3.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

describe("the bucket down", () => {
  test("backup list lists the folder and says the bucket could not be reached; backup and verify name the target and the cause", async () => {
    const taken = await runBinary(["backup"], { env });
    expect(taken.code).toBe(0);
    const [name] = readdirSync(backupDir);
    expect(name).toMatch(/^tracewell-manual-\d{8}T\d{9}Z\.twbackup$/);
    await s3.close();

    const listed = await runBinary(["backup", "list"], { env });
    expect(listed.code).toBe(1);
    expect(listed.stdout.split("\n")).toEqual([
      `${backupDir} (1 backups)`,
      expect.stringMatching(
        new RegExp(`^  ${name}  \\S+Z  [\\d.]+ kB  manual \\(kept until you delete it\\)$`),
      ),
      "s3://firm-backups/tracewell (could not be reached: its backups are not listed)",
      "",
    ]);
    expect(listed.stderr).toBe(`S3 listing of s3://firm-backups/tracewell/ ${REFUSED}\n`);

    const again = await runBinary(["backup"], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      new RegExp(
        `^The backup failed: S3 upload to s3://firm-backups/tracewell/tracewell-manual-\\d{8}T\\d{9}Z\\.twbackup ${REFUSED.replace(/[.()]/g, "\\$&")}\\n$`,
      ),
    );
    const failed = again.stdout
      .split("\n")
      .filter((l) => l.includes('"backup_failed"'))
      .map((l) => JSON.parse(l));
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toContain(`s3://firm-backups/tracewell/`);
    expect(failed[0].error).toContain(REFUSED);
    // The archive was written and verified here before the bucket failed: the folder has it.
    expect(failed[0].targets).toEqual([backupDir]);

    const verify = await runBinary(["backup", "verify", `s3://firm-backups/tracewell/${name}`], { env });
    expect(verify.code).toBe(1);
    expect(verify.stderr).toBe(`S3 download of s3://firm-backups/tracewell/${name} ${REFUSED}\n`);
    for (const r of [listed, again, verify]) expect(r.stderr + r.stdout).not.toContain("unexpected error");
  }, 60_000);
});
