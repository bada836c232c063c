#!/usr/bin/env node
/**
 * Throughput of POST /api/contact on the built executable: every request is a valid intake committed to
 * SQLite with synchronous=FULL (plus its two outbox rows) before the answer. Runs under Node.
 *
 *   node scripts/bench-intake.mjs [--duration 10] [--connections 10]
 *
 * The server trusts X-Forwarded-For for this run only, and each request names a different address, so the
 * per-address rate limits do not turn the measurement into a measurement of 429s.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg("duration", 10);
const connections = arg("connections", 10);
const port = Number(process.env.BENCH_PORT ?? 4418);
const root = join(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "tracewell-bench-"));

const server = spawn(join(root, "dist", "tracewell"), {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    TRUST_PROXY: "1",
    LOG_LEVEL: "error",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

let n = 0;
const intake = () =>
  JSON.stringify({
    name: "Dana Whitfield",
    firm: "Whitfield & Moss LLP",
    email: "dana@whitfieldmoss.example",
    phone: "(312) 555-0199",
    role: "attorney",
    matterType: "family-law",
    subjectType: "both",
    jurisdictions: "Cook County, IL; Delaware entities",
    desiredService: "asset-map",
    description:
      "Divorce, 2023-DR-004512. Husband bought a lake house through an LLC in 2022; need a property and entity map.",
    acknowledgment: true,
    website: "",
    formStartTime: Date.now() - 60_000,
  });

try {
  await waitForHealth();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/api/contact",
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            headers: {
              "content-type": "application/json",
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: intake(),
          };
        },
      },
    ],
  });
  const statuses = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count.count;
  console.log(
    JSON.stringify(
      {
        endpoint: "POST /api/contact",
        connections,
        durationSeconds: duration,
        requests: result.requests.total,
        requestsPerSecond: { average: result.requests.average, p50: result.requests.p50 },
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      null,
      2,
    ),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
