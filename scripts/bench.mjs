// Measures the built executable on 127.0.0.1 with bounded runs and prints figures (nothing is asserted):
// binary size, start to first 200, gzip bytes of the home page's HTML/CSS/JS and of every sitemap page's JS/CSS
// against the budgets, then requests per second with p50/p99 and the server's CPU time per request:
// - for each cached page three rows from one run: the binary, nginx (one worker) serving the same bytes with
//   the same headers from disk, and a bare Bun.serve (scripts/bench-bare.ts) serving them from memory, with the
//   binary's ratio to each, round by round (the three take turns, so a busy machine slows them alike);
// - a hashed asset (the binary and nginx), POST /api/contact (fsync'd) and a signed-in admin API read;
// then the server's memory and its request log lines: it runs at LOG_LEVEL=info, as deployed, and writes one
// line per request. GET loads use wrk when installed, POST uses autocannon.
//   node scripts/bench.mjs [--duration 10] [--rounds 5] [--connections 50] [--port 4390] [--binary <file>]
//   node scripts/bench.mjs --weights-only   the page-weight table alone (no load runs), a quick budget check
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { CSS_BYTES_BUDGET, SCRIPT_BYTES_BUDGET, SCRIPT_FILES_BUDGET } from "./budget.mjs";

const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name, fallback) => Number(option(name) ?? fallback);
/** Seconds of load per target; a page's targets split theirs into rounds, taking turns. */
const DURATION = arg("duration", 10);
const ROUNDS = arg("rounds", 5);
const CONNECTIONS = arg("connections", 50);
const PORT = arg("port", 4390);
const NGINX_PORT = PORT + 1;
const BARE_PORT = PORT + 2;
const ROOT = join(import.meta.dirname, "..");
const BINARY = option("binary") ?? join(ROOT, "dist", "tracewell");
const WEIGHTS_ONLY = process.argv.includes("--weights-only");
const PAGES = ["/", "/services/asset-map", "/articles/hidden-assets-divorce-records"];
const ADMIN = { username: "bench-admin", password: "bench-admin-password-1" };
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "tracewell-bench-"));

async function waitFor(url, ms = 10_000) {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {}
    if (performance.now() - started > ms) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const gzipCache = new Map();
const gzipBytes = async (url) => {
  if (!gzipCache.has(url)) {
    const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    gzipCache.set(url, Number(res.headers.get("content-length") ?? (await res.arrayBuffer()).byteLength));
  }
  return gzipCache.get(url);
};

/**
 * Every script a page loads: the boot script, the page's chunks its tag names (data-chunks) and the entry it
 * starts (ADR 215), and what all of them import statically.
 */
async function pageScripts(html) {
  const scripts = [
    ...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g),
  ].map((m) => m[1]);
  for (const m of html.matchAll(/data-chunks="([^"]*)"/g)) scripts.push(...m[1].split(" ").filter(Boolean));
  for (let i = 0; i < scripts.length; i++) {
    const code = await (await fetch(`${BASE}${scripts[i]}`)).text();
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"|"(\/assets\/[^"]+\.js)"/g)) {
      const url = m[2] ?? `/assets/${m[1]}`;
      if (!scripts.includes(url)) scripts.push(url);
    }
  }
  return scripts;
}

/**
 * Gzip bytes and files of the JavaScript and the inlined stylesheet of every page in the sitemap, against the
 * budgets (scripts/budget.mjs): how many pages are past them.
 */
