// Personal data at rest, measured on the built executable over 127.0.0.1 (bounded runs, figures only):
// the start over N stored requests (how soon /healthz and a public page answer, how soon the desk's search is
// complete), POST /api/contact with every personal field encrypted, the desk's list with a free-text search
// (one member of staff at a time, then four at once) and the server's memory.
//   bun scripts/bench-data.ts [--rows 10000] [--requests 400] [--port N] [--binary dist/tracewell]
//   bun scripts/bench-data.ts --start [--shapes 20000,100000] [--runs 3] [--seeded DIR] [--seed-binary B]
//     the start over stored data (ADR 289): each shape seeded through POST /api/contact of a running binary (32
//     in flight, each from its own X-Forwarded-For under TRUST_PROXY=1, mail off), then restarted --runs times
//     with its mail sent and with every mail still queued; each restart's spawn to first 200 on / beside a
//     compiled bare Bun.serve's, the start log's steps, when the catch-up and the search index were done, and
//     the desk's search from the first second. --seeded keeps the seeded folders for another run (or build).
// --rows is how many requests are stored before the start; --requests how many are timed per run; --binary
// another build to measure on the same data (an earlier version, say).
// The stored requests are a desk as years of use leave it: spread over three years, their mail sent, all but
// the newest 100 answered, and the ended ones still within their retention.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import type { Intake } from "../src/contracts/intake";
import { closeDatabase } from "../src/db/index";
import { contactSubmissions } from "../src/modules/desk/repo/contact-submissions";
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
const START_LIMIT_MS = 120_000;
const binaryArg = process.argv.indexOf("--binary");
const BINARY =
  binaryArg > 0 ? String(process.argv[binaryArg + 1]) : join(import.meta.dir, "..", "dist", "tracewell");
const WAITING = 100;
const SPAN_MS = 3 * 365 * 86_400_000;
const BASE = `http://127.0.0.1:${PORT}`;
const USER = "bench";
const PASSWORD = "measure twice, cut once";

const FIRST = ["Dana", "Priya", "Marcus", "Elena", "Tomás", "Grace", "Idris", "Mei", "Olu", "Sven", "Zoë"];
const LAST = ["Whitfield", "Raman", "Okafor", "Novak", "Herrera", "Lindqvist", "Haddad", "Chen", "Brennan"];
const FIRMS = ["Whitfield & Moss LLP", "Harbor Legal", "Calder Trust Co.", undefined, "Novak Partners"];
const OPPOSING = ["Castellano", "Brightwater Holdings", "Järvinen", "Osei", "Delacroix", "Pemberton"];
const PLACES = [
  "Cook County, IL",
  "Delaware entities",
  "Travis County, TX",
  "Dade County, FL",
  "New York, NY",
];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

/** Varied enough that words, names and numbers are spread over the rows as in a real desk. */
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
    jurisdictions: `${pick(PLACES, i)}; ${pick(PLACES, i * 3 + 1)}`,
    desiredService: "asset-map",
    description: `Divorce, 2023-DR-${String(i).padStart(6, "0")}, against ${pick(OPPOSING, i * 5)} ${pick(LAST, i * 2)}. Reported income of $${(i % 400) * 1000}, a lake house bought through an LLC in ${2000 + (i % 25)}. Need a property and entity map before the deposition.`,
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
  // Request lines carry the server's own time per request, apart from the client's and the machine's waits.
  LOG_LEVEL: "info",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
};

