import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { LOGIN_MESSAGES } from "../../../src/contracts/admin-auth";
import { listAudit } from "../../../src/modules/audit";
import {
  DEMO_PASSWORD,
  DEMO_USERNAME,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "../../../src/modules/auth/model";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

// Every attempt runs argon2id for real; a few dozen of them take seconds.
setDefaultTimeout(30_000);

let clock = Date.parse("2026-03-02T09:00:00Z");
const { request, db, store } = makeTestApp(
  { ADMIN_USERNAME: "dana.reyes", ADMIN_PASSWORD: "ledger lines never lie" },
  { now: () => new Date(clock) },
);
const USER = "dana.reyes";
const PASSWORD = "ledger lines never lie";
const status = async (cookie?: string) =>
  (await request("/api/admin/auth/status", cookie ? withCookie(cookie) : undefined)).json();

describe("POST /api/admin/login", () => {
  test("right credentials: 200 {username} and a session cookie with the safe flags", async () => {
    const res = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: USER });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^tracewell_session=[^;]+\.[^;]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    expect(cookie).not.toContain("Secure");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("a form-encoded sign-in (the form posted without script) works the same", async () => {
    const res = await request("/api/admin/login", {
      ...post(undefined, { "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ username: USER, password: PASSWORD }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^tracewell_session=/);
  });

  test("usernames compare without regard to case", async () => {
    const res = await request("/api/admin/login", post({ username: "Dana.Reyes", password: PASSWORD }));
    expect(res.status).toBe(200);
  });

  test("wrong password and unknown username get the same 401 and message", async () => {
    const wrong = await request("/api/admin/login", post({ username: USER, password: "not the password" }));
    const unknown = await request("/api/admin/login", post({ username: "nobody", password: PASSWORD }));
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: LOGIN_MESSAGES.failed });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  test("missing fields get 422 with SPEC.md's messages", async () => {
    const res = await request("/api/admin/login", post({ username: "  ", password: "" }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: { username: ["Username is required"], password: ["Password is required"] },
    });
    const none = await request("/api/admin/login", post({}));
    expect(none.status).toBe(422);
  });

  test("malformed JSON is a 400, never a 5xx", async () => {
    const res = await request("/api/admin/login", post(undefined, { "content-type": "application/json" }));
    expect(res.status).toBeLessThan(500);
    const bad = await request("/api/admin/login", {
      ...post(undefined, { "content-type": "application/json" }),
      body: "{not json",
    });
    expect(bad.status).toBe(400);
  });

  test("sign-in success and failure are written to the audit log with the client address", async () => {
    const events = listAudit(store, { limit: 100 }).entries;
    expect(events.some((e) => e.event === "login.succeeded" && e.username === USER)).toBe(true);
    // An unknown username is not kept: it may be a password typed into the wrong field.
    const failed = events.find((e) => e.event === "login.failed" && e.detail?.reason === "unknown_username");
    expect(failed?.username).toBeNull();
    expect(failed?.clientAddress).toBe("unknown");
  });
});

describe("GET /api/admin/auth/status", () => {
  test("signed out: authenticated false and no demo hint outside demo mode", async () => {
    expect(await status()).toEqual({ authenticated: false });
  });

  test("signed in: authenticated true with the username", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    expect(await status(cookie)).toEqual({
      authenticated: true,
      username: USER,
      shownAs: USER,
      role: "owner",
    });
  });

  test("a tampered cookie means signed out (and is cleared), never an error", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const [name, value] = cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    // One character of the id changed, a forged signature, no signature, broken encoding, empty.
    const forged = [
      `${name}=${encodeURIComponent(`${decoded[0] === "A" ? "B" : "A"}${decoded.slice(1)}`)}`,
      `${name}=${encodeURIComponent(`${decoded.split(".")[0]}.AAAA`)}`,
      `${name}=${encodeURIComponent(decoded.split(".")[0] ?? "")}`,
      `${name}=%E0%A4%A`,
      `${name}=`,
    ];
    for (const c of forged) {
      const res = await request("/api/admin/auth/status", withCookie(c));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ authenticated: false });
      const dash = await request("/admin/dashboard", withCookie(c));
      expect(dash.status).toBe(303);
      expect(dash.headers.get("location")).toBe("/admin/login");
      const home = await request("/", withCookie(c));
      expect(home.status).toBe(200);
    }
    const cleared = await request("/api/admin/account/mfa", withCookie(forged[0]!));
    expect(cleared.status).toBe(401);
    expect(cleared.headers.get("set-cookie")).toMatch(/^tracewell_session=; .*Max-Age=0/);
  });
});

describe("POST /api/admin/logout", () => {
  test("revokes the session on the server: the old cookie no longer works", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const res = await request("/api/admin/logout", withCookie(cookie, post()));
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await status(cookie)).toEqual({ authenticated: false });
    expect((await request("/api/admin/audit", withCookie(cookie))).status).toBe(401);
    expect(listAudit(store, { limit: 5 }).entries.some((e) => e.event === "logout")).toBe(true);
  });

  test("without a session it still answers 200", async () => {
    expect((await request("/api/admin/logout", post())).status).toBe(200);
  });
});