async function pageWeights() {
  const JS_BUDGET = SCRIPT_BYTES_BUDGET;
  const CSS_BUDGET = CSS_BYTES_BUDGET;
  const sitemap = await (await fetch(`${BASE}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
  const rows = [];
  for (const path of paths) {
    const html = await (await fetch(`${BASE}${path}`)).text();
    const scripts = await pageScripts(html);
    let js = 0;
    for (const s of scripts) js += await gzipBytes(`${BASE}${s}`);
    const css = gzipSync(html.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? "", { level: 9 }).length;
    rows.push({ path, js, files: scripts.length, css });
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `page weight, gzip (budget: JS ${kb(JS_BUDGET)} in ${SCRIPT_FILES_BUDGET} files, CSS ${kb(CSS_BUDGET)})`,
  );
  const pastBudget = (r) =>
    [
      r.js > JS_BUDGET && "JS over budget",
      r.files > SCRIPT_FILES_BUDGET && "too many script files",
      r.css > CSS_BUDGET && "CSS over budget",
    ].filter(Boolean);
  for (const r of rows) {
    const over = pastBudget(r);
    console.log(
      `  ${r.path.padEnd(52)} JS ${kb(r.js).padStart(8)} in ${String(r.files).padStart(2)} files   CSS ${kb(r.css).padStart(7)}${over.length ? `   ${over.join(", ")}` : ""}`,
    );
  }
  const worst = rows.reduce((a, b) => (b.js > a.js ? b : a));
  console.log(
    `  largest JS: ${worst.path} ${kb(worst.js)}; ${rows.filter((r) => pastBudget(r).length > 0).length} of ${rows.length} pages past the budget`,
  );
  return rows.filter((r) => pastBudget(r).length > 0).length;
}

/** autocannon, for the POST (each request builds its own body); normalized to { rps, p50, p99, bad }. */
function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            bad: r.non2xx + r.errors,
          }),
    );
  });
}

const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find(existsSync);
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find(existsSync);
const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** CPU time (user and system, every thread) the processes have used so far, in ms. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * A GET load: wrk (Debian's package) when present. autocannon, a Node program, tops out at about 900
 * requests per second on a 70 KB response whoever serves it (nginx too), so it measured itself, not the server.
 * With `pids`, also the CPU time those processes spent per request, which other work on the machine disturbs
 * less than the rate.
 */
async function runGet(url, { headers = { "accept-encoding": "gzip" }, duration = DURATION, pids = [] } = {}) {
  if (!WRK) return run({ url, headers, duration });
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${duration}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const cpuBefore = cpuMs(pids);
  const out = spawnSync(WRK, [...args, url], { encoding: "utf8" }).stdout;
  const cpu = cpuMs(pids) - cpuBefore;
  const pct = (p) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? Number(toMs(m[1], m[2]).toFixed(2)) : Number.NaN;
  };
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s*(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]),
    p50: pct(50),
    p99: pct(99),
    bad: non2xx + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
    requests,
    cpuUs: pids.length > 0 && requests > 0 ? (cpu * 1000) / requests : undefined,
  };
}

const line = (name, r) =>
  `${name.padEnd(44)} ${String(Math.round(r.rps)).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms${
    r.cpuUs === undefined ? "" : `   CPU ${r.cpuUs.toFixed(1)} µs/req`
  }${r.bad ? `   failed ${r.bad}` : ""}`;

/** Over a target's rounds: the round with the median rate, the median CPU per request, every failure. */
function median(rounds) {
  const middle = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rps = middle(rounds.map((r) => r.rps));
  const cpus = rounds.map((r) => r.cpuUs).filter((x) => x !== undefined);
  return {
    ...rounds.find((r) => r.rps === rps),
    cpuUs: cpus.length === rounds.length ? middle(cpus) : undefined,
    bad: rounds.reduce((n, r) => n + r.bad, 0),
  };
}

/** A GET's headers and its bytes as sent (fetch would decode a gzip body). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** A page as the binary sends it: its headers (less those that differ per answer) and its gzip and plain bytes. */
async function capture(path) {
  const gzip = await rawGet(`${BASE}${path}`, { "accept-encoding": "gzip" });
  const identity = await rawGet(`${BASE}${path}`, { "accept-encoding": "identity" });
  if (gzip.headers["content-encoding"] !== "gzip") throw new Error(`${path} was not sent gzip`);
  const headers = {};
  for (const [name, value] of Object.entries(gzip.headers)) {
    if (
      !["date", "connection", "keep-alive", "content-length", "content-encoding", "x-request-id"].includes(
        name,
      )
    )
      headers[name] = value;
  }
  return { path, headers, gzip: gzip.body, identity: identity.body };
}

/**
 * nginx with one worker (our server is one process too), serving the captured pages from disk, precompressed
 * (gzip_static), with the same headers (its own ETag and request id), and the entry script with the same
 * gzip bytes as ours.
 */
async function startNginx(pages, entryScript) {
  const www = join(dir, "www");
  // nginx's workers run as an unprivileged user: let them read the files.
  chmodSync(dir, 0o755);
  for (const page of pages) {
    const file = join(www, page.path === "/" ? "index.html" : page.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page.identity);
    writeFileSync(`${file}.gz`, page.gzip);
  }
  const entry = join(www, entryScript);
  mkdirSync(dirname(entry), { recursive: true });
  writeFileSync(entry, (await rawGet(`${BASE}${entryScript}`, { "accept-encoding": "identity" })).body);
  writeFileSync(`${entry}.gz`, (await rawGet(`${BASE}${entryScript}`, { "accept-encoding": "gzip" })).body);
  // Content-Type comes from default_type and charset, Vary from gzip_vary, ETag from etag: nginx's own.
  const same = Object.entries(pages[0].headers)
    .filter(([name]) => !["content-type", "vary", "etag"].includes(name))
    .map(([name, value]) => `add_header ${name} "${value.replaceAll('"', '\\"')}" always;`);
  const conf = join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off; include /etc/nginx/mime.types; default_type text/html; charset utf-8;
  gzip_static on; gzip_vary on; etag on;
  server {
    listen 127.0.0.1:${NGINX_PORT}; root ${www};
    location /assets/ { }
    location / {
      ${same.join("\n      ")}
      add_header x-request-id $request_id always;
    }
  }
}
`,
  );
  const proc = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: "ignore" });
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/`);
  // The worker serves; the master is counted too.
  const workers = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, "utf8").trim().split(/\s+/);
  return { proc, pids: [proc.pid, ...workers.filter(Boolean).map(Number)] };
}

/** The bare baseline: scripts/bench-bare.ts with the captured pages. */
async function startBare(pages) {
  const folder = join(dir, "bare");
  mkdirSync(folder);
  const index = pages.map((page, i) => {
    writeFileSync(join(folder, `${i}.gz`), page.gzip);
    writeFileSync(join(folder, `${i}.html`), page.identity);
    return { path: page.path, headers: page.headers, gzip: `${i}.gz`, identity: `${i}.html` };
  });
  writeFileSync(join(folder, "pages.json"), JSON.stringify(index));
  const proc = spawn("bun", [join(ROOT, "scripts", "bench-bare.ts"), folder, String(BARE_PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  return { proc, pids: [proc.pid] };
}

/** Signs the bench's admin in (created from ADMIN_USERNAME/ADMIN_PASSWORD at start); its session cookie. */
async function adminCookie() {
  const res = await fetch(`${BASE}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/**
 * The binary's ratio to another target, round by round: a round's runs follow each other within seconds, so
 * whatever else the machine is doing weighs on both alike, where the ratio of two medians would mix rounds
 * minutes apart. The median round's ratio, then the lowest and highest, by rate and per CPU second (what the
 * rate would be if each had a core to itself).
 */
function ratios(ours, theirs) {
  const spread = (xs) => {
    const sorted = [...xs].sort((x, y) => x - y);
    const x = (v) => `${v.toFixed(2)}x`;
    return `${x(sorted[Math.floor(sorted.length / 2)])} (${x(sorted[0])}-${x(sorted.at(-1))})`;
  };
  const rate = spread(ours.map((r, i) => r.rps / theirs[i].rps));
  const cpu = ours.every((r, i) => r.cpuUs && theirs[i].cpuUs)
    ? `, per CPU second ${spread(ours.map((r, i) => theirs[i].cpuUs / r.cpuUs))}`
    : "";
  return `${rate}${cpu}`;
}
const ratio = (a, b) => `${(a.rps / b.rps).toFixed(2)}x`;
/** The same ratio in requests per CPU second. */
const cpuRatio = (a, b) =>
  a.cpuUs === undefined || b.cpuUs === undefined
    ? ""
    : ` (per CPU second ${(b.cpuUs / a.cpuUs).toFixed(2)}x)`;

const started = performance.now();
const logFile = join(dir, "server.log");
const log = openSync(logFile, "w");
const server = spawn(BINARY, [], {
  cwd: dir,
  // TRUST_PROXY so each benchmarked intake can name its own client address: the per-address limits would
  // otherwise turn the POST measurement into a measurement of 429s.
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: join(dir, "data"),
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The bench's admin has no authenticator app: without this its session could only enrol, and every admin
    // read would be a refusal (two-step sign-in is required by default).
    REQUIRE_MFA: "false",
  },
  stdio: ["ignore", log, "inherit"],
});
closeSync(log);
const others = [];
try {
  await waitFor(`${BASE}/healthz`);
  if (WEIGHTS_ONLY) {
    if ((await pageWeights()) > 0) process.exitCode = 1;
  } else await measure(performance.now() - started);
} finally {
  for (const proc of others) proc.kill("SIGTERM");
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}

