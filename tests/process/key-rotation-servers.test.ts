import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryEnv, killStarted, runBinary, type StartedBinary, startBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { smtpServer } from "../helpers/smtp";
import { waitUntil } from "../helpers/wait";

setDefaultTimeout(120_000);

/**
 * The rotation that cannot lose (ADR 286), as an operator meets it: the server still runs with the old key alone
 * when `keys rotate` is run with DATA_KEY=NEW,OLD. The rotation refuses (exit 1, what to do) and rewrites
 * nothing; after the restart the guide asks for (both keys), it succeeds, and every queued mail is still there
 * and then sent: none given up.
 */
const [HTTP_PORT = 0, SMTP_PORT = 0] = freePorts(2);
const dir = mkdtempSync(join(tmpdir(), "tracewell-rotation-servers-"));
const dataDir = join(dir, "data");
const base = `http://127.0.0.1:${HTTP_PORT}`;
const send = sender(base);
const smtp = smtpServer(SMTP_PORT);
const SETTINGS = {
  PUBLIC_URL: base,
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  BACKUP_SCHEDULE: "off",
};
let server: StartedBinary | undefined;

afterAll(async () => {
  await server?.stop();
  killStarted();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const generateKey = async () => (await runBinary(["keys", "generate"])).stdout.trim();
const mailStates = () => {
  const db = new Database(join(dataDir, "tracewell.db"), { readonly: true });
  try {
    return db.query("SELECT state, count(*) AS n FROM mail_outbox GROUP BY state ORDER BY state").all() as {
      state: string;
      n: number;
    }[];
  } finally {
    db.close();
  }
};

describe("keys rotate while a server holds only the old key", () => {
  test("exits 1 with what to do; after a restart with both keys it succeeds, and no mail is lost", async () => {
    const [OLD, NEW] = [await generateKey(), await generateKey()];
    // The mail server is not configured yet: every mail waits in the outbox.
    server = await startBinary({ dataDir, port: HTTP_PORT, env: { ...SETTINGS, DATA_KEY: OLD } });
    for (const email of ["dana@whitfieldmoss.example", "lee@harrowgate.example"]) {
      const res = await send("/api/contact", { body: validIntake(new Date(), { email }) });
      expect(res.status).toBe(201);
    }
    expect(mailStates()).toEqual([{ state: "pending", n: 4 }]);

    const rotate = () =>
      runBinary(["keys", "rotate"], {
        env: binaryEnv(dataDir, HTTP_PORT, { ...SETTINGS, DATA_KEY: `${NEW},${OLD}` }),
      });
    const refused = await rotate();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Nothing was re-encrypted");
    expect(refused.stderr).toContain(`pid ${server.proc.pid}`);
    expect(refused.stderr).toContain("DATA_KEY=NEW,OLD");
    expect(refused.stderr).toContain('then run "tracewell keys rotate" again');
    expect(refused.stdout).not.toContain("no longer needed");
    // The server still reads everything it stored.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(mailStates()).toEqual([{ state: "pending", n: 4 }]);

    // The way out it names: both keys, a restart, the rotation again.
    expect(await server.stop()).toBe(0);
    await smtp.listen();
    server = await startBinary({
      dataDir,
      port: HTTP_PORT,
      env: { ...SETTINGS, DATA_KEY: `${NEW},${OLD}`, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
    });
    const rotated = await rotate();
    expect({ code: rotated.code, stderr: rotated.stderr }).toEqual({ code: 0, stderr: "" });
    expect(rotated.stdout).toContain("are no longer needed");

    await smtp.waitFor("the second request's confirmation", (m) =>
      m.to && "text" in m.to && m.to.text.includes("lee@harrowgate.example") ? true : undefined,
    );
    await waitUntil("all four mails", async () => smtp.received.length >= 4 || null, { timeoutMs: 30_000 });
    expect(smtp.received).toHaveLength(4);
    expect(mailStates()).toEqual([{ state: "sent", n: 4 }]);
    expect(server.log()).not.toContain('"mail_failed"');

    // With every server holding the new key, the old one goes: a start with NEW alone reads it all.
    expect(await server.stop()).toBe(0);
    server = await startBinary({ dataDir, port: HTTP_PORT, env: { ...SETTINGS, DATA_KEY: NEW } });
    expect(await server.stop()).toBe(0);
    server = undefined;
  });
});