/** Stores the requests through the same repository (and cipher) as the server, in one transaction. */
function seed() {
  const store = openDataStore(loadConfig(env));
  const { db } = store;
  const submissions = contactSubmissions(store);
  const started = performance.now();
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const at = new Date(now - ((ROWS - i) * SPAN_MS) / ROWS).toISOString();
      submissions.create(intake(i), {
        reference: `IR-BENCH-${String(i).padStart(6, "0")}`,
        submittedAt: at,
        emailError: null,
      });
    }
    // What the desk's use leaves behind: mail sent, due times set, first responses and decisions, ended
    // requests changed within the last 300 days (inside their retention, which counts from the last status
    // change: without it the first start's purge deleted a quarter of them, and the start waited for it).
    db.exec("UPDATE mail_outbox SET state = 'sent', sent_at = next_attempt_at");
    db.exec(`UPDATE contact_submissions SET email_sent = 1,
      respond_by = strftime('%Y-%m-%dT%H:%M:%fZ', submitted_at, '+1 day')`);
    db.query(
      `UPDATE contact_submissions SET
         first_response_at = strftime('%Y-%m-%dT%H:%M:%fZ', submitted_at, '+2 hours'),
         status = CASE id % 5 WHEN 0 THEN 'closed' WHEN 1 THEN 'declined' WHEN 2 THEN 'engaged'
           WHEN 3 THEN 'quoted' ELSE 'in-review' END,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (id % 300) || ' days'),
         status_changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (id % 300) || ' days')
       WHERE id <= (SELECT max(id) FROM contact_submissions) - ?`,
    ).run(WAITING);
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

/** Milliseconds from `since` until `ok` first holds, polling every 5 ms; stops early if the server exits. */
async function firstTime(since: number, server: Bun.Subprocess, ok: () => Promise<boolean>) {
  for (;;) {
    if (await ok().catch(() => false)) return performance.now() - since;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (performance.now() - since > START_LIMIT_MS) throw new Error("the server did not answer in time");
    await Bun.sleep(5);
  }
}

/**
 * The durations the server logged for the desk's list (its request lines), sorted, for what `run` made: what
 * the server itself spent, without the client's share and the waits of a busy machine's scheduler.
 */
function serverTimes(stdout: ReadableStream<Uint8Array>) {
  const times: number[] = [];
  /** The server's own account of its start (its "listening" line): data store, app, listen, in ms. */
  const start: Record<string, number> = {};
  let rest = "";
  const decoder = new TextDecoder();
  void (async () => {
    for await (const chunk of stdout) {
      const lines = (rest + decoder.decode(chunk)).split("\n");
      rest = lines.pop() ?? "";
      for (const l of lines) {
        if (l.includes('"event":"listening"')) Object.assign(start, JSON.parse(l));
        if (!l.includes('"path":"/api/admin/submissions"')) continue;
        const ms = Number((JSON.parse(l) as { ms?: number }).ms);
        if (Number.isFinite(ms)) times.push(ms);
      }
    }
  })();
  return {
    start,
    async during<T>(run: () => Promise<T>): Promise<{ result: T; server: number[] }> {
      const from = times.length;
      const result = await run();
      // Log lines wait up to 10 ms to be written in a batch.
      await Bun.sleep(100);
      return { result, server: times.slice(from).sort((a, b) => a - b) };
    },
  };
}

const rssOf = async (pid: number) =>
  Number((await Bun.$`ps -o rss= -p ${pid}`.quiet().nothrow().text()).trim() || Number.NaN) / 1024;

