import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../../src/db/index";
import { MIGRATIONS } from "../../../src/db/migrations";
import { UnauthorizedError } from "../../../src/http/errors";
import { createRateLimiter } from "../../../src/lib/rate-limit";
import { silentLogger } from "../../../src/log";
import { listAudit } from "../../../src/modules/audit";
import { createAuthService } from "../../../src/modules/auth/service/index";
import { DATABASE_FILE, openDataStore } from "../../../src/ops/data-store";
import { post } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { capturingLogger } from "../../helpers/intake";
import { marker } from "../../helpers/markers";

setDefaultTimeout(30_000);

/**
 * People type their password into the username field. Whatever a sign-in or join attempt carries that does
 * not name an existing admin must not be kept: not in the append-only audit log, the data folder, the log
 * lines, nor the throttle's memory. A known username is kept, as the audit log's reader needs it.
 */
const USER = "dana.reyes";
const PASSWORD = "ledger lines never lie";
const { logger, lines } = capturingLogger();
const { request, db, store, dataDir, config } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
  { logger },
);
const checkpoint = () => db.exec("PRAGMA wal_checkpoint(TRUNCATE)");

describe("a failed sign-in", () => {
  test("with an unknown username keeps no trace of it: audit log, data folder, log lines", async () => {
    const typed = marker("Typed");
    const res = await request("/api/admin/login", post({ username: typed, password: "anything at all" }));
    expect(res.status).toBe(401);
    const failed = listAudit(store, { limit: 5 }).entries.find((e) => e.event === "login.failed");
    expect(failed).toMatchObject({
      username: null,
      clientAddress: "unknown",
      detail: { reason: "unknown_username" },
    });
    expect(JSON.stringify(listAudit(store, { limit: 500 }))).not.toContain(typed);
    checkpoint();
    expect(scanForMarkers([dataDir], [typed])).toEqual([]);
    expect(lines.join("").toLowerCase()).not.toContain(typed.toLowerCase());
  });

  test("with a known username and a wrong password still names the admin", async () => {
    const res = await request("/api/admin/login", post({ username: USER, password: "not the password" }));
    expect(res.status).toBe(401);
    const failed = listAudit(store, { limit: 5 }).entries.find((e) => e.event === "login.failed");
    expect(failed).toMatchObject({ username: USER, detail: { reason: "wrong_password" } });
  });

  test("the throttle counts a username under a keyed hash, never the typed text", async () => {
    const keys: string[] = [];
    const service = createAuthService({
      store,
      config,
      secrets: [],
      logger: silentLogger,
      now: () => new Date(),
      createLimiter: (opts) => {
        const limiter = createRateLimiter(opts);
        return {
          ...limiter,
          hit: (key, t) => {
            keys.push(key);
            return limiter.hit(key, t);
          },
        };
      },
    });
    const typed = marker("Throttle");
    // Both are refused (no such admin); only the keys they were counted under matter here.
    const refused = (error: unknown) => expect(error).toBeInstanceOf(UnauthorizedError);
    await service.login({ username: typed, password: "whatever it was" }, "203.0.113.9", null).catch(refused);
    await service
      .login({ username: typed.toUpperCase(), password: "whatever it was" }, "203.0.113.9", null)
      .catch(refused);
    expect(keys).toContain("203.0.113.9");
    const userKeys = keys.filter((k) => k !== "203.0.113.9");
    expect(userKeys).toHaveLength(2);
    // Counted as one username whatever its case, without holding it.
    expect(userKeys[0]).toBe(userKeys[1]);
    expect(userKeys.join(" ").toLowerCase()).not.toContain(typed.toLowerCase());
  });
});

describe("the staff join flow", () => {
  test("a made-up invitation keeps nothing of what was typed", async () => {
    // A token of the right shape (43 base64url characters) that no invitation has.
    const token = marker("Token").padEnd(43, "x");
    const typed = { username: marker("JoinName"), password: marker("JoinPassword"), token };
    const lookup = await request("/api/admin/staff-invitation", post({ token: typed.token }));
    expect(lookup.status).toBe(404);
    const accept = await request(
      "/api/admin/staff-invitation/accept",
      post({ ...typed, confirmPassword: typed.password }),
    );
    expect(accept.status).toBe(404);
    checkpoint();
    const all = Object.values(typed);
    expect(scanForMarkers([dataDir], all)).toEqual([]);
    for (const m of all) expect(lines.join("").toLowerCase()).not.toContain(m.toLowerCase());
  });
});

describe("entries written by earlier versions", () => {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-audit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("lose the unknown usernames they hold, and the file keeps no copy", () => {
    const typed = marker("OldTyped");
    const old = new Database(join(dir, DATABASE_FILE), { create: true, strict: true });
    old.exec("PRAGMA journal_mode = WAL");
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 12),
    );
    const insert = old.query(
      "INSERT INTO audit_log (at, event, user_id, username, client_address, detail) VALUES (?, ?, ?, ?, ?, ?)",
    );
    insert.run(
      "2026-10-01T10:00:00.000Z",
      "login.failed",
      null,
      typed,
      "198.51.100.7",
      '{"reason":"unknown_username"}',
    );
    insert.run(
      "2026-10-01T10:01:00.000Z",
      "login.failed",
      1,
      USER,
      "198.51.100.7",
      '{"reason":"wrong_password"}',
    );
    // As an earlier server left it: its own start had already rewritten the file.
    old.exec("UPDATE data_at_rest SET scrub_pending = 0");
    old.close();

    const upgradedStore = openDataStore(loadTestConfig({ DATA_DIR: dir, PUBLIC_URL: ORIGIN }));
    const { db: upgraded } = upgradedStore;
    const entries = listAudit(upgradedStore, { limit: 10 }).entries;
    expect(entries.map((e) => [e.event, e.username, e.detail])).toEqual([
      ["audit.unknown_usernames_removed", null, { entries: 1 }],
      ["login.failed", USER, { reason: "wrong_password" }],
      ["login.failed", null, { reason: "unknown_username" }],
    ]);
    expect(() => upgraded.exec("UPDATE audit_log SET event = 'x'")).toThrow(/append-only/);
    expect(() => upgraded.exec("DELETE FROM audit_log")).toThrow(/append-only/);
    // Before any later checkpoint: the start itself left no copy, neither in free pages nor in the WAL.
    expect(scanForMarkers([dir], [typed])).toEqual([]);
    upgraded.close();
    // The upgrade ran once: a second opening changes nothing.
    const again = new Database(join(dir, DATABASE_FILE));
    expect(migrate(again)).toBe(0);
    again.close();
  });
});
