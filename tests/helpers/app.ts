import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { Database } from "../../src/db";
import { MANIFEST } from "../../src/generated/assets";
import type { Logger } from "../../src/log";
import { openDataStore } from "../../src/ops/data-store";
import { FIRM_TERMS } from "./firm-terms";

export { FIRM_TERMS };

export const ORIGIN = "http://localhost:3000";

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
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    REQUIRE_MFA: "false",
    ...FIRM_TERMS,
    ...env,
  });
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