/** Everything after the start: sizes, the page weights, then the load runs beside nginx and a bare server. */
async function measure(startMs) {
  const html = await (await fetch(`${BASE}/`)).text();
  const scripts = await pageScripts(html);
  let jsGzip = 0;
  for (const s of scripts) jsGzip += Number(await gzipBytes(`${BASE}${s}`));

  console.log(
    `Tracewell bench: 127.0.0.1, ${CONNECTIONS} connections, ${DURATION} s per target (pages: ${ROUNDS} rounds, taking turns)`,
  );
  console.log(
    `binary size                              ${(statSync(BINARY).size / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(`start to first 200                       ${startMs.toFixed(0)} ms`);
  console.log(
    `home page, gzip: HTML ${await gzipBytes(`${BASE}/`)} B (stylesheet inlined), JS ${jsGzip} B in ${scripts.length} files`,
  );
  await pageWeights();

  console.log(`load generator: ${WRK ? "wrk" : "autocannon"} for GET, autocannon for POST`);
  const entryScript = scripts[0];
  const pages = [];
  for (const path of PAGES) pages.push(await capture(path));
  const targets = [{ name: "tracewell", base: BASE, pids: [server.pid] }];
  if (NGINX) {
    const nginx = await startNginx(pages, entryScript);
    others.push(nginx.proc);
    targets.push({
      name: "nginx, 1 worker, same bytes",
      base: `http://127.0.0.1:${NGINX_PORT}`,
      pids: nginx.pids,
    });
  } else {
    console.log(
      "nginx comparison                         skipped: nginx is not installed (apt-get install nginx)",
    );
  }
  const bare = await startBare(pages);
  others.push(bare.proc);
  targets.push({
    name: "bare Bun.serve, same bytes",
    base: `http://127.0.0.1:${BARE_PORT}`,
    pids: bare.pids,
  });

  const roundSeconds = Math.max(1, Math.round(DURATION / ROUNDS));
  console.log(`cached pages, gzip (median of ${ROUNDS} rounds of ${roundSeconds} s per target)`);
  const summary = [];
  for (const [p, path] of PAGES.entries()) {
    for (const t of targets) {
      const { body } = await rawGet(`${t.base}${path}`, { "accept-encoding": "gzip" });
      if (!body.equals(pages[p].gzip)) throw new Error(`${t.name} does not send the same bytes for ${path}`);
    }
    const rounds = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with a different target.
      for (let k = 0; k < targets.length; k++) {
        const i = (round + k) % targets.length;
        rounds[i].push(
          await runGet(`${targets[i].base}${path}`, { duration: roundSeconds, pids: targets[i].pids }),
        );
      }
    }
    const results = rounds.map(median);
    console.log(`GET ${path} (the same ${pages[p].gzip.length} gzip bytes from each)`);
    for (const [i, t] of targets.entries()) console.log(line(`  ${t.name}`, results[i]));
    const compared = targets
      .slice(1)
      .map((t, i) => `tracewell / ${t.name.split(",")[0]} ${ratios(rounds[0], rounds[i + 1])}`);
    for (const c of compared) console.log(`  ${c}`);
    summary.push(`${path}\n    ${compared.join("\n    ")}`);
  }

  const asset = await runGet(`${BASE}${entryScript}`, { pids: [server.pid] });
  console.log(line("GET hashed asset (entry JS, gzip)", asset));
  if (NGINX) {
    const ngAsset = await runGet(`http://127.0.0.1:${NGINX_PORT}${entryScript}`, { pids: targets[1].pids });
    console.log(line("  nginx, same entry JS from disk (gzip_static)", ngAsset));
    console.log(`  tracewell / nginx ${ratio(asset, ngAsset)}${cpuRatio(asset, ngAsset)}`);
  }

  let n = 0;
  const intake = await run({
    url: `${BASE}/api/contact`,
    method: "POST",
    connections: Math.min(CONNECTIONS, 10),
    setupClient: (client) => {
      client.setHeaders({ "content-type": "application/json", origin: BASE, "x-forwarded-for": "192.0.2.1" });
    },
    requests: [
      {
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            headers: {
              ...req.headers,
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              name: `Bench Client ${n}`,
              firm: "Harbor & Vale LLP",
              email: `bench${n}@example.com`,
              phone: "(555) 010-0142",
              role: "attorney",
              matterType: "family-law",
              subjectType: "individual",
              jurisdictions: "Maricopa County, AZ",
              desiredService: "asset-map",
              description: "Spouse's disclosures omit a rental property and an LLC.",
              acknowledgment: true,
              website: "",
              formStartTime: Date.now() - 60_000,
            }),
          };
        },
      },
    ],
  });
  console.log(line(`POST /api/contact (fsync'd, ${Math.min(CONNECTIONS, 10)} conn.)`, intake));
  const admin = await runGet(`${BASE}/api/admin/submissions`, {
    headers: { cookie: await adminCookie(), "accept-encoding": "gzip" },
    pids: [server.pid],
  });
  console.log(line("GET /api/admin/submissions (signed in)", admin));
  const rss = readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1];
  console.log(`server memory after the runs             ${Math.round(Number(rss) / 1024)} MB RSS`);
  if (NGINX) {
    const version = spawnSync(NGINX, ["-v"], { encoding: "utf8" });
    console.log(`nginx version                            ${(version.stderr || version.stdout).trim()}`);
  }
  console.log(
    `bun version (bare baseline)              ${spawnSync("bun", ["--version"], { encoding: "utf8" }).stdout.trim()}`,
  );
  // Lines reach the file in batches (ADR 012): give the last one time to land.
  await new Promise((r) => setTimeout(r, 100));
  const logged = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => l.includes('"event":"request"'));
  console.log(`request log lines written                ${logged.length}`);
  console.log(
    "summary, cached pages: the median round's ratio (lowest-highest), 1.00x or more: at least as fast",
  );
  for (const s of summary) console.log(`  ${s}`);
}
