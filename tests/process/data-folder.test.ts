import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, binaryEnv } from "../helpers/binary";
import { waitHealthy } from "../helpers/healthy";
import { validIntake } from "../helpers/intake-body";
import { freePorts } from "../helpers/ports";
import { eventually } from "../helpers/wait";

/**
 * The data folder the server cannot write: read-only, another user's, on a read-only mount. The built executable
 * runs as the unprivileged user `nobody` (root writes anywhere), and its start must say in one line which
 * folder, as which user, and what to do, never SQLite's or mkdir's stack (ADR 284). /readyz turns 503 when the
 * folder stops being writable while it serves.
 */
const NOBODY = 65534;
const root = mkdtempSync(join(tmpdir(), "tracewell-data-folder-"));
// The unprivileged user must reach the folders below.
chmodSync(root, 0o755);
const started: Bun.Subprocess[] = [];
afterAll(() => {
  for (const proc of started) proc.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

const AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"];

function spawn(command: string[], dataDir: string, port: number) {
  const proc = Bun.spawn(command, {
    env: binaryEnv(dataDir, port, { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info" }),
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  started.push(proc);
  return proc;
}

async function run(command: string[], dataDir: string) {
  const proc = spawn(command, dataDir, freePorts(1)[0] as number);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

const expectOneLine = (r: { code: number; stderr: string }, pattern: RegExp) => {
  expect(r.code).toBe(1);
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/SQLiteError|^\s+at /m);
};

describe("a data folder the server cannot write stops the start with one line", () => {
  test("read-only (0555): names DATA_DIR, the user and the fix", async () => {
    const dir = join(root, "read-only");
    mkdirSync(dir);
    chownSync(dir, NOBODY, NOBODY);
    chmodSync(dir, 0o555);
    const r = await run([...AS_NOBODY, BINARY], dir);
    expectOneLine(
      r,
      new RegExp(
        `^DATA_DIR ${dir} cannot be written: .*user nobody \\(uid 65534\\) may not write in it\\. Fix: .*chown -R nobody ${dir}`,
      ),
    );
  }, 30_000);

  test("owned by another user: names the owner and the fix", async () => {
    const dir = join(root, "root-owned");
    mkdirSync(dir, { mode: 0o700 });
    const r = await run([...AS_NOBODY, BINARY], dir);
    expectOneLine(
      r,
      new RegExp(
        `^DATA_DIR ${dir} cannot be written: ${dir} is owned by root \\(uid 0\\) with mode 0700, and user nobody \\(uid 65534\\) may not write in it\\. Fix: give the folder to that user`,
      ),
    );
  }, 30_000);

  test("on a read-only mount (as under ProtectSystem=strict): names the unit's writable folders", async () => {
    const dir = join(root, "mounted-read-only");
    mkdirSync(dir);
    const script = `mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2"`;
    const r = await run(["unshare", "-m", "sh", "-c", script, "sh", dir, BINARY], dir);
    if (r.stderr.includes("unshare:") || r.stderr.includes("mount:")) {
      console.warn(`skipped: no private mount namespace here (${r.stderr.trim()})`);
      return;
    }
    expectOneLine(
      r,
      new RegExp(
        `^DATA_DIR ${dir} cannot be written: ${dir} is on a read-only file system\\. Fix: under systemd .*ReadWritePaths`,
      ),
    );
  }, 30_000);
});

describe("/readyz while serving", () => {
  test("answers 503 once the data folder cannot be written, the cause in the log and not in the answer", async () => {
    const dir = join(root, "serving");
    mkdirSync(dir);
    chownSync(dir, NOBODY, NOBODY);
    const port = freePorts(1)[0] as number;
    const base = `http://127.0.0.1:${port}`;
    const proc = spawn([...AS_NOBODY, BINARY], dir, port);
    let log = "";
    const reading = (async () => {
      for await (const chunk of proc.stdout as ReadableStream<Uint8Array>)
        log += new TextDecoder().decode(chunk);
    })();
    await waitHealthy(base, proc);
    const ready = await eventually(async () => (await fetch(`${base}/readyz`)).status === 200, {
      timeoutMs: 10_000,
    });
    expect(ready).toBe(true);
    chmodSync(dir, 0o555);
    // The probe's answer is kept 2 s (DATA_DIR_CHECK_MS), so the 503 comes within that, not at once.
    let res = await fetch(`${base}/readyz`);
    const turned = await eventually(
      async () => {
        res = await fetch(`${base}/readyz`);
        return res.status === 503;
      },
      { timeoutMs: 5000, everyMs: 250 },
    );
    expect(turned).toBe(true);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text).checks.data.error).toContain("the data folder (DATA_DIR) cannot be written");
    expect(text).not.toContain(dir);
    expect(await eventually(() => log.includes('"readiness_failed"'), { timeoutMs: 5000 })).toBe(true);
    const failed = log
      .split("\n")
      .filter((l) => l.includes('"readiness_failed"'))
      .map((l) => JSON.parse(l));
    expect(failed[0].checks.data).toContain(dir);
    expect(failed[0].checks.data).toContain("EACCES");
    chmodSync(dir, 0o700);
    expect(
      await eventually(async () => (await fetch(`${base}/readyz`)).status === 200, {
        timeoutMs: 5000,
        everyMs: 250,
      }),
    ).toBe(true);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    await reading;
  }, 30_000);
});

describe("a disk that fills while serving", () => {
  test("an intake is answered 503 with a message and nothing saved, the log names the folder and the fix, and it takes requests again once space is freed", async () => {
    // A private mount namespace holds a 24 MB tmpfs as the data folder; the test fills it through the server's
    // own view of it (/proc/<pid>/root), as a log or a backup filling the disk would.
    const dir = join(root, "filling");
    mkdirSync(dir);
    const port = freePorts(1)[0] as number;
    const base = `http://127.0.0.1:${port}`;
    const script = `mount -t tmpfs -o size=24m,mode=0700 tmpfs "$1" && exec "$2"`;
    const proc = spawn(["unshare", "-m", "sh", "-c", script, "sh", dir, BINARY], dir, port);
    let log = "";
    const reading = (async () => {
      for await (const chunk of proc.stdout as ReadableStream<Uint8Array>)
        log += new TextDecoder().decode(chunk);
    })();
    try {
      await waitHealthy(base, proc);
    } catch (error) {
      const stderr = await new Response(proc.stderr).text();
      if (stderr.includes("unshare:") || stderr.includes("mount:")) {
        console.warn(`skipped: no private mount namespace here (${stderr.trim()})`);
        return;
      }
      throw error;
    }
    const send = (email: string) =>
      fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validIntake(new Date(), { email })),
      });
    expect((await send("before@example.com")).status).toBe(201);
    const filler = `/proc/${proc.pid}/root${dir}/filler`;
    await Bun.write(filler, new Uint8Array(24 * 1024 * 1024)).catch(() => 0);
    const full = await send("while-full@example.com");
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toBe("300");
    const body = (await full.json()) as { error: string };
    expect(body.error).toContain("Nothing was saved");
    expect(JSON.stringify(body)).not.toContain("SQLite");
    expect(
      await eventually(async () => (await fetch(`${base}/readyz`)).status === 503, {
        timeoutMs: 5000,
        everyMs: 250,
      }),
    ).toBe(true);
    const line = log
      .split("\n")
      .filter((l) => l.includes('"storage_unwritable"'))
      .map((l) => JSON.parse(l))[0];
    expect(line.error).toMatch(/^SQLITE_FULL/);
    expect(line.hint).toContain("DATA_DIR");
    expect(log).not.toContain('"unhandled_error"');
    rmSync(filler);
    expect(
      await eventually(async () => (await fetch(`${base}/readyz`)).status === 200, {
        timeoutMs: 5000,
        everyMs: 250,
      }),
    ).toBe(true);
    expect((await send("after@example.com")).status).toBe(201);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    await reading;
  }, 30_000);
});
