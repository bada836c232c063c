import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

const USER = "quinn";
const PASSWORD = "public records only";
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });

describe("state-changing requests from another site", () => {
  test("are refused with 403 before any route runs, on every method", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const headers of <Record<string, string>[]>[
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ]) {
        const res = await request("/api/admin/logout", withCookie(cookie, { method, headers }));
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: "Cross-site requests are not allowed." });
      }
    }
    // The session survived every forged logout.
    const status = await request("/api/admin/auth/status", withCookie(cookie));
    expect(await status.json()).toEqual({
      authenticated: true,
      username: USER,
      shownAs: USER,
      role: "owner",
    });
  });

  test("a cross-site sign-in (login CSRF) is refused", async () => {
    const res = await request(
      "/api/admin/login",
      post(
        { username: USER, password: PASSWORD },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test("same-origin requests and cross-site reads pass", async () => {
    expect((await request("/api/admin/logout", post())).status).toBe(200);
    expect((await request("/", { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});
