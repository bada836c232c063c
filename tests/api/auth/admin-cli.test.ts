import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../../src/app";
import { MANIFEST } from "../../../src/generated/assets";
import { listAudit } from "../../../src/modules/audit";
import { openDataStore } from "../../../src/ops/data-store";
import { post, withCookie } from "../../helpers/admin";
import { loadTestConfig, ORIGIN, TEST_ENV } from "../../helpers/app";

setDefaultTimeout(30_000);

const dataDir = mkdtempSync(join(tmpdir(), "tracewell-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const MAIN = join(import.meta.dir, "..", "..", "..", "src", "main.ts");

/** Runs the real CLI entry with Bun, as an operator would run the executable. */
async function cli(args: string[], stdin?: string) {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    env: { PATH: process.env.PATH ?? "", ...TEST_ENV, DATA_DIR: dataDir },
    stdin: stdin === undefined ? "ignore" : new Response(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

/** A server on the same data folder, asked through app.handle. */
function server() {
  const store = openDataStore(loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN }));
  const { db } = store;
  const app = createApp({
    config: loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN }),
    store,
    manifest: MANIFEST,
  });
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`${ORIGIN}${path}`, init));
  return { db, store, request };
}

describe("tracewell admin create", () => {
  test("creates an admin from --password-stdin who can then sign in", async () => {
    const r = await cli(["admin", "create", "jordan.lee", "--password-stdin"], "quiet diligent review\n");
    expect(r).toMatchObject({ code: 0, stdout: 'Admin "jordan.lee" created.\n' });
    const { store, request } = server();
    const res = await request(
      "/api/admin/login",
      post({ username: "jordan.lee", password: "quiet diligent review" }),
    );
    expect(res.status).toBe(200);
    // The operator's command makes an owner: how a firm gets its first admin, or one back.
    const status = await request("/api/admin/auth/status", withCookie(res.headers.get("set-cookie") ?? ""));
    expect(await status.json()).toMatchObject({ authenticated: true, role: "owner" });
    expect(listAudit(store, { limit: 5 }).entries[1]).toMatchObject({
      event: "admin.created",
      username: "jordan.lee",
      detail: { via: "cli", role: "owner" },
    });
    store.db.close();
  });

  test("refuses a taken username, a short password, or no password source", async () => {
    const taken = await cli(["admin", "create", "JORDAN.LEE", "--password-stdin"], "another long password\n");
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('Admin "JORDAN.LEE" already exists. Nothing was changed.');
    const short = await cli(["admin", "create", "casey", "--password-stdin"], "too short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("Password must be at least 12 characters. Nothing was changed.");
    const demo = await cli(["admin", "create", "casey", "--password-stdin"], "tracewell-demo\n");
    expect(demo.code).toBe(1);
    expect(demo.stderr).toContain("That is the public demo password, which works only in demo mode");
    const noTty = await cli(["admin", "create", "casey"]);
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain("--password-stdin");
    const usage = await cli(["admin", "remove", "casey"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("tracewell admin create <username>");
  });
});

describe("tracewell admin passwd", () => {
  test("sets the password and signs out every session of that admin", async () => {
    const before = server();
    const login = await before.request(
      "/api/admin/login",
      post({ username: "jordan.lee", password: "quiet diligent review" }),
    );
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    before.db.close();

    const r = await cli(["admin", "passwd", "jordan.lee", "--password-stdin"], "a fresh long passphrase\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("all of its sessions were signed out");

    const after = server();
    const s = await after.request("/api/admin/auth/status", withCookie(cookie));
    expect(await s.json()).toEqual({ authenticated: false });
    const old = await after.request(
      "/api/admin/login",
      post({ username: "jordan.lee", password: "quiet diligent review" }),
    );
    expect(old.status).toBe(401);
    const fresh = await after.request(
      "/api/admin/login",
      post({ username: "jordan.lee", password: "a fresh long passphrase" }),
    );
    expect(fresh.status).toBe(200);
    after.db.close();
  });

  test("refuses an unknown admin", async () => {
    const r = await cli(["admin", "passwd", "nobody", "--password-stdin"], "a fresh long passphrase\n");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No admin named "nobody". Nothing was changed.');
  });

  test("--help lists both commands", async () => {
    const r = await cli(["--help"]);
    expect(r.stdout).toContain("tracewell admin create <username> [--password-stdin]");
    expect(r.stdout).toContain("tracewell admin passwd <username> [--password-stdin]");
  });
});
