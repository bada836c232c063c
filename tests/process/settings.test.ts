import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryEnv, killStarted, runBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * A wrong setting stops the built executable before it serves: exit 1, one line on standard error naming the
 * variable and the fix, and no stack (ADR 283). The messages themselves are checked in src/config.test.ts.
 */
const root = mkdtempSync(join(tmpdir(), "tracewell-settings-"));
const [PORT] = freePorts(1) as [number];
afterAll(() => {
  killStarted();
  rmSync(root, { recursive: true, force: true });
});

const startWith = (settings: Record<string, string>) =>
  runBinary([], { cwd: root, env: binaryEnv(join(root, "data"), PORT, settings) });

const expectOneLine = (run: { code: number; stdout: string; stderr: string }, line: RegExp) => {
  expect(run.code).toBe(1);
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(line);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  // Nothing was served or logged as started.
  expect(run.stdout).not.toContain('"listening"');
};

describe("a wrong setting stops the start with one line", () => {
  test.each([
    [{ MAIL_FROM: "not an address" }, /^Invalid MAIL_FROM: "not an address" is not an email address/],
    [{ HOST: "localhost:3000" }, /^Invalid HOST: "localhost:3000" holds a port: .*the port in PORT\.$/m],
    [{ SESSION_SECRET: "abc" }, /^Invalid SESSION_SECRET: each secret must be at least 32 characters/],
    [
      { BACKUP_DIR: "# default DATA_DIR/backups" },
      /^Invalid BACKUP_DIR: the value ends in a comment \("# default DATA_DIR\/backups"\)/,
    ],
    [{ INVOCATION_ID: "5b1e0c3a", DATA_DIR: "./data" }, /^Invalid DATA_DIR: "\.\/data" is relative/],
  ] as [Record<string, string>, RegExp][])("%o", async (settings, line) => {
    expectOneLine(await startWith(settings), line);
  });

  test("a HOST that is a host name no resolver knows is named at listen, not a getaddrinfo stack", async () => {
    expectOneLine(
      await startWith({ HOST: "no-such-host.invalid" }),
      /^Invalid HOST: cannot listen on "no-such-host\.invalid"/,
    );
  }, 30_000);
});

describe("an environment file that undoes the unit's machine values is said at start", () => {
  // Under systemd (INVOCATION_ID), an env file's HOST and TRUST_PROXY override the unit's 127.0.0.1 and true.
  const underUnit = {
    INVOCATION_ID: "5b1e0c3a",
    DATA_DIR: join(root, "unit-data"),
    PUBLIC_URL: "https://www.tracewell.example",
  };
  const warnings = async (settings: Record<string, string>) => {
    const server = await startBinary({
      dataDir: join(root, "unit-data"),
      port: PORT,
      env: { ...underUnit, ...settings },
    });
    expect(await server.stop()).toBe(0);
    return server
      .log()
      .split("\n")
      .filter((line) => line.includes('"level":"warn"'))
      .map((line) => JSON.parse(line) as { event: string; hint: string });
  };

  test("the unit's own values start without a word about the listen address or the proxy", async () => {
    const events = (await warnings({ HOST: "127.0.0.1", TRUST_PROXY: "true" })).map((w) => w.event);
    expect(events).not.toContain("listen_exposed");
    expect(events).not.toContain("proxy_not_trusted");
  }, 30_000);

  test("HOST=0.0.0.0 from the file is named, with the unit's value to go back to", async () => {
    const exposed = (await warnings({ HOST: "0.0.0.0", TRUST_PROXY: "true" })).find(
      (w) => w.event === "listen_exposed",
    );
    expect(exposed?.hint).toContain("HOST=0.0.0.0 listens beyond this machine");
    expect(exposed?.hint).toContain("remove HOST from the environment file");
  }, 30_000);

  test("TRUST_PROXY=false behind the unit's proxy address is named: every client would share one address", async () => {
    const untrusted = (await warnings({ HOST: "127.0.0.1", TRUST_PROXY: "false" })).find(
      (w) => w.event === "proxy_not_trusted",
    );
    expect(untrusted?.hint).toContain("every client shares the proxy's address");
    expect(untrusted?.hint).toContain("Set TRUST_PROXY=true");
  }, 30_000);
});

test("a bad BACKUP_* value stops the start before anything is written in the data folder", async () => {
  const dataDir = join(root, "untouched");
  for (const [settings, line] of [
    [{ BACKUP_KEEP: "7 dayly" }, /^Invalid BACKUP_KEEP: "7 dayly" is not a keep rule: write it like/],
    [{ BACKUP_SCHEDULE: "every night" }, /^Invalid BACKUP_SCHEDULE: "every night" is not a schedule/],
    [
      { BACKUP_S3_URL: "s3://Firm_Backups", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" },
      /^Invalid BACKUP_S3_URL:/,
    ],
  ] as [Record<string, string>, RegExp][]) {
    const run = await runBinary([], { cwd: root, env: binaryEnv(dataDir, PORT, settings) });
    expectOneLine(run, line);
    // No data key made, no database opened: the folder was never created.
    expect(existsSync(dataDir)).toBe(false);
  }
}, 30_000);
