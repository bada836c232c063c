import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../../src/config";
import { migrate, runMigration } from "../../../src/db";
import { MIGRATIONS } from "../../../src/db/migrations";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { confirmationMessageId } from "../../../src/modules/mail";
import { DATA_KEY_FILE, loadDataKeys } from "../../../src/secrets";
import { makeTestApp } from "../../helpers/app";
import { validIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const [PORT = 0] = freePorts(1);

describe("the outbox carries any kind of mail", () => {
  const smtp = smtpServer(PORT);
  const clock = new Date("2026-11-23T14:00:00.000Z");
  const { request, db, store, app } = makeTestApp(
    {
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${PORT}`,
      MAIL_FROM: '"Tracewell Intake" <intake@tracewell.example>',
      INTAKE_NOTIFY_TO: "desk@tracewell.example",
    },
    { now: () => clock },
  );
  const outbox = app.decorator.mailOutbox;
  const notes = new Map<number, string>([[7, "A note for the desk"]]);
  outbox.register("test-note", (mail) => {
    const text = mail.refId === null ? undefined : notes.get(mail.refId);
    return text
      ? {
          to: "client@example.com",
          subject: "About your request",
          text,
          replyTo: "intake@tracewell.example",
          inReplyTo: "<TW-TEST.confirmation@localhost>",
          references: "<TW-TEST.confirmation@localhost>",
        }
      : null;
  });
  afterAll(() => smtp.close());

  test("a registered kind is rendered at send time with its threading headers", async () => {
    await smtp.listen();
    expect(outbox.enqueue({ kind: "test-note", refId: 7 })).toBeNumber();
    expect(await outbox.runOnce()).toBe(1);
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe("About your request");
    expect(mail?.text?.trim()).toBe("A note for the desk");
    expect(mail?.inReplyTo).toBe("<TW-TEST.confirmation@localhost>");
    expect(mail?.references).toBe("<TW-TEST.confirmation@localhost>");
    expect(mail?.replyTo?.text).toBe("intake@tracewell.example");
  });

  test("a dedupe key queues a mail once, however often it is asked for", () => {
    const first = outbox.enqueue({ kind: "test-note", refId: 7, dedupeKey: "test:2026-11-23" });
    const again = outbox.enqueue({ kind: "test-note", refId: 7, dedupeKey: "test:2026-11-23" });
    expect(first).toBeNumber();
    expect(again).toBeNull();
    const n = db
      .query("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = 'test:2026-11-23'")
      .get() as {
      n: number;
    };
    expect(n.n).toBe(1);
  });

  test("a mail whose subject is gone is dropped, not sent", async () => {
    const id = outbox.enqueue({ kind: "test-note", refId: 99 });
    const before = smtp.received.length;
    await outbox.runOnce();
    expect(smtp.received.length).toBe(before + 1); // only the deduped one from the test above
    expect(db.query("SELECT id FROM mail_outbox WHERE id = ?").get(id)).toBeNull();
  });

  test("the intake confirmation carries the Message-ID a reply can thread to; e-mail look-up by hash", async () => {
    const res = await request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.10" },
      body: JSON.stringify(validIntake(clock, { email: "Thread.Me@Example.com" })),
    });
    expect(res.status).toBe(201);
    await outbox.runOnce();
    const confirmation = smtp.received.find((m) => m.subject?.startsWith("We received your request"));
    const reference = /reference ([A-Z]{2}-[\w-]+)/.exec(confirmation?.subject ?? "")?.[1] ?? "";
    expect(confirmation?.messageId).toBe(
      confirmationMessageId(reference, { publicUrl: "http://localhost:3000" }),
    );
    const ids = contactSubmissions(store).idsByEmail(" thread.me@example.COM");
    expect(ids).toHaveLength(1);
    const stored = db.query("SELECT email_hash FROM contact_submissions WHERE id = ?").get(ids[0] ?? 0) as {
      email_hash: string;
    };
    expect(stored.email_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.email_hash).not.toContain("thread");
  });
});

describe("upgrading a database from before the general outbox", () => {
  test("queued and sent intake mails survive the migration, and duplicates stay impossible", () => {
    const db = new Database(":memory:", { strict: true });
    for (const m of MIGRATIONS.filter((m) => m.version <= 4)) runMigration(db, m);
    db.exec("PRAGMA user_version = 4");
    db.exec(`INSERT INTO contact_submissions (id, reference, name, email, phone, role, matter_type, subject_type,
      jurisdictions, desired_service, description) VALUES (1, 'TW-OLD-1', 'A', 'a@example.com', '5555550100',
      'attorney', 'commercial', 'entity', 'NY', 'asset-map', 'An older request')`);
    db.exec(`INSERT INTO mail_outbox (submission_id, kind, state, next_attempt_at) VALUES
      (1, 'intake-notification', 'sent', '2026-01-01T00:00:00.000Z'),
      (1, 'intake-confirmation', 'pending', '2026-01-01T00:00:00.000Z')`);
    migrate(db);
    const rows = db.query("SELECT kind, state, dedupe_key AS k FROM mail_outbox ORDER BY id").all();
    expect(rows).toEqual([
      { kind: "intake-notification", state: "sent", k: "intake-notification:1" },
      { kind: "intake-confirmation", state: "pending", k: "intake-confirmation:1" },
    ]);
    expect(() =>
      db.exec(
        "INSERT INTO mail_outbox (submission_id, kind, dedupe_key, next_attempt_at) VALUES (1, 'intake-confirmation', 'intake-confirmation:1', 'x')",
      ),
    ).toThrow();
    db.close();
  });
});

describe("the data key", () => {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-key-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("without DATA_KEY one is generated once into DATA_DIR, readable by its owner only", () => {
    const config = loadConfig({ DATA_DIR: dir });
    const first = loadDataKeys(config);
    expect(first).toHaveLength(1);
    expect(statSync(join(dir, DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadDataKeys(config)[0] ?? []).equals(Buffer.from(first[0] ?? []))).toBe(true);
  });

  test("DATA_KEY takes a list, newest first; a malformed one stops the start naming DATA_KEY", () => {
    const a = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
    const b = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
    expect(loadConfig({ DATA_DIR: dir, DATA_KEY: `${a}, ${b}` }).dataKeys).toHaveLength(2);
    expect(() => loadConfig({ DATA_DIR: dir, DATA_KEY: "too-short" })).toThrow(/DATA_KEY/);
    expect(() => loadConfig({ DATA_DIR: dir, DATA_KEY: `${a},${a.slice(4)}` })).toThrow(/DATA_KEY/);
  });
});
