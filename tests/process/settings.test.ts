import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryEnv, killStarted, runBinary } from "../helpers/binary";
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
