import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase } from "../../../src/db";
import { enableTotp, insertAdmin } from "../../../src/modules/auth/repo/users";
import { COMMAND_DATA, type Command } from "../../../src/ops/commands";
import { openDataStore } from "../../../src/ops/data-store";
import { newDataKey } from "../../../src/ops/keys-cli";
import { loadTestConfig, TEST_ENV, TEST_HASH } from "../../helpers/app";
import { freePorts } from "../../helpers/ports";

setDefaultTimeout(60_000);

/**
 * Each command declares what it opens (src/ops/commands.ts). A data folder whose key lives only in the server's
 * environment (DATA_KEY), as the systemd unit gives it: every command is run without that environment. Those
 * that read no personal data must work; those that do must refuse, naming DATA_KEY; none may leave a key file.
 */
const MAIN = join(import.meta.dir, "..", "..", "..", "src", "main.ts");
const root = mkdtempSync(join(tmpdir(), "tracewell-cli-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = join(root, "data");
const KEY = newDataKey();
const [UNUSED_PORT = 0] = freePorts(1);

// An admin with two-step sign-in: its TOTP secret is stored encrypted under KEY.
{
  const store = openDataStore(loadTestConfig({ DATA_DIR: dataDir, DATA_KEY: KEY }));
  const { db } = store;
  const id = insertAdmin(
    store,
    "morgan",
    Bun.password.hashSync("trace every transfer", TEST_HASH),
    new Date(),
  );
  enableTotp(store, id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", 1, []);
  closeDatabase(db);
}

async function run(args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      ...TEST_ENV,
      DATA_DIR: dataDir,
      PORT: String(UNUSED_PORT),
      ...opts.env,
    },
    stdin: opts.stdin === undefined ? "ignore" : new Response(opts.stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  // A server that started after all is stopped: the test then fails on its exit code.
  const timer = setTimeout(() => proc.kill("SIGKILL"), 20_000);
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** One invocation per command, and the exit code it gives without the key when it needs none. */
const INVOCATIONS: Record<Command, { args: string[]; stdin?: string; code?: number }> = {
  serve: { args: ["serve"] },
  "admin create": {
    args: ["admin", "create", "casey", "--password-stdin"],
    stdin: "a passphrase of mine\n",
    code: 0,
  },
  "admin passwd": {
    args: ["admin", "passwd", "morgan", "--password-stdin"],
    stdin: "a new passphrase now\n",
    code: 0,
  },
  "admin reset-mfa": { args: ["admin", "reset-mfa", "morgan"], code: 0 },
  "keys generate": { args: ["keys", "generate"], code: 0 },
  "keys rotate": { args: ["keys", "rotate"] },
  // A backup is sealed with the data key (ADR 241): it needs it, and never makes one.
  backup: { args: ["backup", join(root, "backup.twbackup")] },
  restore: { args: ["restore", join(root, "backup.twbackup"), "--into", join(root, "restored")] },
  retention: { args: ["retention", "--dry-run"], code: 0 },
  digest: { args: ["digest"] },
  subscriptions: { args: ["subscriptions", "--dry-run"] },
  statements: { args: ["statements", "--dry-run"] },
  "document-reminders": { args: ["document-reminders", "--dry-run"] },
  "scan-uploads": { args: ["scan-uploads"] },
  "outbox release": { args: ["outbox", "release"], code: 0 },
  // Nothing listens on the port: 1 is its answer, and it is about the server, not the key.
  healthcheck: { args: ["healthcheck"], code: 1 },
  // It checks the key when there is one: without, it says on standard output that the data needs one (exit 1).
  doctor: { args: ["doctor"], code: 1 },
};

describe("every command, without the server's environment", () => {
  test("the walk covers every command the executable declares", () => {
    expect(Object.keys(INVOCATIONS).sort()).toEqual(Object.keys(COMMAND_DATA).sort());
  });

  for (const [command, need] of Object.entries(COMMAND_DATA) as [Command, string][]) {
    const { args, stdin, code } = INVOCATIONS[command];
    if (need === "data key") {
      test(`${command} needs the data key: it refuses, naming DATA_KEY, and makes none`, async () => {
        const r = await run(args, { stdin });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain("DATA_KEY");
        expect(existsSync(join(dataDir, "data-key"))).toBe(false);
      });
    } else {
      test(`${command} needs no data key and makes none`, async () => {
        const r = await run(args, { stdin });
        expect(r.stderr).not.toContain("DATA_KEY");
        expect({ command, code: r.code }).toEqual({ command, code: code ?? 0 });
        expect(existsSync(join(dataDir, "data-key"))).toBe(false);
      });
    }
  }

  test("what the commands changed reads back with the key, as the server will", () => {
    const { db } = openDataStore(loadTestConfig({ DATA_DIR: dataDir, DATA_KEY: KEY }));
    const admins = db.query("SELECT username, totp_secret FROM admin_users ORDER BY id").all();
    expect(admins).toEqual([
      { username: "morgan", totp_secret: null },
      { username: "casey", totp_secret: null },
    ]);
    closeDatabase(db);
    expect(existsSync(join(dataDir, "data-key"))).toBe(false);
  });
});

describe("with the key", () => {
  test("the commands that need it work", async () => {
    const rotate = await run(["keys", "rotate"], { env: { DATA_KEY: KEY } });
    expect(rotate).toMatchObject({ code: 0, stderr: "" });
    const digest = await run(["digest"], { env: { DATA_KEY: KEY } });
    expect(digest).toMatchObject({ code: 0, stderr: "" });
  });
});

describe("a command that needs the key, in a folder that has none yet", () => {
  test("refuses rather than make one: only the server's first start does", async () => {
    const empty = join(root, "empty");
    const r = await run(["digest"], { env: { DATA_DIR: empty } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("DATA_KEY");
    expect(existsSync(join(empty, "data-key"))).toBe(false);
  });
});
