import { beforeAll, describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

const ADMIN = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: ADMIN, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);

type Page = {
  entries: { event: string; username: string | null; at: string }[];
  nextBeforeId: number | null;
};
let cookie = "";
const audit = async (query = "") => {
  const res = await request(`/api/admin/audit${query ? `?${query}` : ""}`, withCookie(cookie));
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};
const events = (p: Page) => p.entries.map((e) => e.event);

describe("the audit log's filters", () => {
  let id = 0;
  // Before the tests below: a request, a sign-in on one day, views and a change on the next.
  beforeAll(async () => {
    id = (await fileIntake({ request, db }, clock.at)).id;
    cookie = await signIn(request, ADMIN, PASSWORD);
    clock.at = new Date("2026-03-03T10:00:00.000Z");
    cookie = await signIn(request, ADMIN, PASSWORD);
    await request("/api/admin/submissions", withCookie(cookie));
    await request(`/api/admin/submissions/${id}`, withCookie(cookie));
    const patch = await request(
      `/api/admin/submissions/${id}`,
      withCookie(cookie, { ...post({ status: "closed" }), method: "PATCH" }),
    );
    expect(patch.status).toBe(200);
  });

  test("read-only events are hidden unless views are asked for", async () => {
    expect(events(await audit())).toEqual([
      "submission.status_changed",
      "login.succeeded",
      "login.succeeded",
      "admin.created",
    ]);
    expect(events(await audit("views=1"))).toEqual([
      "submission.status_changed",
      "submission.viewed",
      "submissions.listed",
      "login.succeeded",
      "login.succeeded",
      "admin.created",
    ]);
  });

  test("by who, what and when", async () => {
    // The admin's own creation is recorded under their name too.
    expect(events(await audit(`user=${ADMIN}`))).toEqual([
      "submission.status_changed",
      "login.succeeded",
      "login.succeeded",
      "admin.created",
    ]);
    expect(events(await audit("user=nobody"))).toEqual([]);
    expect(events(await audit("area=desk&views=1"))).toEqual([
      "submission.status_changed",
      "submission.viewed",
      "submissions.listed",
    ]);
    expect(events(await audit("area=account"))).toEqual([
      "login.succeeded",
      "login.succeeded",
      "admin.created",
    ]);
    expect(events(await audit("since=2026-03-03T00:00:00.000Z"))).toEqual([
      "submission.status_changed",
      "login.succeeded",
    ]);
    expect(events(await audit("until=2026-03-03T00:00:00.000Z"))).toEqual([
      "login.succeeded",
      "admin.created",
    ]);
  });

  test("a bad filter is a 422 naming it", async () => {
    for (const [query, field] of [
      ["area=everything", "area"],
      ["since=yesterday", "since"],
      ["until=2026-13-45", "until"],
      ["views=maybe", "views"],
      [`user=${"x".repeat(200)}`, "user"],
    ] as const) {
      const res = await request(`/api/admin/audit?${query}`, withCookie(cookie));
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });
});
