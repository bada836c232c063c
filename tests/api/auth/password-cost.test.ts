import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { signIn } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

// Production's cost takes about a second a hash on a busy machine.
setDefaultTimeout(30_000);

const USER = "morgan";
const PASSWORD = "trace every transfer";

/** The cost argon2 wrote into a stored hash: [KiB of memory, passes, lanes]. */
const costOf = (hash: string) =>
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash)?.slice(1).map(Number);
const storedHash = (db: ReturnType<typeof makeTestApp>["db"]) =>
  (db.query("SELECT password_hash AS hash FROM admin_users WHERE username = ?").get(USER) as { hash: string })
    .hash;

describe("the password cost", () => {
  test("an app configured as production (no test flag) stores hashes at 64 MiB and 2 passes", async () => {
    const production = makeTestApp({
      NODE_ENV: "",
      PASSWORD_COST: "",
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(production.config.passwordCost).toEqual({ memoryCost: 65536, timeCost: 2 });
    expect(costOf(storedHash(production.db))).toEqual([65536, 2, 1]);
    await signIn(production.request, USER, PASSWORD);
  });

  test("production refuses the test cost instead of lowering its own", () => {
    for (const NODE_ENV of ["", "production", "development"]) {
      expect(() => makeTestApp({ NODE_ENV, PASSWORD_COST: "m=8,t=1" })).toThrow("Invalid PASSWORD_COST");
    }
  });

  test("a test app hashes at the test cost, and a hash stored at production cost still signs in", async () => {
    const t = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });
    expect(costOf(storedHash(t.db))).toEqual([8, 1, 1]);
    await signIn(t.request, USER, PASSWORD);
    const strong = await Bun.password.hash(PASSWORD, {
      algorithm: "argon2id",
      memoryCost: 65536,
      timeCost: 2,
    });
    t.db.query("UPDATE admin_users SET password_hash = ? WHERE username = ?").run(strong, USER);
    await signIn(t.request, USER, PASSWORD);
    const wrong = await t.request("/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ username: USER, password: `${PASSWORD}!` }),
    });
    expect(wrong.status).toBe(401);
  });
});
