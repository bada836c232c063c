import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import S3rver from "s3rver";
import { SMTPServer } from "smtp-server";
import { newDataKey } from "../../src/ops/keys-cli";
import { binaryEnv, killStarted, runBinary, startBinary } from "../helpers/binary";
import { markedIntake } from "../helpers/markers";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { eventually } from "../helpers/wait";

/**
 * `tracewell doctor` as an operator runs it (issue 43, ADR 293): against the built executable, a real SMTP server
 * that asks for a sign-in, and a local S3-compatible server. What works prints "ok" lines and exits 0; a wrong
 * password, a bucket that is down, a key that does not fit and wrong settings print one FIX line each, naming
 * what to change, and exit 1. `--send-test` sends a real mail through the server's own sender.
 */
const root = mkdtempSync(join(tmpdir(), "tracewell-doctor-"));
const [SMTP_PORT = 0, S3_PORT = 0, PORT = 0, CLOSED_PORT = 0] = freePorts(4);
const dataDir = join(root, "data");
const KEY = newDataKey();
const SMTP_PASSWORD = "relay passphrase 7";

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  // The sign-in a relay asks for (AUTH PLAIN/LOGIN); plain text is allowed on 127.0.0.1 in the test only.
  authMethods: ["PLAIN", "LOGIN"],
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === "tracewell" && auth.password === SMTP_PASSWORD) return callback(null, { user: 1 });
    callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
  },
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push(mail);
        callback();
      },
      (error) => callback(error),
    );
  },
});
const s3Dir = join(root, "s3");
mkdirSync(s3Dir);
const s3 = new S3rver({
  port: S3_PORT,
  address: "127.0.0.1",
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: "firm-backups" }],
});

const env = (extra: Record<string, string> = {}) =>
  binaryEnv(dataDir, PORT, {
    DATA_KEY: KEY,
    PUBLIC_URL: "https://intake.example.com",
    SMTP_URL: `smtp://tracewell:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: "Tracewell Intake <intake@example.com>",
    BACKUP_S3_URL: "s3://firm-backups/tracewell",
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    FIRM_TIMEZONE: "America/New_York",
    ...extra,
  });

const doctor = (args: string[] = [], extra: Record<string, string> = {}) =>
  runBinary(["doctor", ...args], { cwd: root, env: env(extra) });

/** The line of one check, "ok" or "FIX" first. */
const lineOf = (stdout: string, check: string) =>
  stdout.split("\n").find((l) => l.slice(5).startsWith(`${check}: `)) ?? `(no ${check} line in)\n${stdout}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
  await s3.run();
  // A data folder as a server leaves it: stored values under KEY, a server's record of its key.
  const server = await startBinary({
    dataDir,
    port: PORT,
    env: {
      DATA_KEY: KEY,
      ADMIN_USERNAME: "morgan",
      ADMIN_PASSWORD: "trace every transfer",
      REQUIRE_MFA: "false",
    },
  });
  // An intake: its contact and matter are stored encrypted under KEY.
  expect(
    (await sender(server.base)("/api/contact", { body: markedIntake(new Date(), "Doctor").intake })).status,
  ).toBe(201);
  expect(await server.stop()).toBe(0);
  chmodSync(dataDir, 0o700);
});

