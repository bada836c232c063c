import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { post } from "../helpers/admin";
import { killStarted, startBinary } from "../helpers/binary";

/**
 * The fail2ban filter shipped in deploy/ against the lines the built executable itself writes for refused
 * sign-ins behind a proxy (ADR 284), read by Debian's own fail2ban-regex: what the operator's jail will see.
 */
const FILTER = join(import.meta.dir, "..", "..", "deploy", "fail2ban", "filter.d", "tracewell.conf");
const root = mkdtempSync(join(tmpdir(), "tracewell-fail2ban-"));
const hasFail2banRegex = Bun.which("fail2ban-regex") !== null;
if (!hasFail2banRegex)
  console.warn(
    "skipped: fail2ban-regex is not installed, so the filter is not checked (apt-get install fail2ban)",
  );
afterAll(() => {
  killStarted();
  rmSync(root, { recursive: true, force: true });
});

describe("fail2ban", () => {
  test.skipIf(!hasFail2banRegex)(
    "the filter finds each refused sign-in's client address in the server's log, and nothing else (needs fail2ban-regex)",
    async () => {
      const server = await startBinary({
        dataDir: join(root, "data"),
        cwd: root,
        env: { TRUST_PROXY: "true", ADMIN_USERNAME: "morgan", ADMIN_PASSWORD: "trace every transfer" },
      });
      const base = server.base;
      const signIn = (password: string, from: string) =>
        fetch(
          `${base}/api/admin/login`,
          post({ username: "morgan", password }, { origin: base, "x-forwarded-for": from }),
        );
      for (const from of ["198.51.100.9, 203.0.113.7", "203.0.113.7", "2001:db8::7"])
        expect((await signIn("not the password", from)).status).toBe(401);
      expect((await signIn("trace every transfer", "203.0.113.50")).status).toBe(200);
      expect(await server.stop()).toBe(0);

      const log = join(root, "tracewell.log");
      writeFileSync(log, server.log());
      expect(server.log()).toContain('"event":"signin_failed"');
      const run = Bun.spawnSync(["fail2ban-regex", "-o", "ip", log, FILTER]);
      expect(run.exitCode).toBe(0);
      // One address a refusal: the proxy's hop, never the one the client claimed before it; the good sign-in's
      // address, and the request lines that carry addresses too, are not matched.
      expect(run.stdout.toString().trim().split("\n")).toEqual(["203.0.113.7", "203.0.113.7", "2001:db8::7"]);
    },
    60_000,
  );
});
