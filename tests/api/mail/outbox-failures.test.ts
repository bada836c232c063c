import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mailOutboxRepo } from "../../../src/modules/mail";
import { makeTestApp } from "../../helpers/app";
import { capturingLogger, fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const [PORT = 0] = freePorts(1);

/**
 * One mail that cannot be sent must never hold up the others: whatever goes wrong with a row (its renderer
 * throws, what it is about cannot be decrypted, the bookkeeping after sending fails, its kind is unknown to
 * this version), the mails behind it are delivered and the row says why it did not go.
 */
describe("one bad mail does not stall the outbox", () => {
  const smtp = smtpServer(PORT);
  const clock = { at: new Date("2026-11-23T14:00:00.000Z") };
  const { logger, lines } = capturingLogger();
  const app = makeTestApp(
    { TRUST_PROXY: "1", SMTP_URL: `smtp://127.0.0.1:${PORT}`, INTAKE_NOTIFY_TO: "desk@tracewell.example" },
    { now: () => clock.at, logger },
  );
  const { db } = app;
  const outbox = app.app.decorator.mailOutbox;
  const repo = mailOutboxRepo(app.store);
  const good = (to: string) => ({ to, subject: `For ${to}`, text: "Hello" });
  const subjects = () => smtp.received.map((m) => m.subject);
  const state = (id: number | null) => repo.delivery(id ?? 0);
  /** Earlier than anything queued by the tests, so the bad row is first in the queue. */
  const first = () => new Date(clock.at.getTime() - 60_000).toISOString();

  outbox.register("test-good", (mail) => good(`good-${mail.refId}@example.com`));
  outbox.register("test-throws", () => {
    throw new Error("The template for this mail is missing");
  });
  let hookCalls = 0;
  outbox.register(
    "test-hook-throws",
    (mail) => good(`hooked-${mail.refId}@example.com`),
    () => {
      hookCalls++;
      throw new Error("The bookkeeping after sending failed");
    },
  );

  beforeAll(() => smtp.listen());
  afterAll(() => smtp.close());

  test("a renderer that throws: its mail is failed with the reason, the mails behind it are delivered", async () => {
    const bad = outbox.enqueue({ kind: "test-throws", refId: 1, at: first() });
    const intake = await fileIntake(app, clock.at);
    const behind = outbox.enqueue({ kind: "test-good", refId: 2 });

    expect(await outbox.runOnce()).toBe(3);
    expect(subjects()).toContain("For good-2@example.com");
    expect(smtp.received.filter((m) => m.subject?.includes(intake.reference))).toHaveLength(2);
    expect(state(behind)?.state).toBe("sent");
    expect(state(bad)).toMatchObject({ state: "failed", attempts: 1 });
    expect(state(bad)?.lastError).toContain("The template for this mail is missing");
    expect(lines.some((l) => l.includes('"event":"mail_failed"') && l.includes('"kind":"test-throws"'))).toBe(
      true,
    );

    // Given up, it is not tried again on the next run.
    const before = smtp.received.length;
    expect(await outbox.runOnce()).toBe(0);
    expect(smtp.received.length).toBe(before);
    expect(state(bad)?.attempts).toBe(1);
  });

  test("a request whose stored data cannot be decrypted: its mails wait, never given up, the next request's go out", async () => {
    const damaged = await fileIntake(app, clock.at, { email: "damaged@example.com" });
    // A damaged ciphertext (a bad restore, a disk error): the renderer's read fails to decrypt it.
    const stored = db.query("SELECT email FROM contact_submissions WHERE id = ?").get(damaged.id) as {
      email: string;
    };
    const flipped = `${stored.email.slice(0, -6)}${stored.email.slice(-6, -5) === "A" ? "B" : "A"}${stored.email.slice(-5)}`;
    db.query("UPDATE contact_submissions SET email = ? WHERE id = ?").run(flipped, damaged.id);
    db.query("UPDATE mail_outbox SET next_attempt_at = ? WHERE submission_id = ?").run(first(), damaged.id);
    const healthy = await fileIntake(app, clock.at, { email: "healthy@example.com" });

    await outbox.runOnce();
    const to = smtp.received.flatMap((m) => (m.subject?.includes(healthy.reference) ? [m.subject] : []));
    expect(to).toHaveLength(2);
    expect(smtp.received.some((m) => m.subject?.includes(damaged.reference))).toBe(false);
    // Not the mail's fault (ADR 286): pending, no attempt counted, the reason on the desk's and dashboard's lists.
    const waiting = repo.forSubmission(damaged.id);
    expect(waiting.map((m) => [m.state, m.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
    for (const m of waiting)
      expect(m.lastError).toMatch(/Waiting for the data key: .*could not be decrypted/);
    expect(repo.keyWaits()).toBe(2);
    // Logged once, however many mails wait.
    expect(lines.filter((l) => l.includes('"event":"mail_waiting_for_data_key"'))).toHaveLength(1);
    // Repaired (the backup's copy put back, say), they go.
    db.query("UPDATE contact_submissions SET email = ? WHERE id = ?").run(stored.email, damaged.id);
    clock.at = new Date(clock.at.getTime() + 61_000);
    await outbox.runOnce();
    expect(repo.forSubmission(damaged.id).map((m) => m.state)).toEqual(["sent", "sent"]);
    expect(repo.keyWaits()).toBe(0);
  });

  test("a hook after sending that throws: the mail is recorded as sent once, and the rest go on", async () => {
    const hooked = outbox.enqueue({ kind: "test-hook-throws", refId: 3, at: first() });
    const behind = outbox.enqueue({ kind: "test-good", refId: 4 });

    await outbox.runOnce();
    await outbox.runOnce();
    expect(subjects().filter((s) => s === "For hooked-3@example.com")).toHaveLength(1);
    expect(subjects()).toContain("For good-4@example.com");
    expect(state(hooked)).toMatchObject({ state: "sent", attempts: 1 });
    expect(state(behind)?.state).toBe("sent");
    expect(hookCalls).toBe(1);
  });

  test("mails of a kind this version does not know stay queued, and never hold up the known ones", async () => {
    // More of them than one run takes, all due before anything else.
    const unknown = Array.from({ length: 30 }, (_, i) =>
      outbox.enqueue({ kind: "from-a-newer-version", refId: i, at: first() }),
    );
    const behind = outbox.enqueue({ kind: "test-good", refId: 5 });

    await outbox.runOnce();
    expect(subjects()).toContain("For good-5@example.com");
    expect(state(behind)?.state).toBe("sent");
    for (const id of unknown) expect(state(id)).toMatchObject({ state: "pending", attempts: 0 });
  });
});

describe("a mail server that accepts and never greets", () => {
  const [SILENT = 0] = freePorts(1);
  const silent = Bun.listen({ hostname: "127.0.0.1", port: SILENT, socket: { data() {} } });
  afterAll(() => silent.stop(true));
  const app = makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${SILENT}` });
  const outbox = app.app.decorator.mailOutbox;
  outbox.register("test-good", () => ({ to: "client@example.com", subject: "Hello", text: "Hello" }));

  test("holds an attempt for the 10 s greeting timeout, then the attempt fails and is retried later", async () => {
    const id = outbox.enqueue({ kind: "test-good", refId: 1 });
    const started = performance.now();
    expect(await outbox.runOnce()).toBe(0);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(9_000);
    expect(waited).toBeLessThan(15_000);
    const delivery = mailOutboxRepo(app.store).delivery(id ?? 0);
    expect(delivery).toMatchObject({ state: "pending", attempts: 1 });
    expect(delivery?.lastError).toMatch(/greeting/i);
  }, 40_000);
});
