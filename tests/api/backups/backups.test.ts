import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { waitUntil } from "../../helpers/wait";

setDefaultTimeout(30_000);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
// A Monday at 09:00 in New York: the digest's hour on a business day.
let clock = new Date("2026-11-23T14:00:00Z");
const { request, app, dataDir } = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: '"Tracewell Intake" <intake@tracewell.example>',
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
  },
  { now: () => clock },
);
let cookie = await signIn(request, USER, PASSWORD);
const API = "/api/admin/backups";

type View = {
  schedule: string;
  targets: { kind: string; where: string }[];
  last: { at: string; ok: boolean; bytes: number; verified: boolean } | null;
  warning: string | null;
  running: boolean;
  items: { at: string; ok: boolean; name: string | null; error: string | null }[];
  outbox: { held: unknown; waitingForDataKey: number };
};
const view = async () => (await (await request(API, withCookie(cookie))).json()) as View;
const startNow = () =>
  request(API, withCookie(cookie, { method: "POST", headers: { origin: "http://localhost:3000" } }));

describe("/api/admin/backups", () => {
  test("only staff see it", async () => {
    expect((await request(API)).status).toBe(401);
    expect(
      (await request(API, { method: "POST", headers: { origin: "http://localhost:3000" } })).status,
    ).toBe(401);
  });

  test("it gives the schedule, the targets and no run yet", async () => {
    expect(await view()).toMatchObject({
      schedule: "30 2 * * *",
      targets: [{ kind: "folder", where: join(dataDir, "backups") }],
      last: null,
      warning: null,
      items: [],
    });
  });

  test("POST starts one now (202) and it is listed, verified, when done", async () => {
    const res = await startNow();
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ started: true });
    const done = await waitUntil("the run listed", async () => {
      const v = await view();
      return v.items.length === 1 && !v.running ? v : null;
    });
    expect(done.last).toMatchObject({ at: clock.toISOString(), ok: true, verified: true });
    expect(done.last?.bytes).toBeGreaterThan(0);
    // "Take a backup now" is a manual backup: named apart, to the millisecond, and never the keep rule's (ADR 287).
    expect(done.items[0]?.name).toBe("tracewell-manual-20261123T140000000Z.twbackup");
    expect(done.warning).toBeNull();
    expect(done.outbox).toEqual({ held: null, waitingForDataKey: 0 });
  });

  test("a failed run is listed with its error, warns, and the morning digest says so", async () => {
    // The backup folder cannot be made: a file stands where it should be.
    rmSync(join(dataDir, "backups"), { recursive: true, force: true });
    writeFileSync(join(dataDir, "backups"), "not a folder");
    clock = new Date("2026-11-24T14:00:00Z");
    cookie = await signIn(request, USER, PASSWORD);
    expect((await startNow()).status).toBe(202);
    const failed = await waitUntil("the failed run listed", async () => {
      const v = await view();
      return v.items.length === 2 && !v.running ? v : null;
    });
    expect(failed.last).toMatchObject({ ok: false, verified: false });
    expect(failed.items[0]?.error).toBeTruthy();
    expect(failed.warning).toContain("failed");

    // Nothing else waits today: the backup alone sends the digest.
    await smtp.listen();
    expect(app.decorator.deskDigest.sendNow()).toMatchObject({ sent: true });
    await app.decorator.mailOutbox.runOnce();
    const digest = smtp.received.find((m) => m.subject?.startsWith("Intake desk"));
    expect(digest?.subject).toContain("backups need attention");
    expect(digest?.text).toContain("Backups need attention");
    expect(digest?.text).toContain("failed");
  });
});
