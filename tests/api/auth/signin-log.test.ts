import { describe, expect, test } from "bun:test";
import { post } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { capturingLogger } from "../../helpers/intake";

/**
 * What an operator (and fail2ban) reads of a refused sign-in: a `signin_failed` line with the client's address,
 * as the throttle sees it, and a keyed hash of the username typed; never the username or the password (ADR 284).
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const SECRET = "a-session-secret-of-forty-characters-0001";

const appWith = (env: Record<string, string>) => {
  const log = capturingLogger();
  const app = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, ...env },
    { logger: log.logger },
  );
  const events = (name: string) =>
    log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === name);
  return { ...app, log, events };
};

describe("signin_failed", () => {
  const behindProxy = appWith({ TRUST_PROXY: "true" });
  const signIn = (username: string, password: string, from: string) =>
    behindProxy.request("/api/admin/login", post({ username, password }, { "x-forwarded-for": from }));

  test("names the client by the last X-Forwarded-For hop and tags the username, revealing neither secret", async () => {
    expect((await signIn(USER, "not the password", "198.51.100.1, 203.0.113.7")).status).toBe(401);
    expect((await signIn("Morgan ", "also wrong", "203.0.113.7")).status).toBe(401);
    expect((await signIn("my-password-in-the-wrong-field", "x", "203.0.113.8")).status).toBe(401);
    const failed = behindProxy.events("signin_failed");
    expect(failed.map(({ level, client, reason }) => ({ level, client, reason }))).toEqual([
      { level: "warn", client: "203.0.113.7", reason: "wrong_password" },
      { level: "warn", client: "203.0.113.7", reason: "wrong_password" },
      { level: "warn", client: "203.0.113.8", reason: "unknown_username" },
    ]);
    // The same account gives the same tag, whatever its case or spacing; another name another tag.
    expect(failed[0]?.user).toMatch(/^[0-9a-f]{16}$/);
    expect(failed[1]?.user).toBe(failed[0]?.user);
    expect(failed[2]?.user).not.toBe(failed[0]?.user);
    const text = behindProxy.log.lines.join("");
    for (const secret of [USER, "Morgan", "not the password", "also wrong", "my-password-in-the-wrong-field"])
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  test("a sign-in that succeeds logs no failure", async () => {
    const before = behindProxy.events("signin_failed").length;
    expect((await signIn(USER, PASSWORD, "203.0.113.9")).status).toBe(200);
    expect(behindProxy.events("signin_failed")).toHaveLength(before);
  });

  test("the tag is keyed by the session secret: another secret, another tag for the same username", async () => {
    const other = appWith({ SESSION_SECRET: "another-session-secret-of-forty-chars-02" });
    await other.request("/api/admin/login", post({ username: USER, password: "wrong" }));
    const [theirs] = other.events("signin_failed");
    expect(theirs?.user).toMatch(/^[0-9a-f]{16}$/);
    expect(theirs?.user).not.toBe(behindProxy.events("signin_failed")[0]?.user);
  });

  test("without TRUST_PROXY the forwarded header is not believed", async () => {
    const direct = appWith({});
    await direct.request(
      "/api/admin/login",
      post({ username: USER, password: "wrong" }, { "x-forwarded-for": "203.0.113.7" }),
    );
    // app.handle has no socket: the address is the throttle's "unknown", never the client's claim.
    expect(direct.events("signin_failed").map((l) => l.client)).toEqual(["unknown"]);
  });
});

describe("request lines", () => {
  test("carry the client's address by the same rule", async () => {
    const app = appWith({ TRUST_PROXY: "true" });
    await app.request("/healthz", { headers: { "x-forwarded-for": "203.0.113.20" } });
    await app.request("/services/asset-map", { headers: { "x-forwarded-for": "203.0.113.21" } });
    const lines = app.events("request");
    expect(lines.map(({ path, client }) => ({ path, client }))).toEqual([
      { path: "/healthz", client: "203.0.113.20" },
      { path: "/services/asset-map", client: "203.0.113.21" },
    ]);
  });
});
