import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createDataCipher } from "../../../src/db/cipher";
import { HOLDER_STALE_MS, holdKeys } from "../../../src/db/data-key-holders";
import { rotateStoredValues, storedValues } from "../../../src/db/encryption";
import { holdOutbox, mailOutboxRepo, outboxHold } from "../../../src/modules/mail";
import { openDataStore } from "../../../src/ops/data-store";
import { keysCli, newDataKey } from "../../../src/ops/keys-cli";
import { post, signIn, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

/**
 * What keeps mail from going is never a reason to lose it (ADRs 286 and 287): mail whose data this server's key
 * cannot read waits and says why; `keys rotate` refuses while a running server lacks the new key; a restored
 * folder's outbox sends nothing until an owner releases it.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [PORT = 0] = freePorts(1);
const smtp = smtpServer(PORT);
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

const OLD = newDataKey();
const NEW = newDataKey();
const clock = { at: new Date("2026-11-23T14:00:00.000Z") };
const app = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    DATA_KEY: OLD,
  },
  { now: () => clock.at },
);
const outbox = app.app.decorator.mailOutbox;
const repo = mailOutboxRepo(app.store);
const keyIdOf = (key: string) => createDataCipher([Buffer.from(key, "base64")]).keyIds[0] as string;
const rotator = () => {
  const lines = { out: "", err: "" };
  const code = keysCli(["rotate"], {
    openStore: () => ({
      ...openDataStore(loadTestConfig({ DATA_DIR: app.dataDir, DATA_KEY: `${NEW},${OLD}` })),
      dataDir: app.dataDir,
    }),
    io: { stdout: (s) => (lines.out += s), stderr: (s) => (lines.err += s) },
    now: () => clock.at,
  });
  return { code, ...lines };
};

describe("keys rotate asks the running servers first", () => {
  test("a server holding only the old key: exit 1, what to do, and nothing re-encrypted", async () => {
    await fileIntake(app, clock.at, { email: "waits@example.com" });
    const server = holdKeys(app.db, app.store.cipher, () => clock.at);
    const before = [...storedValues(app.db).byKey.entries()];
    const refused = rotator();
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`does not hold the new key ${keyIdOf(NEW)}`);
    expect(refused.err).toContain(`holding key ${keyIdOf(OLD)}`);
    expect(refused.err).toContain("DATA_KEY=NEW,OLD");
    expect(refused.err).toContain('run "tracewell keys rotate" again');
    expect(refused.out).toBe("");
    expect([...storedValues(app.db).byKey.entries()]).toEqual(before);

    // A server killed long ago (no stop removed its row) holds nothing: only live ones count.
    server.beat();
    clock.at = new Date(clock.at.getTime() + HOLDER_STALE_MS + 1000);
    const rotated = rotator();
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain("are no longer needed");
    server.stop();
  });
});

describe("mail whose data the server's key cannot read", () => {
  test("waits, its attempts uncounted, and the dashboard, the desk and the backups' view say why", async () => {
    const filed = await fileIntake(app, clock.at, { email: "late@example.com" });
    // As a rotation run behind this server's back leaves it: every value under a key it does not hold.
    rotateStoredValues(app.db, createDataCipher([NEW, OLD].map((k) => Buffer.from(k, "base64"))));
    expect(await outbox.runOnce()).toBe(0);
    const mails = repo.forSubmission(filed.id);
    expect(mails.map((m) => [m.state, m.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
    expect(mails[0]?.lastError).toContain(`written with key ${keyIdOf(NEW)}, which DATA_KEY does not hold`);
    expect(repo.counts().failed).toBe(0);

    const cookie = await signIn(app.request, USER, PASSWORD);
    const overview = (await (await app.request("/api/admin/desk/overview", withCookie(cookie))).json()) as {
      failedMail: { state: string; lastError: string }[];
    };
    expect(overview.failedMail.length).toBeGreaterThanOrEqual(2);
    // Retrying, none given up.
    expect(overview.failedMail.every((m) => m.state === "retrying")).toBe(true);
    expect(overview.failedMail[0]?.lastError).toContain("Waiting for the data key");
    const view = (await (await app.request("/api/admin/backups", withCookie(cookie))).json()) as {
      outbox: { held: unknown; waitingForDataKey: number };
    };
    expect(view.outbox).toEqual({ held: null, waitingForDataKey: repo.keyWaits() });
    expect(view.outbox.waitingForDataKey).toBeGreaterThanOrEqual(2);

    // A request's page the key cannot read: a 503 that says what to do, never a bare 500.
    const detail = await app.request(`/api/admin/submissions/${filed.id}`, withCookie(cookie));
    expect(detail.status).toBe(503);
    expect(((await detail.json()) as { error: string }).error).toContain("DATA_KEY");
  });
});

describe("a restored folder's held outbox", () => {
  test("sends nothing until an owner releases it", async () => {
    const fresh = makeTestApp(
      {
        ADMIN_USERNAME: USER,
        ADMIN_PASSWORD: PASSWORD,
        TRUST_PROXY: "1",
        SMTP_URL: `smtp://127.0.0.1:${PORT}`,
      },
      { now: () => clock.at },
    );
    const held = fresh.app.decorator.mailOutbox;
    holdOutbox(fresh.dataDir, { since: clock.at, reason: "Restored from a drill" });
    const filed = await fileIntake(fresh, clock.at, { email: "drill@example.com" });
    expect(await held.runOnce()).toBe(0);
    expect(smtp.received.some((m) => m.subject?.includes(filed.reference))).toBe(false);

    const cookie = await signIn(fresh.request, USER, PASSWORD);
    const view = (await (await fresh.request("/api/admin/backups", withCookie(cookie))).json()) as {
      outbox: { held: { since: string; reason: string } | null };
    };
    expect(view.outbox.held).toEqual({ since: clock.at.toISOString(), reason: "Restored from a drill" });

    expect((await fresh.request("/api/admin/backups/outbox/release", post())).status).toBe(401);
    const released = await fresh.request("/api/admin/backups/outbox/release", withCookie(cookie, post()));
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ released: true });
    expect(outboxHold(fresh.dataDir)).toBeNull();
    expect(await held.runOnce()).toBeGreaterThanOrEqual(1);
    expect(smtp.received.some((m) => m.subject?.includes(filed.reference))).toBe(true);
    const again = await fresh.request("/api/admin/backups/outbox/release", withCookie(cookie, post()));
    expect(await again.json()).toEqual({ released: false });
  });
});
