import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { MANIFEST } from "../../src/generated/assets";
import { openDataStore } from "../../src/ops/data-store";
import { runBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { smtpServer } from "../helpers/smtp";

/** `tracewell digest` as an operator runs it: the built executable, a real SMTP server, the real clock. */
const [SMTP_PORT = 0, REFUSING_PORT = 0] = freePorts(2);
const dir = mkdtempSync(join(tmpdir(), "tracewell-digest-"));
const dataDir = join(dir, "data");
const smtp = smtpServer(SMTP_PORT);
const { received } = smtp;
afterAll(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const ENV = {
  DATA_DIR: dataDir,
  PUBLIC_URL: "https://www.tracewell.example",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
  LOG_LEVEL: "error",
};

const digest = (env: Record<string, string> = ENV) => runBinary(["digest"], { cwd: dir, env });

describe("tracewell digest", () => {
  let reference = "";

  test("sends today's digest now with an overdue request, and only the digest", async () => {
    await smtp.listen();
    // A request from January, filed through the API with a clock of then: long overdue today.
    const then = new Date("2026-01-06T15:00:00Z");
    const store = openDataStore(loadConfig(ENV), { clock: () => then });
    const { db } = store;
    const app = createApp({ config: loadConfig(ENV), store, manifest: MANIFEST });
    const res = await app.handle(
      new Request("https://www.tracewell.example/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validIntake(then)),
      }),
    );
    expect(res.status).toBe(201);
    reference = ((await res.json()) as { reference: string }).reference;
    db.close();

    const run = await digest();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Digest for \d{4}-\d\d-\d\d sent to desk@tracewell\.example: 1 overdue, 0 due today\.\n$/,
    );
    // The request's own two e-mails stay for the server: the command sends its digest only.
    expect(received.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Intake desk for .*: 1 overdue$/),
    ]);
    expect(received[0]?.text).toContain(`- ${reference} · Asset Map`);
    expect(received[0]?.text).toContain("https://www.tracewell.example/admin/submissions/1");
    expect(received[0]?.text).not.toContain("Whitfield");
  }, 30_000);

  test("sends nothing when nothing waits, and says so", async () => {
    const db = new Database(join(dataDir, "tracewell.db"));
    db.run("UPDATE contact_submissions SET first_response_at = submitted_at, status = 'in-review'");
    db.close();
    const run = await digest();
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Nothing waits for a first response on \d{4}-\d\d-\d\d: no digest sent\.\n$/);
    expect(received).toHaveLength(1);
  }, 30_000);

  test("a refused digest says why in the server's words, and exits 1", async () => {
    const refusing = smtpServer(REFUSING_PORT, { refuse: ["desk@tracewell.example"] });
    await refusing.listen();
    try {
      const db = new Database(join(dataDir, "tracewell.db"));
      db.run("UPDATE contact_submissions SET first_response_at = NULL, status = 'new'");
      db.run("DELETE FROM mail_outbox WHERE kind = 'desk-digest'");
      db.close();
      const run = await digest({ ...ENV, SMTP_URL: `smtp://127.0.0.1:${REFUSING_PORT}` });
      expect(run.code).toBe(1);
      // The error is stored encrypted; the operator reads it as the mail server wrote it.
      expect(run.stderr).toContain("Digest queued; sending failed (");
      expect(run.stderr).toContain("No such mailbox");
      expect(run.stderr).not.toContain("enc:v1:");
      expect(refusing.received).toHaveLength(0);
    } finally {
      await refusing.close();
    }
  }, 30_000);

  test("--help names the command and the clock's settings", async () => {
    const { stdout: help } = await runBinary(["--help"], { cwd: dir, env: ENV });
    expect(help).toContain("tracewell digest");
    for (const name of ["FIRM_TIMEZONE", "BUSINESS_HOURS", "HOLIDAYS", "RESPONSE_SLA_HOURS"]) {
      expect(help).toContain(name);
    }
  });
});
