import { afterAll } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { Database } from "../../src/db";
import { MANIFEST } from "../../src/generated/assets";
import type { Logger } from "../../src/log";
import { DATABASE_FILE, openDataStore } from "../../src/ops/data-store";
import { DATA_KEY_FILE } from "../../src/secrets";
import { FIRM_TERMS } from "./firm-terms";
import { TEST_ENV, TEST_HASH } from "./password-cost";

export { FIRM_TERMS, TEST_ENV, TEST_HASH };

export const ORIGIN = "http://localhost:3000";

/** The owner of the desk the engagement tests run, signing in with a password only. */
export const DESK_OWNER = { username: "morgan", password: "trace every transfer" } as const;

/** The settings of that desk: its owner, and the firm's working week in New York. */
export const NEW_YORK_DESK = {
  ADMIN_USERNAME: DESK_OWNER.username,
  ADMIN_PASSWORD: DESK_OWNER.password,
  FIRM_TIMEZONE: "America/New_York",
  BUSINESS_HOURS: "Mon-Fri 09:00-17:00",
};

/** loadConfig with the test run's settings under the test's own. */
export const loadTestConfig = (env: Record<string, string | undefined>) =>
  loadConfig({ ...TEST_ENV, ...env });

/**
 * A data folder as the server's first start leaves it (migrated, its data key made, the first scrub done), made
 * once per test run: each test app starts from a copy, as a server restarting on its own data does, instead of
 * running every migration again.
 */
let template: string | undefined;
function firstStartFolder(): string {
  if (template === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "tracewell-template-"));
    const store = openDataStore(loadTestConfig({ DATA_DIR: dir, PUBLIC_URL: ORIGIN }));
    store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    store.db.close();
    // Kept until the process ends: test files may share this module.
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    template = dir;
  }
  return template;
}

/**
 * A real app on a real SQLite file in a fresh temporary folder, removed after the test file. Requests go
 * through app.handle: the whole HTTP stack without a port.
 *
 * Admins sign in with a password only here (REQUIRE_MFA=false), so tests of admin features need no
 * authenticator; the tests of two-step sign-in pass REQUIRE_MFA themselves ("" for the server's default).
 */
export function makeTestApp(
  env: Record<string, string> = {},
  opts: { now?: () => Date; logger?: Logger } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "tracewell-test-"));
  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    REQUIRE_MFA: "false",
    ...FIRM_TERMS,
    ...env,
  });
  // A test that gives its own data key or watches the start's log meets a truly empty folder; the others start from
  // the first start's copy (the same tables, rows and key file).
  if (env.DATA_KEY === undefined && opts.logger === undefined) {
    for (const file of [DATABASE_FILE, DATA_KEY_FILE])
      copyFileSync(join(firstStartFolder(), file), join(dataDir, file));
  }
  // Opened as the server's start opens it: the data key made or checked, the migrations run, the cipher attached.
  const store = openDataStore(config, { clock: opts.now, logger: opts.logger });
  const db: Database = store.db;
  const app = createApp({ config, store, manifest: MANIFEST, logger: opts.logger });
  afterAll(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`${ORIGIN}${path}`, init));
  return { app, db, store, config, dataDir, request };
}