describe("session expiry", () => {
  test("idle for 30 minutes: signed out; activity keeps it alive", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    clock += SESSION_IDLE_MS - 60_000;
    expect((await status(cookie)).authenticated).toBe(true);
    clock += SESSION_IDLE_MS - 60_000;
    expect((await status(cookie)).authenticated).toBe(true);
    clock += SESSION_IDLE_MS + 1;
    expect((await status(cookie)).authenticated).toBe(false);
  });

  test("after 12 hours: signed out however active", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const end = clock + SESSION_ABSOLUTE_MS;
    while (clock + 20 * 60_000 < end) {
      clock += 20 * 60_000;
      expect((await status(cookie)).authenticated).toBe(true);
    }
    clock = end;
    expect((await status(cookie)).authenticated).toBe(false);
  });
});

describe("POST /api/admin/account/password", () => {
  const change = (cookie: string, body: unknown) =>
    request("/api/admin/account/password", withCookie(cookie, post(body)));

  test("needs the current password and a new one of at least 12 characters, with per-field messages", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const short = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({
      errors: { newPassword: ["Password must be at least 12 characters"] },
    });
    const mismatch = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: "a long enough passphrase",
      confirmPassword: "a different passphrase",
    });
    expect(await mismatch.json()).toEqual({ errors: { confirmPassword: ["The passwords do not match"] } });
    const wrong = await change(cookie, {
      currentPassword: "not my password",
      newPassword: "a long enough passphrase",
      confirmPassword: "a long enough passphrase",
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ errors: { currentPassword: ["Current password is incorrect"] } });
  });

  test("accepts long passphrases with no composition rules", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const long = "all lowercase words and nothing else ".repeat(5).trim();
    const res = await change(cookie, { currentPassword: PASSWORD, newPassword: long, confirmPassword: long });
    expect(res.status).toBe(200);
    const back = await change(cookieFrom(res), {
      currentPassword: long,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(back.status).toBe(200);
  });

  test("revokes every other session, keeps this browser signed in with a fresh id", async () => {
    const other = await signIn(request, USER, PASSWORD);
    const mine = await signIn(request, USER, PASSWORD);
    const next = "a brand new passphrase for dana";
    const res = await change(mine, { currentPassword: PASSWORD, newPassword: next, confirmPassword: next });
    expect(res.status).toBe(200);
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(mine);
    expect((await status(other)).authenticated).toBe(false);
    expect((await status(mine)).authenticated).toBe(false);
    expect((await status(fresh)).authenticated).toBe(true);
    expect((await request("/api/admin/login", post({ username: USER, password: PASSWORD }))).status).toBe(
      401,
    );
    await signIn(request, USER, next);
    const restore = await change(fresh, {
      currentPassword: next,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(restore.status).toBe(200);
    expect(listAudit(store, { limit: 20 }).entries.some((e) => e.event === "password.changed")).toBe(true);
  });
});

describe("audit log", () => {
  test("is append-only in the database itself", () => {
    expect(() => db.exec("UPDATE audit_log SET event = 'x'")).toThrow(/append-only/);
    expect(() => db.exec("DELETE FROM audit_log")).toThrow(/append-only/);
  });

  test("GET /api/admin/audit lists newest first, in pages", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const first = (await (await request("/api/admin/audit?limit=2", withCookie(cookie))).json()) as {
      entries: { id: number; event: string }[];
      nextBeforeId: number;
    };
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]!.event).toBe("login.succeeded");
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    const second = (await (
      await request(`/api/admin/audit?limit=2&before=${first.nextBeforeId}`, withCookie(cookie))
    ).json()) as { entries: { id: number }[] };
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
  });

  test("out-of-range paging values get 422 with a message, not a silently different page", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const cases: [string, string, RegExp][] = [
      ["limit=0", "limit", /from 1 to 200/],
      ["limit=201", "limit", /from 1 to 200/],
      ["limit=1e300", "limit", /whole number/],
      ["limit=abc", "limit", /whole number/],
      ["before=99999999999999999999", "before", /whole number/],
      ["before=-5", "before", /whole number/],
      ["before=NaN", "before", /whole number/],
    ];
    for (const [query, field, message] of cases) {
      const res = await request(`/api/admin/audit?${query}`, withCookie(cookie));
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(body.errors[field]?.[0]).toMatch(message);
    }
    expect((await request("/api/admin/audit?limit=&before=", withCookie(cookie))).status).toBe(200);
  });
});

describe("bootstrap from ADMIN_USERNAME and ADMIN_PASSWORD", () => {
  test("creates the admin once and never overwrites it", async () => {
    expect(listAudit(store, { limit: 500 }).entries.filter((e) => e.event === "admin.created")).toHaveLength(
      1,
    );
  });

  test("a password under 12 characters stops the start, naming the variable", () => {
    expect(() => makeTestApp({ ADMIN_USERNAME: "x", ADMIN_PASSWORD: "short" })).toThrow(
      "Invalid ADMIN_PASSWORD: Password must be at least 12 characters",
    );
  });

  test("no default credential exists without DEMO", async () => {
    const res = await request("/api/admin/login", post({ username: DEMO_USERNAME, password: DEMO_PASSWORD }));
    expect(res.status).toBe(401);
  });
});

describe("https deployments", () => {
  const secure = makeTestApp({
    PUBLIC_URL: "https://www.tracewell.example",
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
  });
  test("the cookie is Secure with the __Host- prefix", async () => {
    const res = await secure.request(
      "/api/admin/login",
      post({ username: USER, password: PASSWORD }, { origin: "https://www.tracewell.example" }),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-tracewell_session=/);
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain");
    const status = await secure.request("/api/admin/auth/status", withCookie(cookieFrom(res)));
    expect(await status.json()).toEqual({
      authenticated: true,
      username: USER,
      shownAs: USER,
      role: "owner",
    });
  });
});
