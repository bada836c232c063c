import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, runBinary, startBinary } from "../helpers/binary";
import { earlierVersionFolder } from "../helpers/earlier-version";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { smtpServer } from "../helpers/smtp";

setDefaultTimeout(120_000);

/**
 * Drills that send nothing and a rollback that works (ADR 287), with the built executable as the guide runs it: a
 * folder made by `tracewell restore` sends none of the backup's queued mail until `tracewell outbox release`; the
 * copy a start takes before an upgrade is listed by `backup list` and restored by `tracewell restore`.
 */
const root = mkdtempSync(join(tmpdir(), "tracewell-drill-"));
const [PORT = 0, DRILL_PORT = 0, SMTP_PORT = 0] = freePorts(3);
const smtp = smtpServer(SMTP_PORT);
afterAll(async () => {
  killStarted();
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});
const count = (file: string, sql: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.query(sql).all();
  } finally {
    db.close();
  }
};

describe("a restore drill", () => {
  test("a restored folder starts with its outbox held: nothing is sent until outbox release", async () => {
    const dataDir = join(root, "data");
    // No DATA_KEY: the first start makes the key and says where, never what.
    const server = await startBinary({
      dataDir,
      port: PORT,
      env: {
        LOG_LEVEL: "warn",
        BACKUP_SCHEDULE: "off",
        TRUST_PROXY: "1",
        INTAKE_NOTIFY_TO: "desk@firm.example",
      },
    });
    const key = readFileSync(join(dataDir, "data-key"), "utf8").trim();
    const created = server
      .log()
      .split("\n")
      .find((l) => l.includes('"data_key_created"'));
    expect(created).toContain(join(dataDir, "data-key"));
    expect(created).toMatch(/"keyId":"[A-Za-z0-9_-]{8}"/);
    expect(server.log()).not.toContain(key);
    // Mail is not configured here: the request's two mails wait in the outbox, and the backup holds them.
    const res = await sender(server.base)("/api/contact", {
      body: validIntake(new Date(), { email: "dana@whitfieldmoss.example" }),
    });
    expect(res.status).toBe(201);
    const archive = join(root, "drill.twbackup");
    const backup = await runBinary(["backup", archive], { env: { DATA_DIR: dataDir } });
    expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: "" });
    expect(await server.stop()).toBe(0);

    const drill = join(root, "drill");
    const restored = await runBinary(["restore", archive, "--into", drill], { env: { DATA_KEY: key } });
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: "" });
    expect(existsSync(join(drill, "outbox-held"))).toBe(true);

    // Started as the guide's drill starts it, with a mail server that works: nothing arrives.
    await smtp.listen();
    const drillServer = await startBinary({
      dataDir: drill,
      port: DRILL_PORT,
      env: {
        LOG_LEVEL: "info",
        DATA_KEY: key,
        BACKUP_SCHEDULE: "off",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        INTAKE_NOTIFY_TO: "desk@firm.example",
      },
    });
    expect(drillServer.log()).toContain('"outbox_held"');
    // The outbox ran at the start; three seconds more of a working mail server and nothing sent is the test.
    await Bun.sleep(3000);
    expect(smtp.received).toHaveLength(0);
    expect(count(join(drill, "tracewell.db"), "SELECT state FROM mail_outbox")).toEqual([
      { state: "pending" },
      { state: "pending" },
    ]);

    const release = await runBinary(["outbox", "release"], { env: { DATA_DIR: drill } });
    expect(release.code).toBe(0);
    expect(release.stdout).toContain("Released the outbox");
    await smtp.waitFor("the restored request's confirmation", (m) =>
      m.to && "text" in m.to && m.to.text.includes("dana@whitfieldmoss.example") ? true : undefined,
    );
    expect(drillServer.log()).toContain('"outbox_released"');
    expect(await drillServer.stop()).toBe(0);
  });
});

describe("the rollback after an upgrade", () => {
  test("the copy taken before the upgrade is listed, and restores the database as it was", async () => {
    const parent = join(root, "upgraded");
    mkdirSync(parent);
    const dataDir = earlierVersionFolder(
      parent,
      [{ intake: validIntake(new Date(), { email: "kept@example.com" }) }],
      validIntake(new Date(), { email: "gone@example.com" }),
    );
    const backupDir = join(root, "upgrade-backups");
    const server = await startBinary({
      dataDir,
      port: PORT,
      env: { LOG_LEVEL: "info", BACKUP_SCHEDULE: "off", BACKUP_DIR: backupDir },
    });
    expect(server.log()).toContain('"upgrade_snapshot"');
    expect(await server.stop()).toBe(0);
    const [snapshot] = readdirSync(backupDir);
    expect(snapshot).toMatch(/^pre-upgrade-schema-5-\d{8}T\d{9}Z\.twbackup$/);

    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const listed = await runBinary(["backup", "list"], { env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${backupDir} (1 backups)`);
    expect(listed.stdout).toContain(`${snapshot}`);
    expect(listed.stdout).toContain("before an upgrade");

    const rollback = join(root, "rollback");
    const restored = await runBinary(["restore", join(backupDir, snapshot as string), "--into", rollback], {
      env,
    });
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: "" });
    expect(restored.stdout).toContain("schema 5");
    const file = join(rollback, "tracewell.db");
    expect(count(file, "PRAGMA user_version")).toEqual([{ user_version: 5 }]);
    expect(count(file, "SELECT reference FROM contact_submissions")).toEqual([
      { reference: "IR-260105-OLD0" },
    ]);
  });
});
