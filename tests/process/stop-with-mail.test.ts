import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, startBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { smtpServer } from "../helpers/smtp";
import { eventually } from "../helpers/wait";

/**
 * Stopping the built executable while a mail server hangs: systemd (deploy/tracewell.service) kills the process
 * 20 s after SIGTERM, skipping the WAL checkpoint, so a stop must not wait on the mail server. The mail the stop
 * interrupted is not lost: it goes out at the next start.
 */
const [HTTP_PORT = 0, SILENT_PORT = 0, SMTP_PORT = 0] = freePorts(3);
const dir = mkdtempSync(join(tmpdir(), "tracewell-stop-mail-"));
const dataDir = join(dir, "data");
const dbFile = join(dataDir, "tracewell.db");
const base = `http://127.0.0.1:${HTTP_PORT}`;

/** A TCP server that accepts connections and never says a word: no SMTP greeting, ever. */
const connections: number[] = [];
const silent = Bun.listen({
  hostname: "127.0.0.1",
  port: SILENT_PORT,
  socket: {
    open() {
      connections.push(Date.now());
    },
    data() {},
  },
});
const smtp = smtpServer(SMTP_PORT);

afterAll(async () => {
  killStarted();
  silent.stop(true);
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = (smtpUrl: string) =>
  startBinary({
    dataDir,
    port: HTTP_PORT,
    cwd: dir,
    env: { SMTP_URL: smtpUrl, INTAKE_NOTIFY_TO: "desk@tracewell.example", LOG_LEVEL: "info" },
  });

describe("stopping while the mail server never answers", () => {
  let reference = "";

  test("SIGTERM exits 0 within 10 s, with the database checkpointed and the mail still queued", async () => {
    const server = await start(`smtp://127.0.0.1:${SILENT_PORT}`);
    const res = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(validIntake(new Date())),
    });
    expect(res.status).toBe(201);
    reference = ((await res.json()) as { reference: string }).reference;
    // The worker is now waiting for a greeting that never comes.
    await eventually(() => connections.length > 0, { timeoutMs: 5000 });
    expect(connections.length).toBeGreaterThan(0);

    const signalled = performance.now();
    const code = await server.stop("SIGTERM");
    const stopMs = performance.now() - signalled;
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    expect(server.log()).toContain('"event":"stopped"');

    // Checkpointed: nothing is left in the write-ahead log.
    const wal = `${dbFile}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const db = new Database(dbFile, { readonly: true });
    const mail = db
      .query(
        `SELECT m.kind, m.state, m.attempts FROM mail_outbox m JOIN contact_submissions s ON s.id = m.submission_id
         WHERE s.reference = ? ORDER BY m.id`,
      )
      .all(reference);
    db.close();
    // Interrupted, not failed: neither message counts an attempt, both wait for the next start.
    expect(mail).toEqual([
      { kind: "intake-notification", state: "pending", attempts: 0 },
      { kind: "intake-confirmation", state: "pending", attempts: 0 },
    ]);
  }, 30_000);

  test("at the next start, with a working mail server, the interrupted mail is sent", async () => {
    await smtp.listen();
    const server = await start(`smtp://127.0.0.1:${SMTP_PORT}`);
    const about = () => smtp.received.filter((m) => m.subject?.includes(reference));
    await eventually(() => about().length >= 2, { timeoutMs: 10_000 });
    const to = about().map((m) => (m.to && "text" in m.to ? m.to.text.toLowerCase() : ""));
    expect(to.sort()).toEqual(["desk@tracewell.example", "dwhitfield@whitfieldmoss.example"]);
    expect(await server.stop()).toBe(0);
  }, 30_000);
});
