import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBinary } from "../helpers/binary";

setDefaultTimeout(60_000);

/**
 * The built executable is production: it hashes at argon2id's full cost whatever its environment says, and a
 * test run's lower cost (NODE_ENV=test with PASSWORD_COST) stops it instead of weakening its hashes.
 */
const dataDir = mkdtempSync(join(tmpdir(), "tracewell-cost-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const costOf = (hash: string) =>
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash)?.slice(1).map(Number);

describe("the executable's password cost", () => {
  test("admin create stores the hash at 64 MiB and 2 passes", async () => {
    const created = await runBinary(["admin", "create", "morgan", "--password-stdin"], {
      env: { DATA_DIR: dataDir },
      stdin: Buffer.from("trace every transfer\n"),
    });
    expect(created).toMatchObject({ code: 0, stderr: "" });
    const db = new Database(join(dataDir, "tracewell.db"), { readonly: true });
    const { hash } = db
      .query("SELECT password_hash AS hash FROM admin_users WHERE username = 'morgan'")
      .get() as {
      hash: string;
    };
    db.close();
    expect(costOf(hash)).toEqual([65536, 2, 1]);
  });

  test("a test run's cost is refused, naming PASSWORD_COST, even with NODE_ENV=test", async () => {
    const envs: Record<string, string>[] = [
      { PASSWORD_COST: "m=8,t=1" },
      { NODE_ENV: "test", PASSWORD_COST: "m=8,t=1" },
    ];
    for (const env of envs) {
      const refused = await runBinary(["admin", "create", "riley", "--password-stdin"], {
        env: { DATA_DIR: dataDir, ...env },
        stdin: Buffer.from("a password for riley\n"),
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain("Invalid PASSWORD_COST");
    }
  });
});
