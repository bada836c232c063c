import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "./config";

/**
 * The operator copies .env.example to the unit's EnvironmentFile=, whose values override the unit's
 * Environment= line (systemd.exec). So the example must set none of the unit's values, hold no comment after a
 * value (env files have none: it would become part of the value), and start as copied, under systemd.
 */
const ROOT = join(import.meta.dir, "..");
const example = readFileSync(join(ROOT, ".env.example"), "utf8").split("\n");
const unit = readFileSync(join(ROOT, "deploy", "tracewell.service"), "utf8");

const settings = example.flatMap((line) => {
  const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
  return m ? [[m[1] as string, m[2] as string] as const] : [];
});
const unitEnvironment = Object.fromEntries(
  [...unit.matchAll(/^Environment=(.*)$/gm)].flatMap((m) =>
    (m[1] as string).split(/\s+/).map((pair) => pair.split("=") as [string, string]),
  ),
);

describe(".env.example under deploy/tracewell.service", () => {
  test("the unit sets the machine's four values", () => {
    expect(unitEnvironment).toEqual({
      DATA_DIR: "/var/lib/tracewell",
      HOST: "127.0.0.1",
      PORT: "3000",
      TRUST_PROXY: "true",
    });
  });

  test("the example sets none of them: each is a commented-out line", () => {
    for (const name of Object.keys(unitEnvironment)) {
      expect(settings.map(([n]) => n)).not.toContain(name);
      expect(example.some((line) => line.startsWith(`# ${name}=`))).toBe(true);
    }
  });

  test("no value, set or commented out, carries a comment after it, and none is quoted", () => {
    for (const line of example) {
      const m = /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!m) continue;
      expect({ line, comment: /\s#/.test(m[2] as string) }).toEqual({ line, comment: false });
      expect({ line, quoted: /^["']/.test(m[2] as string) }).toEqual({ line, quoted: false });
    }
  });

  test("copied as it is, it starts under the unit's environment", () => {
    const env = { ...unitEnvironment, ...Object.fromEntries(settings), INVOCATION_ID: "0123abcd" };
    const config = loadConfig(env, "/");
    expect(config.dataDir).toBe("/var/lib/tracewell");
    expect(config.host).toBe("127.0.0.1");
    expect(config.trustProxy).toBe(true);
  });

  test("the unit gives the process its data folder as its working directory", () => {
    expect(unit).toMatch(/^StateDirectory=tracewell$/m);
    expect(unit).toMatch(/^WorkingDirectory=\/var\/lib\/tracewell$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^ReadWritePaths=-\/var\/backups\/tracewell$/m);
  });
});
