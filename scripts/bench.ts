/**
 * Measures the built executable on 127.0.0.1 with bounded runs and prints the figures (no thresholds):
 * binary size, time from start to first 200, gzip bytes of the home page's HTML/CSS/JS, and requests per
 * second with p50/p99 latency for each target, plus the server's memory after the runs.
 *   scripts/bench [--duration 10] [--connections 50]
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const BINARY = join(ROOT, "dist", "tracewell");
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg("duration", 10);
const CONNECTIONS = arg("connections", 50);
const PORT = arg("port", 4390);
const BASE = `http://127.0.0.1:${PORT}`;

type Target = {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

async function startServer(dataDir: string) {
  const started = performance.now();
  const proc = Bun.spawn([BINARY], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: join(dataDir, "data"),
      LOG_LEVEL: "warn",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (;;) {
    try {
      const res = await fetch(`${BASE}/healthz`);
      if (res.status === 200) break;
    } catch {}
    if (performance.now() - started > 10_000) throw new Error("server did not start within 10 s");
    await Bun.sleep(5);
  }
  return { proc, startMs: performance.now() - started };
}

async function gzipBytes(path: string): Promise<number> {
  const res = await fetch(`${BASE}${path}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
  return (await res.arrayBuffer()).byteLength;
}

function runAutocannon(t: Target): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const args = [
    join(ROOT, "node_modules", "autocannon", "autocannon.js"),
    "--json",
    "-c",
    String(CONNECTIONS),
    "-d",
    String(DURATION),
    "-m",
    t.method ?? "GET",
    "-H",
    "accept-encoding=br, gzip",
  ];
  for (const [k, v] of Object.entries(t.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (t.body) args.push("-b", t.body);
  args.push(`${BASE}${t.path}`);
  const proc = Bun.spawnSync(["node", ...args], { stdout: "pipe", stderr: "ignore" });
  const r = JSON.parse(proc.stdout.toString());
  return Promise.resolve({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const dir = mkdtempSync(join(tmpdir(), "tracewell-bench-"));
const { proc, startMs } = await startServer(dir);
try {
  const html = await (await fetch(`${BASE}/`)).text();
  const css = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1] ?? "";
  const scripts = [
    ...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g),
  ].map((m) => m[1] ?? "");
  let jsGzip = 0;
  for (const s of scripts) jsGzip += await gzipBytes(s);

  console.log("Tracewell bench (127.0.0.1, bounded runs)");
  console.log(`binary size:             ${(statSync(BINARY).size / 1024 / 1024).toFixed(1)} MB`);
  console.log(`start to first 200:      ${startMs.toFixed(0)} ms`);
  console.log(`home HTML gzip:          ${await gzipBytes("/")} B`);
  console.log(`home CSS gzip:           ${await gzipBytes(css)} B`);
  console.log(
    `home JS gzip:            ${jsGzip} B (${scripts.length} file${scripts.length === 1 ? "" : "s"})`,
  );
  console.log(`load: ${CONNECTIONS} connections, ${DURATION} s per target`);

  const targets: Target[] = [
    { name: "GET /", path: "/" },
    { name: "GET hashed asset (CSS)", path: css },
  ];
  for (const extra of (process.env.BENCH_TARGETS ?? "").split(",").filter(Boolean))
    targets.push({ name: `GET ${extra}`, path: extra });
  for (const t of targets) {
    const r = await runAutocannon(t);
    console.log(
      `${t.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms${r.non2xx ? `   non-2xx ${r.non2xx}` : ""}`,
    );
  }
  console.log(`server memory after runs: ${rssMb(proc.pid)} MB RSS`);
} finally {
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
}
