// Personal data at rest, measured on the built executable over 127.0.0.1 (bounded runs, figures only):
// POST /api/contact with every personal field encrypted, the start (key check and search index) over 10,000
// stored requests, and the desk's list with a free-text search over them (goal: p99 under 100 ms), one request
// at a time and several at once.
//   bun scripts/bench-data.ts [--rows 10000] [--requests 400] [--port N]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import type { Intake } from "../src/contracts/intake";
import { contactSubmissions } from "../src/db/contact-submissions";
import { closeDatabase } from "../src/db/index";
import { openDataStore } from "../src/ops/data-store";
import { newDataKey } from "../src/ops/keys-cli";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("rows", 10_000);
const REQUESTS = arg("requests", 400);
/** A port nothing listens on (the kernel picks it) unless --port says otherwise. */
const freePort = () => {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
};
const PORT = arg("port", 0) || freePort();
const CONCURRENCY = 4;
const TIME_LIMIT_MS = 20_000;
const BINARY = join(import.meta.dir, "..", "dist", "tracewell");
const BASE = `http://127.0.0.1:${PORT}`;
const USER = "bench";
const PASSWORD = "measure twice, cut once";

const FIRST = ["Dana", "Priya", "Marcus", "Elena", "Tomás", "Grace", "Idris", "Mei", "Olu", "Sven"];
const LAST = ["Whitfield", "Raman", "Okafor", "Novak", "Herrera", "Lindqvist", "Haddad", "Chen", "Brennan"];
const FIRMS = ["Whitfield & Moss LLP", "Harbor Legal", "Calder Trust Co.", undefined, "Novak Partners"];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

function intake(i: number): Intake {
  return {
    name: `${pick(FIRST, i)} ${pick(LAST, i * 7)} ${i}`,
    firm: pick(FIRMS, i * 3),
    email: `client${i}@${pick(LAST, i).toLowerCase()}.example`,
    phone: `(312) 555-${String(i % 10_000).padStart(4, "0")}`,
    role: "attorney",
    matterType: "family-law",
    subjectType: "both",
    website: "",
    jurisdictions: "Cook County, IL; Delaware entities",
    desiredService: "asset-map",
    description:
      "Divorce, 2023-DR-004512. Reported income of $180,000, a lake house bought through an LLC in 2022. Need a property and entity map before the deposition.",
    acknowledgment: true,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), "tracewell-bench-data-"));
const DATA_KEY = newDataKey();
const env = {
  PATH: process.env.PATH ?? "",
  DATA_DIR: dataDir,
  DATA_KEY,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  TRUST_PROXY: "1",
  LOG_LEVEL: "error",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
};

/** Stores the requests through the same repository (and cipher) as the server, in one transaction. */
function seed() {
  const { db } = openDataStore(loadConfig(env));
  const submissions = contactSubmissions(db);
  const started = performance.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      submissions.create(intake(i), {
        reference: `IR-BENCH-${String(i).padStart(6, "0")}`,
        submittedAt: at,
        emailError: null,
      });
    }
  })();
  const ms = performance.now() - started;
  closeDatabase(db);
  return ms;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Runs `request` REQUESTS times with `concurrency` in flight (or until the time limit); latency figures. */
async function measure(request: (i: number) => Promise<Response>, concurrency = CONCURRENCY) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const deadline = performance.now() + TIME_LIMIT_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS && performance.now() < deadline) {
        const i = next++;
        const t = performance.now();
        const res = await request(i);
        await res.arrayBuffer();
        times.push(performance.now() - t);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: Math.round(times.length / seconds),
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    statuses: Object.fromEntries(statuses),
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const LABEL = 46;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(LABEL)}${value}`);

async function main() {
  const seedMs = seed();
  const spawned = performance.now();
  const server = Bun.spawn([BINARY], { env, stdout: "ignore", stderr: "inherit" });
  let startMs = 0;
  for (;;) {
    if (
      await fetch(`${BASE}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (performance.now() - spawned > 30_000) throw new Error("the server did not start within 30 s");
    await Bun.sleep(5);
  }
  startMs = performance.now() - spawned;
  try {
    const login = await fetch(`${BASE}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ username: USER, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

    const post = await measure((i) =>
      fetch(`${BASE}/api/contact`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: BASE,
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ ...intake(ROWS + i), formStartTime: Date.now() - 60_000 }),
      }),
    );
    const searches = ["okafor", "priya", "harbor legal", "client4242@", "nobody at all", "dana whitfield 77"];
    const searchRequest = (i: number) =>
      fetch(`${BASE}/api/admin/submissions?q=${encodeURIComponent(pick(searches, i))}&page=1`, {
        headers: { cookie },
      });
    // One member of staff at a time, then four at once (the server answers one request at a time).
    const searchAlone = await measure(searchRequest, 1);
    const search = await measure(searchRequest);
    const filtered = await measure((i) =>
      fetch(`${BASE}/api/admin/submissions?q=${encodeURIComponent(pick(searches, i))}&status=new&page=3`, {
        headers: { cookie },
      }),
    );
    const rss = Number(
      (await Bun.$`ps -o rss= -p ${server.pid}`.quiet().nothrow().text()).trim() || Number.NaN,
    );

    console.log(`\nPersonal data at rest (${ROWS.toLocaleString("en-US")} stored requests, 127.0.0.1)`);
    line("seed through the repository (encrypting)", fmt(seedMs));
    line("start to first 200 (key check, index)", fmt(startMs));
    const row = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
      console.log(
        `  ${label.padEnd(LABEL)}p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}  ${r.perSecond} req/s  ${r.requests} requests ${JSON.stringify(r.statuses)}`,
      );
    row(`POST /api/contact (7 fields encrypted), ${CONCURRENCY}`, post);
    row("desk list, search, 1 at a time", searchAlone);
    row(`desk list, search, ${CONCURRENCY} at once`, search);
    row(`desk list, search + status + page 3, ${CONCURRENCY}`, filtered);
    line("server memory after the runs (RSS)", `${(rss / 1024).toFixed(0)} MB`);
    // Figures are wall-clock: on a shared machine they carry everyone else's load.
    line("load average during the runs", loadavg()[0]?.toFixed(1) ?? "");
  } finally {
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