afterAll(async () => {
  killStarted();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await s3.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

describe("tracewell doctor", () => {
  test("everything in order: one ok line a check, exit 0, the bucket left as it was, no secret printed", async () => {
    const before = readdirSync(s3Dir, { recursive: true }).length;
    const r = await doctor();
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("Nothing to fix.");
    expect(lineOf(r.stdout, "settings")).toStartWith("ok   settings: every setting");
    expect(lineOf(r.stdout, "data folder")).toMatch(
      new RegExp(
        `^ok   data folder: ${dataDir} is owned by \\S+ \\(uid \\d+\\), mode 0700, writable, [\\d.]+ [GM]B free`,
      ),
    );
    expect(lineOf(r.stdout, "database")).toMatch(/^ok {3}database: schema \d+, as this binary expects/);
    const keyId = /holds (\S+);/.exec(lineOf(r.stdout, "data key"))?.[1];
    expect(lineOf(r.stdout, "data key")).toBe(
      `ok   data key: DATA_KEY holds ${keyId}; the data needs ${keyId}`,
    );
    expect(lineOf(r.stdout, "mail")).toBe(
      `ok   mail: smtp://127.0.0.1:${SMTP_PORT} answered the handshake (connect, EHLO, STARTTLS and sign-in as configured, QUIT); mail goes from Tracewell Intake <intake@example.com>`,
    );
    expect(lineOf(r.stdout, "backups off the machine")).toBe(
      `ok   backups off the machine: s3://firm-backups/tracewell/ at http://127.0.0.1:${S3_PORT}: a probe object was written, read back and deleted`,
    );
    expect(lineOf(r.stdout, "upload scanning")).toBe(
      "ok   upload scanning: CLAMD_URL is not set: uploads are checked by type only, not scanned for viruses",
    );
    expect(lineOf(r.stdout, "clock")).toMatch(
      /^ok {3}clock: the firm's time zone is America\/New_York \((EST|EDT)\): it is \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T there, \d{4}-\d{2}-\d{2}T[\d:.]+Z UTC$/,
    );
    expect(r.stdout).not.toContain(SMTP_PASSWORD);
    expect(r.stdout).not.toContain(encodeURIComponent(SMTP_PASSWORD));
    expect(r.stdout).not.toContain(KEY);
    // The probe object was deleted: the bucket holds what it held.
    expect(readdirSync(s3Dir, { recursive: true }).length).toBe(before);
    expect(received).toHaveLength(0);
  }, 30_000);

  test("--send-test sends a real mail through the server's sender, from MAIL_FROM", async () => {
    const r = await doctor(["--send-test", "owner@example.com"]);
    expect(r.code).toBe(0);
    expect(lineOf(r.stdout, "mail")).toContain(
      "accepted a test mail from Tracewell Intake <intake@example.com> to owner@example.com: check that it arrived",
    );
    expect(await eventually(() => received.length === 1, { timeoutMs: 5000 })).toBe(true);
    const [mail] = received;
    expect(mail?.subject).toBe("Test mail from Tracewell");
    expect(mail?.from?.value).toEqual([{ name: "Tracewell Intake", address: "intake@example.com" }]);
    expect(mail?.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail?.text).toContain("https://intake.example.com");
  }, 30_000);

  test("a wrong SMTP password, a mail server that is not there, and a bucket that is down: a FIX line each, exit 1", async () => {
    const wrong = await doctor([], { SMTP_URL: `smtp://tracewell:wrong@127.0.0.1:${SMTP_PORT}` });
    expect(wrong.code).toBe(1);
    expect(lineOf(wrong.stdout, "mail")).toMatch(
      new RegExp(
        `^FIX  mail: smtp://127\\.0\\.0\\.1:${SMTP_PORT}: the mail server refused the sign-in \\(the server said "535 Authentication credentials invalid"\\): check the user and password in SMTP_URL$`,
      ),
    );
    expect(wrong.stdout).not.toContain("wrong@");
    expect(wrong.stdout.trimEnd().split("\n").at(-1)).toBe("1 thing to fix: each FIX line says what.");

    const closed = await doctor([], { SMTP_URL: `smtp://127.0.0.1:${CLOSED_PORT}` });
    expect(closed.code).toBe(1);
    expect(lineOf(closed.stdout, "mail")).toContain(
      `FIX  mail: smtp://127.0.0.1:${CLOSED_PORT}: no connection to the mail server (connect ECONNREFUSED 127.0.0.1:${CLOSED_PORT}): check the host and port in SMTP_URL`,
    );

    // A scanner that does not answer: uploads would be refused, so it is a fix, named with the setting.
    const noScanner = await doctor([], { CLAMD_URL: `tcp://127.0.0.1:${CLOSED_PORT}` });
    expect(noScanner.code).toBe(1);
    expect(lineOf(noScanner.stdout, "upload scanning")).toStartWith(
      `FIX  upload scanning: clamd at tcp://127.0.0.1:${CLOSED_PORT} does not answer PING: uploads are held unscanned until it answers; check CLAMD_URL`,
    );

    const noBucket = await doctor([], { BACKUP_S3_URL: "s3://no-such-bucket/tracewell" });
    expect(noBucket.code).toBe(1);
    expect(lineOf(noBucket.stdout, "backups off the machine")).toBe(
      `FIX  backups off the machine: S3 listing of s3://no-such-bucket/tracewell/ at http://127.0.0.1:${S3_PORT} failed: The specified bucket does not exist (NoSuchBucket): check BACKUP_S3_URL, S3_ENDPOINT and S3_REGION`,
    );

    await s3.close();
    try {
      const down = await doctor();
      expect(down.code).toBe(1);
      expect(lineOf(down.stdout, "backups off the machine")).toBe(
        `FIX  backups off the machine: S3 listing of s3://firm-backups/tracewell/ at http://127.0.0.1:${S3_PORT} failed: the endpoint refused the connection (nothing listens there, or a firewall): check S3_ENDPOINT (ConnectionRefused)`,
      );
      expect(down.stdout).not.toContain("unexpected error");
      // The other checks still ran and passed.
      expect(lineOf(down.stdout, "mail")).toStartWith("ok   mail:");
    } finally {
      await s3.run();
    }
  }, 60_000);

  test("a key the data was not written with, and a folder others may read: named with the fix", async () => {
    const other = newDataKey();
    chmodSync(dataDir, 0o755);
    try {
      const r = await doctor([], { DATA_KEY: other });
      expect(r.code).toBe(1);
      expect(lineOf(r.stdout, "data key")).toMatch(
        /^FIX {2}data key: the data was written with key \S+, and DATA_KEY holds \S+: set DATA_KEY to every key in use, newest first/,
      );
      expect(lineOf(r.stdout, "data folder")).toBe(
        `FIX  data folder: ${dataDir} has mode 0755: other users may read the clients' data: chmod 0700 ${dataDir}`,
      );
      // Nothing was written: the start with the right key reads everything as before.
      expect(readFileSync(join(dataDir, "tracewell.db")).length).toBeGreaterThan(0);
    } finally {
      chmodSync(dataDir, 0o700);
    }
    expect((await doctor()).code).toBe(0);
  }, 30_000);

  test("a key the first start made is the only copy until an owner confirms one: a warn line, exit 0, then ok", async () => {
    // A folder started without DATA_KEY: the key is made into DATA_DIR/data-key, beside the backups.
    const fresh = join(root, "made-key");
    const first = await startBinary({ dataDir: fresh, port: PORT, env: { BACKUP_SCHEDULE: "off" } });
    expect(await first.stop()).toBe(0);
    const keyId = /"event":"data_key_created","file":"[^"]+","keyId":"([^"]+)"/.exec(first.log())?.[1];
    expect(keyId).toBeDefined();
    const run = () =>
      runBinary(["doctor"], {
        cwd: root,
        env: binaryEnv(fresh, PORT, { FIRM_TIMEZONE: "America/New_York", BACKUP_SCHEDULE: "off" }),
      });
    const before = await run();
    expect(before.code).toBe(0);
    expect(lineOf(before.stdout, "key kept apart")).toBe(
      `warn key kept apart: key ${keyId} exists only in ${join(fresh, "data-key")}, and it sits on the same machine as every backup (${join(fresh, "backups")}): one lost disk loses the data and the backups. Keep a copy off this machine (a password manager), then confirm it on the admin's setup list`,
    );
    // The owner's confirmation, as the setup list records it.
    const db = new Database(join(fresh, "tracewell.db"));
    db.query("INSERT INTO data_key_copies (key_id, confirmed_at, confirmed_by) VALUES (?, ?, ?)").run(
      keyId as string,
      new Date().toISOString(),
      "morgan",
    );
    db.close();
    expect(lineOf((await run()).stdout, "key kept apart")).toBe(
      `ok   key kept apart: an owner confirmed a copy of key ${keyId} is kept off this machine`,
    );
    // With DATA_KEY in the service's environment the key is the operator's own: nothing to warn of.
    expect(lineOf((await doctor()).stdout, "key kept apart")).toStartWith(
      "ok   key kept apart: the data key comes from DATA_KEY",
    );
  }, 60_000);

  test("wrong settings: every one listed, not only the first, and the other checks wait for them", async () => {
    const r = await doctor([], {
      MAIL_FROM: "not an address",
      SESSION_SECRET: "abc",
      HOST: "localhost:3000",
    });
    expect(r.code).toBe(1);
    const fixes = r.stdout.split("\n").filter((l) => l.startsWith("FIX  settings: "));
    expect(fixes).toEqual([
      expect.stringContaining('Invalid HOST: "localhost:3000" holds a port'),
      expect.stringContaining("Invalid SESSION_SECRET: each secret must be at least 32 characters"),
      expect.stringContaining('Invalid MAIL_FROM: "not an address" is not an email address'),
    ]);
    expect(r.stdout).toContain("ok   other checks: not run: they need settings the start accepts");
    expect(r.stdout).not.toContain("mail:");
  }, 30_000);

  test("an unknown argument prints the usage and exits 2", async () => {
    const r = await doctor(["--send-test"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("tracewell doctor [--send-test <address>]");
  });
});