/** The executable's own start, nothing stored and nothing served: the floor under every start figure. */
async function processStart() {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await Bun.spawn([BINARY, "--version"], { stdout: "ignore" }).exited;
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

async function main() {
  const seedMs = seed();
  const bareMs = await processStart();
  const spawned = performance.now();
  const server = Bun.spawn([BINARY], { env, stdout: "pipe", stderr: "inherit" });
  const served = serverTimes(server.stdout);
  try {
    // Both are polled from the spawn on: the health check and a public page each time their first 200.
    const [healthMs, pageMs] = await Promise.all([
      firstTime(spawned, server, async () => (await fetch(`${BASE}/healthz`)).status === 200),
      firstTime(
        spawned,
        server,
        async () => (await fetch(`${BASE}/`, { headers: { accept: "text/html" } })).status === 200,
      ),
    ]);
    const login = await fetch(`${BASE}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ username: USER, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    // A search answer carries `searchIndexing` while the index is still being built after the start.
    const searchReadyMs = await firstTime(spawned, server, async () => {
      const res = await fetch(`${BASE}/api/admin/submissions?q=okafor`, { headers: { cookie } });
      const body = (await res.json()) as { searchIndexing?: unknown };
      return res.status === 200 && body.searchIndexing === undefined;
    });
    const rssStarted = await rssOf(server.pid);

    const searches = [
      "okafor",
      "priya",
      "harbor legal",
      "client4242@",
      "nobody at all",
      "dana whitfield 77",
      "tomas",
      "castellano",
      "555-0042",
      "IR-BENCH-004242",
    ];
    const searchRequest = (i: number) =>
      fetch(`${BASE}/api/admin/submissions?q=${encodeURIComponent(pick(searches, i))}&page=1`, {
        headers: { cookie },
      });
    // One member of staff at a time, then four at once (the server answers one request at a time).
    const searchAlone = await served.during(() => measure(searchRequest, 1));
    const search = await served.during(() => measure(searchRequest));
    const filtered = await served.during(() =>
      measure((i) =>
        fetch(
          `${BASE}/api/admin/submissions?q=${encodeURIComponent(pick(searches, i))}&status=closed&page=3`,
          {
            headers: { cookie },
          },
        ),
      ),
    );
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
    const rssAfter = await rssOf(server.pid);

    console.log(`\nPersonal data at rest (${ROWS.toLocaleString("en-US")} stored requests, 127.0.0.1)`);
    line("seed through the repository (encrypting)", fmt(seedMs));
    line("process start alone (--version, best of 3)", fmt(bareMs));
    line("start to first 200, /healthz", fmt(healthMs));
    line("start to first 200, home page", fmt(pageMs));
    line(
      "  in the server: data store, app, listen",
      ["dataStoreMs", "appMs", "listenMs"].map((k) => fmt(Number(served.start[k]))).join(", "),
    );
    line("start to a complete desk search", fmt(searchReadyMs));
    const row = (label: string, r: Awaited<ReturnType<typeof measure>>, server?: number[]) =>
      console.log(
        `  ${label.padEnd(LABEL)}p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}  ${r.perSecond} req/s  ${r.requests} requests ${JSON.stringify(r.statuses)}${
          server
            ? `  (in the server: p50 ${fmt(quantile(server, 0.5))}  p99 ${fmt(quantile(server, 0.99))})`
            : ""
        }`,
      );
    row("desk list, search, 1 at a time", searchAlone.result, searchAlone.server);
    row(`desk list, search, ${CONCURRENCY} at once`, search.result, search.server);
    row(`desk list, search + status closed + page 3, ${CONCURRENCY}`, filtered.result, filtered.server);
    row(`POST /api/contact (7 fields encrypted), ${CONCURRENCY}`, post);
    line("server memory once started (RSS)", `${rssStarted.toFixed(0)} MB`);
    line("server memory after the runs (RSS)", `${rssAfter.toFixed(0)} MB`);
    // Figures are wall-clock: on a shared machine they carry everyone else's load.
    line("load average during the runs", loadavg()[0]?.toFixed(1) ?? "");
  } finally {
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A bare Bun.serve compiled as the executable is: the floor of any compiled server's spawn-to-first-200. */
async function helloServer(dir: string): Promise<string> {
  await Bun.write(
    join(dir, "hello.ts"),
    'Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.PORT), fetch: () => new Response("hello") });\n',
  );
  const out = join(dir, "hello");
  const build = Bun.spawn(
    [
      process.execPath,
      "build",
      "--compile",
      "--bytecode",
      "--format=esm",
      "--outfile",
      out,
      join(dir, "hello.ts"),
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  if ((await build.exited) !== 0) throw new Error("compiling the hello-world failed");
  return out;
}

const shapesArg = process.argv.indexOf("--shapes");
/**
 * How many requests each shape stores: --count N (100,000 unless given), or several with --shapes 0,20000,100000.
 */
const START_SHAPES =
  shapesArg > 0
    ? String(process.argv[shapesArg + 1])
        .split(",")
        .map(Number)
    : [arg("count", 100_000)];
const queuedArg = process.argv.indexOf("--queued");
/** The mails left queued in the second shape (the issue's 40,000), or every one with `--queued all`. */
const QUEUED =
  queuedArg > 0 && process.argv[queuedArg + 1] === "all" ? Number.POSITIVE_INFINITY : arg("queued", 40_000);
const RUNS = arg("runs", 3);
const seededArg = process.argv.indexOf("--seeded");
/** Where seeded folders are kept between runs (each folder holds its own data-key); a fresh one otherwise. */
const SEEDED = seededArg > 0 ? String(process.argv[seededArg + 1]) : join(dataDir, "seeded");
const seedBinaryArg = process.argv.indexOf("--seed-binary");
/** The build that seeds (an earlier one, so that each build measured meets the same folder). */
const SEED_BINARY = seedBinaryArg > 0 ? String(process.argv[seedBinaryArg + 1]) : BINARY;
/** What every start of the --start runs is given: no DATA_KEY (the folder's own data-key), no SMTP_URL. */
const startEnv = (dir: string, port: number) => ({
  PATH: process.env.PATH ?? "",
  DATA_DIR: dir,
  PORT: String(port),
  HOST: "127.0.0.1",
  TRUST_PROXY: "1",
  LOG_LEVEL: "info",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
});

/**
 * N requests through the public intake of a running binary, as visitors send them: many POSTs in flight, each
 * from its own address (TRUST_PROXY=1, X-Forwarded-For), mail not configured, so every request's two mails stay
 * queued. Reused when `dir` already holds them.
 */
async function seedThroughApi(dir: string, n: number) {
  if (await Bun.file(join(dir, "seeded")).exists()) return Number(await Bun.file(join(dir, "seeded")).text());
  rmSync(dir, { recursive: true, force: true });
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = Bun.spawn([SEED_BINARY], {
    env: { ...startEnv(dir, port), LOG_LEVEL: "warn" },
    stdout: "ignore",
    stderr: "inherit",
  });
  await firstTime(performance.now(), server, async () => (await fetch(`${base}/healthz`)).ok);
  const started = performance.now();
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) {
        const i = next++;
        // The form as a browser posts it with scripts off: form-encoded, the checkbox "on", the form's start
        // time as text; answered with a redirect to the receipt's page.
        const form = new URLSearchParams();
        for (const [key, value] of Object.entries(intake(i))) {
          if (value === undefined) continue;
          form.set(key, key === "acknowledgment" ? "on" : String(value));
        }
        form.set("formStartTime", String(Date.now() - 60_000));
        const res = await fetch(`${base}/contact`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            accept: "text/html",
            origin: base,
            "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: form,
        });
        await res.arrayBuffer();
        if (res.status !== 303) {
          refused++;
          if (refused <= 3) console.error(`  intake ${i} answered ${res.status}`);
        }
      }
    }),
  );
  const ms = performance.now() - started;
  server.kill("SIGTERM");
  await server.exited;
  // A refusal or two in 100,000 (a reference drawn twice five times over) does not change the shape.
  if (refused > n / 1000) throw new Error(`${refused} of ${n} intakes were refused`);
  await Bun.write(join(dir, "seeded"), String(Math.round(ms)));
  return ms;
}

/**
 * A copy of a seeded folder with its mail gone out but for the newest `queued` mails (a desk whose mail worked
 * until lately, or none at all with 0): each request whose mails all left is marked sent.
 */
function withQueued(from: string, to: string, queued: number) {
  rmSync(to, { recursive: true, force: true });
  Bun.spawnSync(["cp", "-r", from, to]);
  const db = new Database(join(to, "tracewell.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  db.query(
    `UPDATE mail_outbox SET state = 'sent', sent_at = next_attempt_at, attempts = 1
     WHERE id NOT IN (SELECT id FROM mail_outbox ORDER BY id DESC LIMIT ?)`,
  ).run(queued);
  db.exec(`UPDATE contact_submissions SET email_sent = 1, email_error = NULL
    WHERE NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.submission_id = contact_submissions.id
      AND m.state <> 'sent')`);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

type Started = {
  server: Bun.Subprocess<"ignore", "pipe", "inherit">;
  ms: number;
  lines: Record<string, Record<string, unknown>>;
  port: number;
  spawned: number;
};

/** Spawns `argv` on `port` and polls `/` every 5 ms until its first 200: spawn to that answer, in ms. */
async function spawnToFirst200(argv: string[], env: Record<string, string>, port: number): Promise<Started> {
  const lines: Record<string, Record<string, unknown>> = {};
  const spawned = performance.now();
  const server = Bun.spawn(argv, { env, stdout: "pipe", stderr: "inherit" });
  void (async () => {
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of server.stdout) {
      const parts = (rest + decoder.decode(chunk)).split("\n");
      rest = parts.pop() ?? "";
      for (const l of parts) {
        const m = /"event":"(listening|catch_up_done|search_index_ready)"/.exec(l);
        if (m?.[1]) lines[m[1]] = { ...JSON.parse(l), seenMs: performance.now() - spawned };
        // The first page answered, as the server timed it: the first request's own work after the listen.
        if (!lines.firstPage && l.includes('"event":"request"') && l.includes('"path":"/"'))
          lines.firstPage = JSON.parse(l);
      }
    }
  })();
  const ms = await firstTime(
    spawned,
    server,
    async () =>
      (await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: "text/html" } })).status === 200,
  );
  return { server, ms, lines, port, spawned };
}

const stopped = async (s: Started) => {
  s.server.kill("SIGTERM");
  await s.server.exited;
};

/**
 * Waits (up to a minute) until the server's log says `event`; its time after the spawn, or NaN. A build whose
 * start log names no steps (before ADR 289) logs no catch-up: a few seconds are waited for it instead.
 */
async function logged(s: Started, event: string) {
  const named = s.lines.listening?.steps !== undefined || event !== "catch_up_done";
  const until = performance.now() + (named ? 60_000 : 3000);
  while (!s.lines[event] && performance.now() < until) await Bun.sleep(20);
  return Number(s.lines[event]?.seenMs ?? Number.NaN);
}

/** A staff session on the server at `port` (the cookie); sessions are stored, so it holds across restarts. */
async function signIn(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/**
 * Searches one after another from the first 200 until 3 s after the spawn (at least 20), with a session signed
 * in before the restart: what staff already signed in get from the first second.
 */
async function earlySearches(s: Started, cookie: string) {
  const base = `http://127.0.0.1:${s.port}`;
  const from = performance.now() - s.spawned;
  const times: number[] = [];
  const floor: number[] = [];
  let indexing = 0;
  const terms = ["okafor", "priya", "harbor legal", "castellano", "IR-BENCH-004242", "555-0042"];
  for (let i = 0; performance.now() - s.spawned < 3000 || times.length < 20; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/admin/submissions?q=${encodeURIComponent(pick(terms, i))}&page=1`, {
      headers: { cookie },
    });
    const body = (await res.json()) as { searchIndexing?: unknown };
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    times.push(performance.now() - t);
    if (body.searchIndexing !== undefined) indexing++;
    // The floor beside it: the health check, answered without a query, waits only for the machine and the
    // server's thread (the index's slices, the catch-up's batches, a collection).
    const h = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    floor.push(performance.now() - h);
  }
  times.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  return { from, times, indexing, floor };
}

const range = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return "n/a";
  const [lo, hi] = [sorted[0] as number, sorted.at(-1) as number];
  return lo === hi ? `${lo.toFixed(0)}` : `${lo.toFixed(0)}-${hi.toFixed(0)}`;
};

/**
 * The start over stored data (ADR 289): each shape seeded through the public intake, then restarted RUNS times,
 * each restart beside a compiled bare Bun.serve's, spawn to the first 200 on `/`; the server's account of each
 * step; and the desk's search from the first second.
 */
async function startFigures() {
  const hello = await helloServer(dataDir);
  console.log(
    `\nThe start over stored data (127.0.0.1, ${RUNS} restarts a shape, load ${loadavg()[0]?.toFixed(1)})`,
  );
  console.log(`  binary ${BINARY}${SEED_BINARY !== BINARY ? `, seeded by ${SEED_BINARY}` : ""}`);
  for (const n of START_SHAPES) {
    const seeded = join(SEEDED, String(n));
    const seedMs = await seedThroughApi(seeded, n);
    line(`${n.toLocaleString("en-US")} requests through POST /api/contact`, fmt(seedMs));
    const sent = join(dataDir, `sent-${n}`);
    withQueued(seeded, sent, 0);
    const queued = join(dataDir, `queued-${n}`);
    const mails = Math.min(QUEUED, 2 * n);
    withQueued(seeded, queued, mails);
    const shapes = [
      { label: `${n.toLocaleString("en-US")} requests, mail sent`, dir: sent },
      {
        label: `${n.toLocaleString("en-US")} requests, ${mails.toLocaleString("en-US")} mails queued`,
        dir: queued,
      },
    ];
    for (const shape of shapes) {
      console.log(`\n  ${shape.label}`);
      // One start unmeasured: an upgrade's copy and migrations, or a seed's unfinished work, are not a restart's.
      const port = freePort();
      const warm = await spawnToFirst200([BINARY], startEnv(shape.dir, port), port);
      const cookie = await signIn(port);
      await logged(warm, "catch_up_done");
      await stopped(warm);
      const ours: number[] = [];
      const bare: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const helloPort = freePort();
        const h = await spawnToFirst200([hello], { PATH: "", PORT: String(helloPort) }, helloPort);
        bare.push(h.ms);
        await stopped(h);
        const s = await spawnToFirst200([BINARY], startEnv(shape.dir, port), port);
        ours.push(s.ms);
        const last = r === RUNS - 1;
        const early = last ? await earlySearches(s, cookie) : null;
        const doneMs = await logged(s, "catch_up_done");
        const indexMs = await logged(s, "search_index_ready");
        const l = s.lines.listening ?? {};
        const c = s.lines.catch_up_done ?? {};
        line(
          `restart ${r + 1}: spawn to first 200 on /`,
          `${fmt(s.ms)}  (bare Bun.serve ${fmt(h.ms)}, ratio ${(s.ms / h.ms).toFixed(1)})`,
        );
        // Where the time went, in the server's own account (ADR 308): the runtime before our code, evaluating
        // the server's modules, the data store (file, key check, migrations), composing and mounting, the
        // listen, then the first page's own rendering; what is left is the spawn and the client's polling.
        const firstPageMs = Number(s.lines.firstPage?.ms ?? Number.NaN);
        if (l.runtimeMs === undefined) {
          // A build from before ADR 308 names the process's time as one figure.
          line(
            "  process, store, app, listen, first /",
            `${["processMs", "dataStoreMs", "appMs", "listenMs"].map((k) => Number(l[k])).join(", ")}, ${firstPageMs} ms`,
          );
        } else {
          const accounted = Number(l.atMs) + firstPageMs;
          line(
            "  runtime, modules, store, app, listen, first /",
            `${["runtimeMs", "modulesMs", "dataStoreMs", "appMs", "listenMs"].map((k) => Number(l[k])).join(", ")}, ${firstPageMs} ms (listening ${Number(l.atMs)} ms into the process; ${(s.ms - accounted).toFixed(0)} ms spawn and polling)`,
          );
        }
        line("  steps before listening (ms)", JSON.stringify(l.steps ?? {}));
        line("  read before listening", JSON.stringify(l.reads ?? {}));
        line(
          "  after: catch_up_done, search_index_ready",
          `${fmt(doneMs)}, ${fmt(indexMs)} after spawn; ${JSON.stringify({ dueTimesFilled: c.dueTimesFilled, dueTimesRecomputed: c.dueTimesRecomputed, dueTimesMs: c.dueTimesMs, ledgerMs: c.ledgerMs, jobs: c.jobs })}`,
        );
        if (early) {
          const { times, indexing, from, floor } = early;
          line(
            `  desk search, ${fmt(from)} to 3 s after spawn`,
            `p50 ${fmt(quantile(times, 0.5))}  p99 ${fmt(quantile(times, 0.99))}  max ${fmt(times.at(-1) ?? Number.NaN)}  ${times.length} searches, ${indexing} while indexing`,
          );
          line(
            "  /healthz between them (the floor)",
            `p50 ${fmt(quantile(floor, 0.5))}  p99 ${fmt(quantile(floor, 0.99))}  max ${fmt(floor.at(-1) ?? Number.NaN)}`,
          );
        }
        await stopped(s);
      }
      line(
        "spawn to first 200 on /, range",
        `${range(ours)} ms  (bare Bun.serve ${range(bare)} ms; load ${loadavg()[0]?.toFixed(1)})`,
      );
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv.includes("--start")) await startFigures();
else await main();
