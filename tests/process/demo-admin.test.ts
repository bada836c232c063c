import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { waitHealthy } from "../helpers/healthy";
import { freePorts } from "../helpers/ports";

setDefaultTimeout(60_000);

/**
 * The demo admin on the built executable, as an operator meets it: tried once with DEMO=1, then started for
 * real without it. The public demo password must open nothing, the start log must say so and how to recover,
 * and `tracewell admin passwd admin` must let the operator in again.
 */
const BINARY = join(import.meta.dir, "..", "..", "dist", "tracewell");
const dataDir = mkdtempSync(join(tmpdir(), "tracewell-demo-"));
const [PORT_DEMO = 0, PORT_REAL = 0] = freePorts(2);
const servers: { kill: (signal?: number | NodeJS.Signals) => void }[] = [];
afterAll(() => {
  for (const s of servers) s.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number, env: Record<string, string>) {
  const proc = Bun.spawn([BINARY], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  servers.push(proc);
  const stdout = new Response(proc.stdout).text();
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    return stdout;
  };
  return { proc, base, stop };
}

const signIn = (base: string, username: string, password: string) =>
  fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });

describe("a server started without DEMO after a demo run", () => {
  test("refuses the demo password, says so at start, and lets the operator back in with admin passwd", async () => {
    const demo = start(PORT_DEMO, { DEMO: "1" });
    await waitHealthy(demo.base, demo.proc);
    const demoLogin = await signIn(demo.base, "admin", "tracewell-demo");
    expect(demoLogin.status).toBe(200);
    const cookie = cookieFrom(demoLogin);
    await demo.stop();

    const real = start(PORT_REAL, {});
    await waitHealthy(real.base, real.proc);
    const refused = await signIn(real.base, "admin", "tracewell-demo");
    expect(refused.status).toBe(401);
    for (const path of ["/api/admin/account/mfa", "/api/admin/audit"]) {
      const res = await fetch(`${real.base}${path}`, { headers: { cookie } });
      expect([path, res.status]).toEqual([path, 401]);
    }

    const passwd = Bun.spawnSync([BINARY, "admin", "passwd", "admin", "--password-stdin"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      stdin: Buffer.from("an operator's own passphrase\n"),
    });
    expect(passwd.stderr.toString()).toBe("");
    expect(passwd.exitCode).toBe(0);
    const back = await signIn(real.base, "admin", "an operator's own passphrase");
    expect(await back.json()).toEqual({ username: "admin", mfaEnrolmentRequired: true });

    const log = (await real.stop())
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const warning = log.find((l) => l.event === "demo_password_refused");
    expect(warning).toMatchObject({ level: "warn", username: "admin" });
    expect(warning.hint).toContain("tracewell admin passwd admin");
  });
});
