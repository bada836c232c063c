// Documents, measured on the built executable over 127.0.0.1 (figures only, nothing asserted): a file of
// --mb megabytes (1024 by default) uploaded through the portal by tus in PATCHes of --chunk-mb (8 MB, as the
// browser sends them), sealed as it streams in, then downloaded by staff (every segment checked, then
// decrypted as it streams out).
// The same bytes go, in the same run and by the same client, to a bare Bun.serve that appends them to a file
// and serves it back with no encryption (scripts/bench-documents-bare.ts): the ratio is the cost of sealing.
// The server's peak memory is read from /proc/<pid>/status (VmHWM, reset through clear_refs before each phase).
// The file is generated chunk by chunk and never held whole, here or in either server.
//   bun scripts/bench-documents.ts [--mb 1024] [--chunk-mb 8] [--port N]
//   BENCH_DOCUMENT_MB=64 scripts/bench --documents   (the quick check: this section alone, a smaller file)
import { createHash, randomFillSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { UPLOAD_CHUNK_BYTES } from "../src/contracts/documents";
import { cookieFrom } from "../tests/helpers/admin";
import { waitHealthy } from "../tests/helpers/healthy";
import { validIntake } from "../tests/helpers/intake-body";
import { smtpServer } from "../tests/helpers/smtp";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MB = 1024 * 1024;
const SIZE = arg("mb", Number(process.env.BENCH_DOCUMENT_MB) || 1024) * MB;
/** The size of one PATCH: the browser's (8 MB) unless --chunk-mb says otherwise. */
const CHUNK = arg("chunk-mb", UPLOAD_CHUNK_BYTES / MB) * MB;
const freePort = () => {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
};
const PORT = arg("port", 0) || freePort();
const BARE_PORT = freePort();
const SMTP_PORT = freePort();
const BINARY = join(import.meta.dir, "..", "dist", "tracewell");
const BASE = `http://127.0.0.1:${PORT}`;
const BARE = `http://127.0.0.1:${BARE_PORT}`;
const USER = "bench";
const PASSWORD = "measure twice, cut once";
const root = mkdtempSync(join(tmpdir(), "tracewell-bench-documents-"));
const env = {
  PATH: process.env.PATH ?? "",
  DATA_DIR: join(root, "data"),
  PORT: String(PORT),
  HOST: "127.0.0.1",
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  UPLOAD_MAX_BYTES: String(SIZE),
  UPLOAD_MAX_TOTAL_BYTES: String(SIZE),
};

/**
 * The file, chunk by chunk: a PDF's signature (the type the server accepts), then random bytes. One buffer
 * is refilled for every chunk; its SHA-256 is taken as it is made.
 */
function* chunks(hash: ReturnType<typeof createHash>) {
  const buffer = Buffer.alloc(CHUNK);
  for (let at = 0; at < SIZE; at += CHUNK) {
    const part = buffer.subarray(0, Math.min(CHUNK, SIZE - at));
    randomFillSync(part);
    if (at === 0) part.write("%PDF-1.7\n");
    hash.update(part);
    yield { at, part };
  }
}

/** Resident and peak resident memory of a process, in MB; `reset` sets the peak back to the current size. */
function memoryOf(pid: number) {
  const read = () => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  };
  return {
    read,
    /** Writing 5 to clear_refs resets VmHWM (Linux 4.0+); without it the peak is the process's whole life. */
    reset() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, "5");
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * CPU seconds a process has used, user and system, all its threads (/proc/<pid>/stat, in clock ticks of
 * 1/100 s). Less swayed than wall-clock time by other work on a shared machine.
 */
function cpuOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs `phase` with the server's peak memory reset first: its duration, the CPU time the server used, and how
 * far the peak rose. The peak is the kernel's own (VmHWM), so no sampling can miss a short spike.
 */
async function watched<T>(pid: number, phase: () => Promise<T>) {
  const memory = memoryOf(pid);
  const reset = memory.reset();
  const before = memory.read();
  const cpuBefore = cpuOf(pid);
  const started = performance.now();
  const result = await phase();
  const seconds = (performance.now() - started) / 1000;
  const after = memory.read();
  return {
    result,
    seconds,
    cpuSeconds: cpuOf(pid) - cpuBefore,
    mbPerSecond: SIZE / MB / seconds,
    before: before.rss,
    growth: after.peak - (reset ? before.rss : before.peak),
    exactPeak: reset,
  };
}

/** A tus upload in 8 MB PATCHes to `base` (the binary or the bare server); answers the document's location. */
async function upload(base: string, headers: Record<string, string>, hash: ReturnType<typeof createHash>) {
  const created = await fetch(`${base}/api/portal/uploads`, {
    method: "POST",
    headers: {
      ...headers,
      "tus-resumable": "1.0.0",
      "upload-length": String(SIZE),
      "upload-metadata": `filename ${Buffer.from("bench statement.pdf").toString("base64")}`,
    },
  });
  if (created.status !== 201) throw new Error(`${base}: create ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get("location") as string, base).toString();
  for (const { at, part } of chunks(hash)) {
    const res = await fetch(location, {
      method: "PATCH",
      headers: {
        ...headers,
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(at),
      },
      body: part,
    });
    if (res.status !== 204) throw new Error(`${base}: PATCH at ${at}: ${res.status} ${await res.text()}`);
  }
  return location;
}

/** Reads a download to its end without keeping it: its size and SHA-256. */
async function download(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of res.body as ReadableStream<Uint8Array>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

const post = (path: string, body: unknown, cookie = "") =>
  fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
async function ok(res: Response | Promise<Response>) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return r;
}

/** A signed engagement and a portal session on it, the way a client gets one: the e-mailed link. */
async function portalSession(smtp: ReturnType<typeof smtpServer>) {
  const admin = cookieFrom(await ok(post("/api/admin/login", { username: USER, password: PASSWORD })));
  await ok(
    post(
      "/api/contact",
      validIntake(new Date(), {
        email: "dana@whitfieldmoss.example",
        jurisdictions: "Cook County, IL",
        description:
          "Divorce, 2023-DR-004512. A lake house bought through an LLC in 2022; statements to follow.",
      }),
    ),
  );
  // The intake's two mails first, so the outbox is idle and sends the link at once.
  for (let i = 0; smtp.received.length < 2 && i < 600; i++) await Bun.sleep(50);
  const list = (await (
    await ok(fetch(`${BASE}/api/admin/submissions`, { headers: { cookie: admin } }))
  ).json()) as {
    items: { id: number }[];
  };
  const id = list.items[0]?.id as number;
  await ok(
    fetch(`${BASE}/api/admin/submissions/${id}/engagement`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: BASE, cookie: admin },
      body: JSON.stringify({
        scope: "A sourced map of real property and entities.",
        feeCents: 350_000,
        feeKind: "flat",
        turnaroundBusinessDays: 5,
        expedite: false,
      }),
    }),
  );
  await ok(post(`/api/admin/submissions/${id}/engagement/send`, {}, admin));
  const link = await smtp.waitFor(
    "the engagement's link",
    (m) => /https?:\/\/\S+\/portal#token=[A-Za-z0-9_-]+/.exec(m.text ?? "")?.[0],
  );
  const client = cookieFrom(await ok(post("/api/portal/session", { link })));
  await ok(post("/api/portal/consent", { consent: true }, client));
  await ok(post("/api/portal/sign", { fullName: "Dana Whitfield", agree: true }, client));
  return { admin, client, submissionId: id };
}

const LABEL = 50;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(LABEL)}${value}`);
const rate = (n: number) => `${n.toFixed(1)} MB/s`;
const mb = (n: number) => `${n.toFixed(1)} MB`;

async function main() {
  const loadBefore = loadavg()[0]?.toFixed(1) ?? "";
  const smtp = smtpServer(SMTP_PORT);
  await smtp.listen();
  const server = Bun.spawn([BINARY], { env, stdout: "ignore", stderr: "inherit" });
  const bareDir = join(root, "bare");
  const bare = Bun.spawn(
    ["bun", join(import.meta.dir, "bench-documents-bare.ts"), bareDir, String(BARE_PORT)],
    {
      stdout: "ignore",
      stderr: "inherit",
    },
  );
  try {
    await waitHealthy(BASE, server);
    await waitHealthy(BARE, bare);
    const { admin, client, submissionId } = await portalSession(smtp);
    const clientHeaders = { origin: BASE, cookie: client };

    // The bare server first, then the binary, each with a fresh file of the same size.
    const bareHash = createHash("sha256");
    const bareUp = await watched(bare.pid, () => upload(BARE, {}, bareHash));
    const bareDown = await watched(bare.pid, () => download(bareUp.result, {}));
    const binHash = createHash("sha256");
    const up = await watched(server.pid, () => upload(BASE, clientHeaders, binHash));
    const sha256 = binHash.digest("hex");
    const docs = (await (
      await ok(fetch(`${BASE}/api/portal/documents`, { headers: clientHeaders }))
    ).json()) as { documents: { id: string; sha256: string }[] };
    const doc = docs.documents[0];
    const down = await watched(server.pid, () =>
      download(`${BASE}/api/admin/submissions/${submissionId}/documents/${doc?.id}`, { cookie: admin }),
    );

    type Phase = Awaited<ReturnType<typeof watched>>;
    const timing = (w: Phase) =>
      `${rate(w.mbPerSecond)}  (${w.seconds.toFixed(1)} s; server CPU ${w.cpuSeconds.toFixed(1)} s)`;
    const verdict = (met: boolean) => (met ? "met" : "MISSED");
    const ratio = (binary: Phase, baseline: Phase) => {
      const r = binary.mbPerSecond / baseline.mbPerSecond;
      return `${r.toFixed(2)}x  (goal: 0.50x or more: ${verdict(r >= 0.5)})`;
    };
    const peak = (w: Phase) =>
      `${mb(w.growth)}${w.exactPeak ? "" : " (peak since start: clear_refs not writable)"}`;
    const growth = (w: Phase) => `${peak(w)}  (goal: under 64 MB: ${verdict(w.growth < 64)})`;

    console.log(
      `\nDocuments: a ${mb(SIZE / MB)} file over 127.0.0.1, tus in ${CHUNK / MB} MB PATCHes, the same client for both servers`,
    );
    line("upload, sealed (the binary)", timing(up));
    line("upload, plain file (bare Bun.serve)", timing(bareUp));
    line("  upload rate, binary / bare", ratio(up, bareUp));
    line("download, checked and decrypted (the binary)", timing(down));
    line("download, plain file (bare Bun.serve)", timing(bareDown));
    line("  download rate, binary / bare", ratio(down, bareDown));
    line("binary, RSS before the upload", mb(up.before));
    line("binary, peak RSS growth during the upload", growth(up));
    line("binary, peak RSS growth during the download", growth(down));
    line("bare, peak RSS growth during upload, download", `${peak(bareUp)}, ${peak(bareDown)} (no goal)`);
    const same = doc?.sha256 === sha256 && down.result.sha256 === sha256 && down.result.size === SIZE;
    line("binary, SHA-256 recorded and downloaded", same ? "same as sent" : "DIFFERENT from what was sent");
    line(
      "bare, SHA-256 downloaded",
      bareDown.result.sha256 === bareHash.digest("hex") ? "same as sent" : "DIFFERENT",
    );
    // Rates are wall-clock: on a shared machine they carry everyone else's load, which the CPU times do not.
    line("load average (1 min) before, after the runs", `${loadBefore}, ${loadavg()[0]?.toFixed(1) ?? ""}`);
    if (!same) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    bare.kill("SIGTERM");
    await Promise.all([server.exited, bare.exited]);
    await smtp.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
