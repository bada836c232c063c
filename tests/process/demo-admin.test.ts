import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { killStarted, runBinary, startBinary } from "../helpers/binary";

setDefaultTimeout(60_000);

/**
 * The demo admin on the built executable, as an operator meets it: tried once with DEMO=1, then started for
 * real without it. The public demo password must open nothing, the start log must say so and how to recover,
 * and `tracewell admin passwd admin` must let the operator in again.
 */
const dataDir = mkdtempSync(join(tmpdir(), "tracewell-demo-"));
afterAll(() => {
  killStarted();
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = (base: string, username: string, password: string) =>
  fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });

describe("a server started without DEMO after a demo run", () => {
  test("refuses the demo password, says so at start, and lets the operator back in with admin passwd", async () => {
    const demo = await startBinary({ dataDir, env: { DEMO: "1" } });
    const demoLogin = await signIn(demo.base, "admin", "tracewell-demo");
    expect(demoLogin.status).toBe(200);
    const cookie = cookieFrom(demoLogin);
    expect(await demo.stop()).toBe(0);

    const real = await startBinary({ dataDir });
    const refused = await signIn(real.base, "admin", "tracewell-demo");
    expect(refused.status).toBe(401);
    for (const path of ["/api/admin/account/mfa", "/api/admin/audit"]) {
      const res = await fetch(`${real.base}${path}`, { headers: { cookie } });
      expect([path, res.status]).toEqual([path, 401]);
    }

    const passwd = await runBinary(["admin", "passwd", "admin", "--password-stdin"], {
      env: { DATA_DIR: dataDir },
      stdin: Buffer.from("an operator's own passphrase\n"),
    });
    expect(passwd.stderr).toBe("");
    expect(passwd.code).toBe(0);
    const back = await signIn(real.base, "admin", "an operator's own passphrase");
    expect(await back.json()).toEqual({ username: "admin", mfaEnrolmentRequired: true });

    expect(await real.stop()).toBe(0);
    const log = real
      .log()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const warning = log.find((l) => l.event === "demo_password_refused");
    expect(warning).toMatchObject({ level: "warn", username: "admin" });
    expect(warning.hint).toContain("tracewell admin passwd admin");
  });
});

describe("every account that holds the demo password", () => {
  test("is refused and signed out at a start without DEMO, each named in the start log; others are left alone", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tracewell-demo-accounts-"));
    try {
      // A demo run in which a colleague was given the demo password too, and another chose a password of their own.
      for (const [username, password] of [
        ["casey", "tracewell-demo"],
        ["dana", "a passphrase of dana's own"],
      ] as const) {
        const created = await runBinary(["admin", "create", username, "--password-stdin"], {
          env: { DATA_DIR: folder, DEMO: "1" },
          stdin: Buffer.from(`${password}\n`),
        });
        expect({ username, code: created.code, stderr: created.stderr }).toEqual({
          username,
          code: 0,
          stderr: "",
        });
      }
      const demo = await startBinary({ dataDir: folder, env: { DEMO: "1" } });
      const cookies: Record<string, string> = {};
      for (const [username, password] of [
        ["admin", "tracewell-demo"],
        ["casey", "tracewell-demo"],
        ["dana", "a passphrase of dana's own"],
      ] as const) {
        const res = await signIn(demo.base, username, password);
        expect([username, res.status]).toEqual([username, 200]);
        cookies[username] = cookieFrom(res);
      }
      expect(await demo.stop()).toBe(0);

      const real = await startBinary({ dataDir: folder, env: { REQUIRE_MFA: "false" } });
      for (const username of ["admin", "casey"]) {
        expect([username, (await signIn(real.base, username, "tracewell-demo")).status]).toEqual([
          username,
          401,
        ]);
        const session = await fetch(`${real.base}/api/admin/audit`, {
          headers: { cookie: cookies[username] ?? "" },
        });
        expect([username, session.status]).toEqual([username, 401]);
      }
      // Dana's own password and her session are untouched.
      const kept = await fetch(`${real.base}/api/admin/audit`, { headers: { cookie: cookies.dana ?? "" } });
      expect(kept.status).toBe(200);
      expect((await signIn(real.base, "dana", "a passphrase of dana's own")).status).toBe(200);
      expect(await real.stop()).toBe(0);

      const refused = real
        .log()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((l) => l.event === "demo_password_refused");
      expect(refused.map((l) => l.username).sort()).toEqual(["admin", "casey"]);
      for (const line of refused) {
        expect(line.level).toBe("warn");
        expect(line.hint).toContain(`tracewell admin passwd ${line.username}`);
        expect(JSON.stringify(line)).not.toContain("tracewell-demo");
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
