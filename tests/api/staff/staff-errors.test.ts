import { describe, expect, test } from "bun:test";
import { STAFF_MESSAGES } from "../../../src/contracts/staff";
import { retryAfterText } from "../../../src/lib/rate-limit";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

/** The staff refusals tests/api/staff/staff.test.ts does not walk, with the exact status, body and headers. */

const OWNER = "quinn";
const PASSWORD = "audit trails all the way";
const clock = Date.parse("2026-11-23T09:00:00Z");
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD },
  { now: () => new Date(clock) },
);
const del = (cookie: string) => withCookie(cookie, { method: "DELETE", headers: post().headers });
const answer = async (res: Response | Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: await r.json() };
};
const ownerId = () =>
  (db.query("SELECT id FROM admin_users WHERE username = ?").get(OWNER) as { id: number }).id;

describe("the Staff screen's refusals", () => {
  test("an invitation, or a colleague, that the path does not name is a 404 with its message", async () => {
    const cookie = await signIn(request, OWNER, PASSWORD);
    for (const id of ["999", "abc", "0"]) {
      expect(await answer(request(`/api/admin/staff/invitations/${id}`, del(cookie)))).toEqual({
        status: 404,
        body: { error: STAFF_MESSAGES.invitationNotFound },
      });
      expect(await answer(request(`/api/admin/staff/${id}`, del(cookie)))).toEqual({
        status: 404,
        body: { error: STAFF_MESSAGES.notFound },
      });
      expect(await answer(request(`/api/admin/staff/${id}/reset-mfa`, withCookie(cookie, post())))).toEqual({
        status: 404,
        body: { error: STAFF_MESSAGES.notFound },
      });
    }
  });

  test("one's own two-step sign-in is reset on the Account screen, not here", async () => {
    const cookie = await signIn(request, OWNER, PASSWORD);
    const id = ownerId();
    expect(await answer(request(`/api/admin/staff/${id}/reset-mfa`, withCookie(cookie, post())))).toEqual({
      status: 403,
      body: { error: STAFF_MESSAGES.resetSelf },
    });
  });
});

describe("an invitee's link", () => {
  test("after 20 wrong links from one address the next is 429 with Retry-After, whatever the token", async () => {
    for (let i = 0; i < 20; i++) {
      const token = `${i}`.padStart(43, "x");
      expect((await request("/api/admin/staff-invitation", post({ token }))).status).toBe(404);
    }
    const res = await request("/api/admin/staff-invitation", post({ token: "y".repeat(43) }));
    expect(res.headers.get("retry-after")).toBe("900");
    expect(await answer(res)).toEqual({
      status: 429,
      body: { error: `Too many invalid invitation links. Wait ${retryAfterText(900)}.` },
    });
    const accept = await request(
      "/api/admin/staff-invitation/accept",
      post({ token: "y".repeat(43), username: "newcomer", password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(accept.status).toBe(429);
    expect(accept.headers.get("retry-after")).toBe("900");
  });
});
