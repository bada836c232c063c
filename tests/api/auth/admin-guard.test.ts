import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { silentLogger } from "../../../src/log";
import { createAuth, PUBLIC_API, routeKey } from "../../../src/modules/auth";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const { app, request, dataDir } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });

const adminRoutes = () =>
  app.routes
    .filter((r) => r.path.startsWith("/api/admin"))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path }))
    // How one signs in and out, a passkey sign-in (tests/api/auth/admin-passkeys.test.ts) and an invitee's link
    // (tests/api/staff/staff.test.ts): the only admin API routes open to everyone, as the guard lists them.
    .filter((r) => !PUBLIC_API.has(routeKey(r.method, r.path)));

const call = (method: string, path: string, cookie?: string) => {
  const url = path.replace(/:[^/]+/g, "1").replace(/\*$/, "x");
  const init: RequestInit = method === "GET" || method === "HEAD" ? { method } : { ...post({}), method };
  return request(url, cookie ? withCookie(cookie, init) : init);
};

describe("every registered /api/admin route", () => {
  test("the walk covers this issue's routes (and every later one)", () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        "POST /api/admin/account/password",
        "GET /api/admin/account/mfa",
        "POST /api/admin/account/mfa/enrol",
        "POST /api/admin/account/mfa/confirm",
        "POST /api/admin/account/mfa/disable",
        "GET /api/admin/audit",
        "GET /api/admin/submissions/",
        "GET /api/admin/submissions/export.csv",
        "GET /api/admin/submissions/:id",
        "PATCH /api/admin/submissions/:id",
        "DELETE /api/admin/submissions/:id",
        "POST /api/admin/submissions/:id/mail/retry",
        "POST /api/admin/submissions/:id/replies",
        "POST /api/admin/submissions/:id/responses",
        "GET /api/admin/desk/sources",
        "GET /api/admin/staff/",
        "POST /api/admin/staff/invitations",
        "DELETE /api/admin/staff/invitations/:id",
        "DELETE /api/admin/staff/:id",
        "POST /api/admin/staff/:id/reset-mfa",
      ]),
    );
  });

  test("answers 401 without a session", async () => {
    for (const { method, path } of adminRoutes()) {
      const res = await call(method, path);
      expect({ route: `${method} ${path}`, status: res.status }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      });
      expect(await res.json()).toEqual({ error: "Sign in to continue." });
    }
  });

  test("answers 401 with a forged cookie", async () => {
    for (const { method, path } of adminRoutes()) {
      const res = await call(method, path, "tracewell_session=abc.def");
      expect(res.status).toBe(401);
    }
  });

  test("answers 401 to a session that has only passed the password step", async () => {
    const config = loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN });
    const store = openDataStore(config);
    const { db } = store;
    const auth = createAuth({
      store,
      config,
      secrets: loadSecrets(),
      logger: silentLogger,
      now: () => new Date(),
    });
    const user = db.query("SELECT id FROM admin_users WHERE username = ?").get(USER) as { id: number };
    const { setCookie } = await auth.service.sessions.create(user.id, "mfa");
    const cookie = setCookie.split(";")[0]!;
    for (const { method, path } of adminRoutes()) {
      expect((await call(method, path, cookie)).status).toBe(401);
    }
    db.close();
  });

  test("signed in, the same routes are reachable (no 401)", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    for (const { method, path } of adminRoutes().filter((r) => r.method === "GET")) {
      expect((await call(method, path, cookie)).status).not.toBe(401);
    }
  });
});

function loadSecrets(): string[] {
  const { readFileSync } = require("node:fs") as typeof import("node:fs");
  return [readFileSync(`${dataDir}/session-secret`, "utf8").trim()];
}

describe("requireAdmin, as another admin controller uses it", () => {
  const config = loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, REQUIRE_MFA: "false" });
  // A second handle on the same file reads its personal data (TOTP secrets) with the same key, as the server does.
  const store = openDataStore(config);
  const auth = createAuth({
    store,
    config,
    secrets: loadSecrets(),
    logger: silentLogger,
    now: () => new Date(),
  });
  const things = new Elysia({ prefix: "/api/admin/things" })
    .use(auth.requireAdmin)
    .get("/", ({ admin }) => ({ for: admin.username }));
  const others = new Elysia({ prefix: "/api/admin/others" })
    .use(auth.requireAdmin)
    .delete("/:id", ({ admin, params }) => ({ deleted: params.id, by: admin.username }));
  // Deliberately without the global gate: the guard alone must refuse.
  const bare = new Elysia().use(auth.module).use(things).use(others);
  const go = (path: string, init?: RequestInit) => bare.handle(new Request(`${ORIGIN}${path}`, init));

  test("refuses without a session, even with no global gate in front", async () => {
    expect((await go("/api/admin/things")).status).toBe(401);
    expect((await go("/api/admin/others/4", { method: "DELETE" })).status).toBe(401);
  });

  test("hands the handler the signed-in admin, in every controller that uses it", async () => {
    const login = await go("/api/admin/login", post({ username: USER, password: PASSWORD }));
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    expect(await (await go("/api/admin/things", withCookie(cookie))).json()).toEqual({ for: USER });
    expect(await (await go("/api/admin/others/4", withCookie(cookie, { method: "DELETE" }))).json()).toEqual({
      deleted: "4",
      by: USER,
    });
  });
});

describe("admin screens", () => {
  test("a signed-out visitor is redirected to the sign-in screen, never served the page", async () => {
    for (const path of [
      "/admin/dashboard",
      "/admin/account",
      "/admin/audit",
      "/admin/submissions",
      "/admin/staff",
      "/admin",
    ]) {
      const res = await request(path);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/admin/login");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe("");
    }
  });

  test("the sign-in screen is served, noindex in the header and the page, uncached, without the public chrome", async () => {
    const res = await request("/admin/login");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('name="username"');
    // HTML attribute names are case-insensitive; React may write them in camel case.
    expect(html).toMatch(/autocomplete="current-password"/i);
    expect(html).toMatch(/autocomplete="username"/i);
    // Without script the form posts to the page, which answers as a page: the password never lands in a URL.
    const form = html.match(/<form[^>]*aria-label="Admin sign in"[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/admin/login"');
    expect(html).not.toContain("Response SLA");
    expect(html).not.toContain("tracewell-demo");
  });

  test("signed in, the dashboard is served (noindex) and the sign-in screen sends you on to it", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const dash = await request("/admin/dashboard", withCookie(cookie));
    expect(dash.status).toBe(200);
    expect(dash.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(dash.headers.get("cache-control")).toBe("private, no-store");
    const html = await dash.text();
    expect(html).toContain("Welcome back");
    for (const href of ["/admin/articles", "/admin/resources", "/admin/case-studies", "/admin/submissions"]) {
      expect(html).toContain(`href="${href}"`);
    }
    const login = await request("/admin/login", withCookie(cookie));
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/admin/dashboard");
    // Signed out again, the cached dashboard is not served.
    await request("/api/admin/logout", withCookie(cookie, post()));
    expect((await request("/admin/dashboard", withCookie(cookie))).status).toBe(303);
  });

  test("admin screens stay out of the sitemap-facing route list", async () => {
    const { ROUTES } = await import("../../../web/server-entry");
    const adminRoutes = ROUTES.filter((r) => r.path.startsWith("/admin"));
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const r of adminRoutes) {
      expect(r.layout).toBe("admin");
      expect(r.indexable).toBe(false);
      const meta = (await r.page.load()).meta({ id: "1" }, { brand: {} as never, publicUrl: ORIGIN });
      expect(meta?.noindex).toBe(true);
    }
  });
});
