import { describe, expect, test } from "bun:test";
import {
  ADMIN_ROUTE_CAPABILITIES,
  type Capability,
  can,
  ROLES,
  type Role,
  roleRefusal,
} from "../../../src/contracts/roles";
import { PUBLIC_API, routeKey } from "../../../src/modules/auth";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { joinAs } from "../../helpers/roles";
import { waitUntil } from "../../helpers/wait";

/**
 * Every admin API route, as Elysia's router lists it, walked for each role (ADR 258): a role without the route's
 * capability is refused 403 with the message naming who may; a role with it gets past the guard. The list is the
 * router's, not a hand list: a route added without a capability in src/contracts/roles.ts fails here.
 */
const OWNER = { username: "morgan", password: "trace every transfer" };
const { app, request } = makeTestApp({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });

const adminRoutes = () =>
  app.routes
    .filter((r) => r.path.startsWith("/api/admin"))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path, key: routeKey(r.method, r.path) }))
    // How one signs in and out, and an invitee's link: open to everyone, no role asked (the guard's own list).
    .filter((r) => !PUBLIC_API.has(r.key));

/** Ids no row has, so an allowed call changes nothing: it ends at the service's 404 or the body's 422. */
const call = (method: string, path: string, cookie: string) => {
  const url = path
    .replace(/:date\b/, "2099-01-04")
    .replace(/:[^/]+/g, "999999")
    .replace(/\*$/, "x");
  const init: RequestInit = method === "GET" || method === "HEAD" ? { method } : { ...post({}), method };
  return request(url, withCookie(cookie, init));
};

const cookies = {} as Record<Role, string>;

describe("the route table", () => {
  test("gives every admin route the router lists a capability", () => {
    const missing = adminRoutes()
      .map((r) => r.key)
      .filter((k) => !(k in ADMIN_ROUTE_CAPABILITIES));
    expect(missing).toEqual([]);
  });

  test("the routes open without a session are routes the router has, and the table gives them no capability", () => {
    const routes = new Set(app.routes.map((r) => routeKey(r.method, r.path)));
    expect([...PUBLIC_API].filter((k) => !routes.has(k))).toEqual([]);
    expect([...PUBLIC_API].filter((k) => k in ADMIN_ROUTE_CAPABILITIES)).toEqual([]);
  });

  test("names no route the router does not have", () => {
    const routes = new Set(adminRoutes().map((r) => r.key));
    expect(Object.keys(ADMIN_ROUTE_CAPABILITIES).filter((k) => !routes.has(k))).toEqual([]);
  });
});

describe("every admin route, for each role", () => {
  test("signs in one colleague of each role", async () => {
    cookies.owner = await signIn(request, OWNER.username, OWNER.password);
    cookies.staff = (
      await joinAs(request, cookies.owner, { username: "sam", email: "sam@tracewell.example", role: "staff" })
    ).cookie;
    cookies.editor = (
      await joinAs(request, cookies.owner, {
        username: "eve",
        email: "eve@tracewell.example",
        role: "editor",
      })
    ).cookie;
    for (const role of ROLES) {
      const status = await (await request("/api/admin/auth/status", withCookie(cookies[role]))).json();
      expect(status).toMatchObject({ authenticated: true, role });
    }
  });

  for (const role of ["editor", "staff", "owner"] as const) {
    test(`${role}: 403 where the role has no right, past the guard where it has`, async () => {
      const outcomes: { route: string; capability: Capability; status: number; error?: string }[] = [];
      for (const { method, path, key: route } of adminRoutes()) {
        const capability = ADMIN_ROUTE_CAPABILITIES[route] ?? "unlisted";
        const res = await call(method, path, cookies[role]);
        const body = res.headers.get("content-type")?.includes("json")
          ? ((await res.json()) as { error?: string; capability?: string })
          : {};
        if (can(role, capability)) {
          // Whatever the route then answers (a 404 for the made-up id, a 422 for the empty body), never a refusal.
          expect({ route, status: res.status }).not.toEqual({ route, status: 403 });
        } else {
          expect({ route, status: res.status, body }).toEqual({
            route,
            status: 403,
            body: { error: roleRefusal(capability, role), capability },
          });
        }
        outcomes.push({ route, capability, status: res.status, error: body.error });
      }
      // The walk went through every route, and refused the role exactly where the table says.
      expect(outcomes.length).toBe(adminRoutes().length);
      expect(outcomes.filter((o) => o.status === 403).map((o) => o.route)).toEqual(
        outcomes.filter((o) => !can(role, o.capability)).map((o) => o.route),
      );
    });
  }

  test("the owner's walk started a backup: it ends before the data folder goes", async () => {
    const view = await waitUntil("the backup to finish", async () => {
      const v = (await (await request("/api/admin/backups", withCookie(cookies.owner))).json()) as {
        running: boolean;
        last: { ok: boolean } | null;
      };
      return !v.running && v;
    });
    expect(view.last).not.toBeNull();
  });
});

describe("a route no one has given a capability", () => {
  test("is an owner's alone: refused to staff and editors before it is even looked up", async () => {
    // A route added without a line in the table is closed to other roles until the table names it.
    for (const path of ["/api/admin/ledger/export.json", "/api/admin/payments/1/refund"]) {
      for (const role of ["staff", "editor"] as const) {
        const res = await request(path, withCookie(cookies[role]));
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: roleRefusal("unlisted", role), capability: "unlisted" });
      }
      expect((await request(path, withCookie(cookies.owner))).status).toBe(404);
    }
  });

  test("a role's refusal says who may", async () => {
    const res = await request("/api/admin/staff", withCookie(cookies.editor));
    expect(await res.json()).toEqual({
      error: "Only an owner can manage staff and invitations. Your role is Editor.",
      capability: "staff",
    });
  });
});
