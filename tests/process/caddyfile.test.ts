import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * deploy/Caddyfile as Debian's caddy reads it (issue 43): `caddy validate` accepts it, and its adapted
 * configuration writes the site's access log as JSON to the file the guide names, and proxies to the address the
 * unit listens on with the client's address in X-Forwarded-For (what TRUST_PROXY reads).
 */
const CADDYFILE = join(import.meta.dir, "..", "..", "deploy", "Caddyfile");
const hasCaddy = Bun.which("caddy") !== null;
if (!hasCaddy)
  console.warn("skipped: caddy is not installed, so deploy/Caddyfile is not checked (apt-get install caddy)");
// Caddy keeps its state (certificates, locks) under the home folder: a temporary one, never the runner's.
const home = mkdtempSync(join(tmpdir(), "tracewell-caddy-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const caddy = (args: string[]) =>
  Bun.spawnSync(["caddy", ...args, "--config", CADDYFILE, "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH ?? "", HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
  });

describe("deploy/Caddyfile", () => {
  test.skipIf(!hasCaddy)("caddy validate accepts it (needs caddy)", () => {
    const run = caddy(["validate"]);
    expect({
      code: run.exitCode,
      stderr: run.stderr
        .toString()
        .split("\n")
        .filter((l) => /"error"/.test(l)),
    }).toEqual({
      code: 0,
      stderr: [],
    });
    expect(run.stdout.toString() + run.stderr.toString()).toContain("Valid configuration");
  });

  test.skipIf(!hasCaddy)(
    "the access log is JSON, in the file the guide names, and the proxy carries the client's address (needs caddy)",
    () => {
      const run = caddy(["adapt"]);
      expect(run.exitCode).toBe(0);
      const config = JSON.parse(run.stdout.toString());
      const logs = Object.values(config.logging.logs) as {
        writer?: { output: string; filename: string };
        encoder?: { format: string };
        include?: string[];
      }[];
      const access = logs.find((l) => l.include?.some((i) => i.startsWith("http.log.access")));
      expect(access?.encoder).toEqual({ format: "json" });
      expect(access?.writer).toMatchObject({
        output: "file",
        filename: "/var/log/caddy/tracewell-access.log",
      });
      const text = JSON.stringify(config.apps.http);
      expect(text).toContain('"dial":"127.0.0.1:3000"');
      expect(text).toContain('"X-Forwarded-For":["{http.request.remote.host}"]');
    },
  );
});
