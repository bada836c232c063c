// Measures the built executable on 127.0.0.1 with bounded runs and prints figures (nothing is asserted):
// binary size, start to first 200, gzip bytes of the home page's HTML/CSS/JS and of every sitemap page's JS/CSS
// against the budgets, requests per second with p50/p99 for pages, an asset and POST /api/contact, the server's
// memory after the runs, and nginx serving the same rendered page and entry script from disk with the same
// (gzip) compression, side by side. GET loads use wrk when installed, POST uses autocannon.
//   node scripts/bench.mjs [--duration 10] [--connections 50]
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg("duration", 10);
const CONNECTIONS = arg("connections", 50);
const PORT = arg("port", 4390);
const NGINX_PORT = PORT + 1;
const ROOT = join(import.meta.dirname, "..");
const BINARY = join(ROOT, "dist", "tracewell");
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

/** Every script a page loads: the entry, the page's preloaded chunks, and what they import statically. */
async function pageScripts(html) {
  const scripts = [
    ...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g),
  ].map((m) => m[1]);
  for (let i = 0; i < scripts.length; i++) {
    const code = await (await fetch(`${BASE}${scripts[i]}`)).text();
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      const url = `/assets/${m[1]}`;
      if (!scripts.includes(url)) scripts.push(url);
    }
  }
  return scripts;
}

/** Gzip bytes of the JavaScript and the inlined stylesheet of every page in the sitemap, against the budgets. */
async function pageWeights() {
  const JS_BUDGET = 90 * 1024;
  const CSS_BUDGET = 15 * 1024;
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
  console.log(`page weight, gzip (budget: JS ${kb(JS_BUDGET)}, CSS ${kb(CSS_BUDGET)})`);
  for (const r of rows) {
    const over = [r.js > JS_BUDGET && "JS over budget", r.css > CSS_BUDGET && "CSS over budget"].filter(
      Boolean,
    );
    console.log(
      `  ${r.path.padEnd(52)} JS ${kb(r.js).padStart(8)} in ${String(r.files).padStart(2)} files   CSS ${kb(r.css).padStart(7)}${over.length ? `   ${over.join(", ")}` : ""}`,
    );
  }
  const worst = rows.reduce((a, b) => (b.js > a.js ? b : a));
  console.log(
    `  largest JS: ${worst.path} ${kb(worst.js)}; ${rows.filter((r) => r.js > JS_BUDGET).length} of ${rows.length} pages over the JS budget`,
  );
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
const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

/**
 * A GET load: wrk (Debian's package) when present. autocannon, a Node program, tops out at about 900
 * requests per second on a 70 KB response whoever serves it (nginx too), so it measured itself, not the server.
 */
async function runGet(url) {
  if (!WRK) return run({ url, headers: { "accept-encoding": "gzip" } });
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${DURATION}s`, "--latency", "-H", "Accept-Encoding: gzip", url];
  const out = spawnSync(WRK, args, { encoding: "utf8" }).stdout;
  const pct = (p) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? Number(toMs(m[1], m[2]).toFixed(2)) : Number.NaN;
  };
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s*(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]),
    p50: pct(50),
    p99: pct(99),
    bad: non2xx + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  };
}

const line = (name, r) =>
  `${name.padEnd(44)} ${String(Math.round(r.rps)).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms${
    r.bad ? `   failed ${r.bad}` : ""
  }`;

const started = performance.now();
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
    LOG_LEVEL: "error",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let nginx;
try {
  await waitFor(`${BASE}/healthz`);
  const startMs = performance.now() - started;
  const html = await (await fetch(`${BASE}/`)).text();
  const scripts = await pageScripts(html);
  let jsGzip = 0;
  for (const s of scripts) jsGzip += Number(await gzipBytes(`${BASE}${s}`));

  console.log(`Tracewell bench: 127.0.0.1, ${CONNECTIONS} connections, ${DURATION} s per target`);
  console.log(
    `binary size                              ${(statSync(BINARY).size / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(`start to first 200                       ${startMs.toFixed(0)} ms`);
  console.log(
    `home page, gzip: HTML ${await gzipBytes(`${BASE}/`)} B (stylesheet inlined), JS ${jsGzip} B in ${scripts.length} files`,
  );
  await pageWeights();

  console.log(`load generator: ${WRK ? "wrk" : "autocannon"} for GET, autocannon for POST`);
  const results = {};
  const entryScript = scripts[0];
  for (const [name, path] of [
    ["GET / (cached page, gzip)", "/"],
    ["GET /services/asset-map", "/services/asset-map"],
    ["GET /articles/hidden-assets-divorce-records", "/articles/hidden-assets-divorce-records"],
    ["GET hashed asset (entry JS, gzip)", entryScript],
  ]) {
    results[path] = await runGet(`${BASE}${path}`);
    console.log(line(name, results[path]));
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
  const rss = readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1];
  console.log(`server memory after the runs             ${Math.round(Number(rss) / 1024)} MB RSS`);

  const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find(existsSync);
  if (!nginxBin) {
    console.log(
      "nginx comparison                         skipped: nginx is not installed (apt-get install nginx)",
    );
  } else {
    // The same rendered home page, precompressed like ours, served by nginx from disk with one worker (our
    // server is one process too).
    const www = join(dir, "www");
    mkdirSync(www);
    // nginx's workers run as an unprivileged user: let them read the page.
    chmodSync(dir, 0o755);
    const page = Buffer.from(html);
    writeFileSync(join(www, "index.html"), page);
    writeFileSync(join(www, "index.html.gz"), gzipSync(page, { level: 9 }));
    // And the same entry script, with the same precompressed gzip bytes we serve.
    mkdirSync(join(www, "assets"));
    const entry = join(www, entryScript);
    const bytes = async (headers) =>
      Buffer.from(await (await fetch(`${BASE}${entryScript}`, { headers })).arrayBuffer());
    writeFileSync(entry, await bytes({ "accept-encoding": "identity" }));
    writeFileSync(`${entry}.gz`, await bytes({ "accept-encoding": "gzip" }));
    const conf = join(dir, "nginx.conf");
    writeFileSync(
      conf,
      `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; include /etc/nginx/mime.types; gzip_static on;
  server { listen 127.0.0.1:${NGINX_PORT}; root ${www}; location / { etag on; } } }`,
    );
    nginx = spawn(nginxBin, ["-c", conf, "-p", dir], { stdio: "ignore" });
    await waitFor(`http://127.0.0.1:${NGINX_PORT}/`);
    const ng = await runGet(`http://127.0.0.1:${NGINX_PORT}/`);
    console.log(line("nginx, same page from disk (gzip_static)", ng));
    const ngAsset = await runGet(`http://127.0.0.1:${NGINX_PORT}${entryScript}`);
    console.log(line("nginx, same entry JS from disk (gzip_static)", ngAsset));
    console.log(`ratio nginx / tracewell, GET /               ${(ng.rps / results["/"].rps).toFixed(2)}x`);
    console.log(
      `ratio nginx / tracewell, hashed asset        ${(ngAsset.rps / results[entryScript].rps).toFixed(2)}x`,
    );
    const version = spawnSync(nginxBin, ["-v"], { encoding: "utf8" });
    console.log(`nginx version                            ${(version.stderr || version.stdout).trim()}`);
  }
} finally {
  nginx?.kill("SIGTERM");
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}
