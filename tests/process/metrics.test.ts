import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newDataKey } from "../../src/ops/keys-cli";
import { killStarted, startBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";

/**
 * The built executable's /metrics, read by Prometheus's own checker (issue 31): what an operator's scrape gets
 * is valid exposition text, with the series the operations guide names.
 */
const TOKEN = "a-metrics-token-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "tracewell-metrics-"));
afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /metrics on the built binary", () => {
  test("passes promtool check metrics, with the series the guide names", async () => {
    const server = await startBinary({
      dataDir: join(dir, "data"),
      env: { DATA_KEY: newDataKey(), METRICS_TOKEN: TOKEN, LOG_LEVEL: "warn" },
    });
    // Something to count: a page, an asset-less 404, an accepted intake and a refused one.
    await fetch(`${server.base}/`);
    await fetch(`${server.base}/no-such-page`);
    const post = (body: unknown) =>
      fetch(`${server.base}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.base },
        body: JSON.stringify(body),
      });
    expect((await post(validIntake(new Date()))).status).toBe(201);
    expect((await post(validIntake(new Date(), { email: "nope" }))).status).toBe(422);

    expect((await fetch(`${server.base}/metrics`)).status).toBe(401);
    const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const name of [
      "tracewell_http_request_duration_seconds_bucket",
      'tracewell_intakes_total{outcome="accepted",reason=""} 1',
      'tracewell_intakes_total{outcome="refused",reason="invalid"} 1',
      'tracewell_outbox_mails{state="pending"}',
      "tracewell_requests_overdue",
      "tracewell_backup_last_success_timestamp_seconds",
      'tracewell_storage_bytes{part="wal"}',
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ])
      expect(text).toContain(name);

    const check = Bun.spawnSync(["promtool", "check", "metrics"], { stdin: new TextEncoder().encode(text) });
    const said = `${check.stdout.toString()}${check.stderr.toString()}`;
    expect(said).toBe("");
    expect(check.exitCode).toBe(0);
    expect(await server.stop()).toBe(0);
  });
});
