import { afterAll, describe, expect, test } from "bun:test";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { capturingLogger, fileIntake } from "../../helpers/intake";
import { validIntake } from "../../helpers/intake-body";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const [SMTP_PORT = 0, CLOSED_PORT = 0] = freePorts(2);
const smtp = smtpServer(SMTP_PORT);
await smtp.listen();
afterAll(() => smtp.close());
// A Monday, 15:00 in New York: a request filed the week before is overdue on the business clock.
const now = new Date("2026-11-23T20:00:00Z");
let clock = now;
const app = makeTestApp(
  {
    METRICS_TOKEN: TOKEN,
    TRUST_PROXY: "true",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    ADMIN_USERNAME: "morgan",
    ADMIN_PASSWORD: "trace every transfer",
  },
  { now: () => clock },
);
const cookie = await signIn(app.request, "morgan", "trace every transfer");
const scrape = (authorization?: string) =>
  app.request("/metrics", authorization ? { headers: { authorization } } : undefined);

/** The value of one sample: the metric's name and exactly these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? "").split(",").filter(Boolean).sort().join(",");
    if (got === want) return Number(m[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  test("only with the bearer token: 401 without it or with another, never the metrics", async () => {
    for (const header of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, "Bearer "]) {
      const res = await scrape(header);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      expect(await res.text()).not.toContain("tracewell_");
    }
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
  });

  test("requests are counted by route template and status, never by the raw path", async () => {
    for (const id of [101, 102, 103]) await app.request(`/api/admin/submissions/${id}`, withCookie(cookie));
    // Refused by the sign-in guard before any route is chosen: counted, under no template.
    await app.request("/api/admin/submissions/104");
    await app.request("/no-such-page-7f3a");
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const count = (route: string, status: string) =>
      sample(text, "tracewell_http_request_duration_seconds_count", { method: "GET", route, status });
    expect(count("/api/admin/submissions/:id", "404")).toBe(3);
    expect(count("(unrouted)", "401")).toBe(1);
    expect(text).not.toContain("/api/admin/submissions/101");
    expect(text).not.toContain("no-such-page-7f3a");
    expect(
      sample(text, "tracewell_http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/api/admin/submissions/:id",
        status: "404",
        le: "+Inf",
      }),
    ).toBe(3);
  });

  test("intakes accepted and refused by reason", async () => {
    await fileIntake(app, now);
    await fileIntake(app, now);
    const post = (body: unknown, ip: string) =>
      app.request("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify(body),
      });
    expect((await post(validIntake(now, { email: "not an address" }), "198.51.100.1")).status).toBe(422);
    await post(validIntake(now, { website: "https://spam.example" }), "198.51.100.2");
    await post(validIntake(now, { formStartTime: now.getTime() - 500 }), "198.51.100.3");
    expect(
      (
        await app.request("/api/contact", {
          method: "POST",
          headers: { "content-type": "text/plain", "x-forwarded-for": "198.51.100.4" },
          body: "hello",
        })
      ).status,
    ).toBe(415);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const intakes = (labels: Record<string, string>) => sample(text, "tracewell_intakes_total", labels);
    expect(intakes({ outcome: "accepted", reason: "" })).toBe(2);
    expect(intakes({ outcome: "refused", reason: "invalid" })).toBe(1);
    expect(intakes({ outcome: "refused", reason: "honeypot" })).toBe(1);
    expect(intakes({ outcome: "refused", reason: "too_fast" })).toBe(1);
    expect(intakes({ outcome: "refused", reason: "unreadable" })).toBe(1);
    expect(intakes({ outcome: "refused", reason: "rate_limit" })).toBe(0);
  });

  test("outbox, overdue requests, the last backup, storage, memory and event-loop lag", async () => {
    clock = new Date(now.getTime() - 7 * 86_400_000);
    const filed = await fileIntake(app, clock);
    clock = now;
    app.db.run(
      "UPDATE mail_outbox SET state = 'failed' WHERE id = (SELECT min(id) FROM mail_outbox WHERE submission_id = ?)",
      [filed.id],
    );
    const pending = app.db.query("SELECT count(*) AS n FROM mail_outbox WHERE state = 'pending'").get() as {
      n: number;
    };
    app.db.run(
      "INSERT INTO backup_runs (at, ok, verified, bytes, name, targets, error) VALUES (?, 1, 1, 123456, 'b.tracewell-backup', '[]', NULL)",
      ["2026-11-23T07:30:00.000Z"],
    );
    writeFileSync(join(app.dataDir, "documents", "0123456789abcdef0123456789abcdef"), new Uint8Array(4096));
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, "tracewell_outbox_mails", { state: "failed" })).toBe(1);
    expect(sample(text, "tracewell_outbox_mails", { state: "pending" })).toBe(pending.n);
    expect(sample(text, "tracewell_requests_overdue")).toBe(1);
    expect(sample(text, "tracewell_backup_last_success_timestamp_seconds")).toBe(
      Date.parse("2026-11-23T07:30:00Z") / 1000,
    );
    expect(sample(text, "tracewell_backup_last_success_bytes")).toBe(123456);
    expect(sample(text, "tracewell_storage_bytes", { part: "database" })).toBeGreaterThan(4096);
    expect(sample(text, "tracewell_storage_bytes", { part: "wal" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "tracewell_storage_bytes", { part: "documents" })).toBe(4096);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });
});

const plainLog = capturingLogger();
const plain = makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${CLOSED_PORT}` }, { logger: plainLog.logger });

describe("without METRICS_TOKEN", () => {
  test("/metrics is not served (404), whatever is sent", async () => {
    expect((await plain.request("/metrics")).status).toBe(404);
    expect((await plain.request("/metrics", { headers: { authorization: "Bearer anything" } })).status).toBe(
      404,
    );
  });

  test("a token shorter than 16 characters is refused at start, named", () => {
    expect(() => makeTestApp({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});

describe("/readyz and /healthz", () => {
  test("ready: the search index built and the mail server answering", async () => {
    await app.store.search.whenReady();
    const res = await app.request("/readyz");
    expect(await res.json()).toEqual({ status: "ready", checks: { search: "ok", data: "ok", mail: "ok" } });
    expect(res.status).toBe(200);
  });

  test("503 when the mail server does not answer, naming no host in the answer and the cause in the log; /healthz stays 200", async () => {
    await plain.store.search.whenReady();
    const res = await plain.request("/readyz");
    expect(res.status).toBe(503);
    const text = await res.text();
    const body = JSON.parse(text) as {
      status: string;
      checks: { search: unknown; data: unknown; mail: { error: string } };
    };
    expect(body.status).toBe("not ready");
    expect(body.checks.search).toBe("ok");
    expect(body.checks.data).toBe("ok");
    expect(body.checks.mail.error).toBe(
      "the mail server (SMTP_URL) does not answer; the server's log says why (readiness_failed)",
    );
    // Anyone may ask /readyz: the mail server's address and the connection error are for the log only.
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain(String(CLOSED_PORT));
    expect(text).not.toMatch(/ECONNREFUSED/);
    const failed = plainLog.lines.map((l) => JSON.parse(l)).filter((l) => l.event === "readiness_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0].checks.mail).toMatch(/ECONNREFUSED|connect/i);
    // Asked again with the same cause, the log is not repeated.
    expect((await plain.request("/readyz")).status).toBe(503);
    expect(plainLog.lines.filter((l) => l.includes('"readiness_failed"'))).toHaveLength(1);
    expect((await plain.request("/healthz")).status).toBe(200);
  });

  test("503 while the data folder cannot be written, the folder named in the log only", async () => {
    const log = capturingLogger();
    let clock = new Date("2026-12-02T15:00:00Z");
    // The probe's answer is kept 2 s (DATA_DIR_CHECK_MS): the clock passes them at each change.
    const later = () => {
      clock = new Date(clock.getTime() + 2000);
    };
    const noMail = makeTestApp({}, { logger: log.logger, now: () => clock });
    await noMail.store.search.whenReady();
    expect((await noMail.request("/readyz")).status).toBe(200);
    // The open database keeps working while its folder is moved away and a file stands in its place: no file
    // can be made at DATA_DIR, as on a disk remounted read-only.
    const moved = `${noMail.dataDir}-moved`;
    renameSync(noMail.dataDir, moved);
    writeFileSync(noMail.dataDir, "");
    // Within the 2 s the kept answer stands; past them the folder is probed again.
    expect((await noMail.request("/readyz")).status).toBe(200);
    later();
    try {
      const res = await noMail.request("/readyz");
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text).checks.data).toEqual({
        error: "the data folder (DATA_DIR) cannot be written; the server's log says why (readiness_failed)",
      });
      expect(text).not.toContain(noMail.dataDir);
      const failed = log.lines.map((l) => JSON.parse(l)).find((l) => l.event === "readiness_failed");
      expect(failed?.checks.data).toContain(noMail.dataDir);
    } finally {
      rmSync(noMail.dataDir);
      renameSync(moved, noMail.dataDir);
    }
    later();
    expect((await noMail.request("/readyz")).status).toBe(200);
    expect(log.lines.some((l) => l.includes('"readiness_restored"'))).toBe(true);
  });

  test("mail not configured is off, not a failure", async () => {
    const noMail = makeTestApp();
    await noMail.store.search.whenReady();
    const res = await noMail.request("/readyz");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { checks: { mail: string } }).checks.mail).toBe("off");
  });
});
