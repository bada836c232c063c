import { beforeAll, expect, test } from "bun:test";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * A comma in a query value is text, on every route that declares its query: a search for "Smith, Jo" or an ids
 * list "3,7" must not be read as a list and refused. The routes are read from the app itself, so a route added
 * later is walked too.
 */
const ADMIN = "morgan";
const PASSWORD = "trace every transfer";
const { app, request, db } = makeTestApp({ ADMIN_USERNAME: ADMIN, ADMIN_PASSWORD: PASSWORD });

type Route = { method: string; path: string; hooks?: { query?: { entries?: Record<string, unknown> } } };
const withQuery = (app as unknown as { routes: Route[] }).routes.filter(
  (r) => r.method === "GET" && r.hooks?.query?.entries,
);

let cookie = "";
let id = 0;
beforeAll(async () => {
  id = (await fileIntake({ request, db }, new Date())).id;
  cookie = await signIn(request, ADMIN, PASSWORD);
});

test("the walk covers the routes that declare a query", () => {
  const paths = withQuery.map((r) => r.path);
  expect(paths).toContain("/api/admin/submissions/");
  expect(paths).toContain("/api/admin/articles/");
  expect(paths).toContain("/api/admin/audit");
  expect(withQuery.length).toBeGreaterThanOrEqual(6);
});

test("on every such route, a text its query accepts is still accepted with a comma in it", async () => {
  const refused: string[] = [];
  for (const route of withQuery) {
    const path = route.path.replace(/:[a-zA-Z]+/g, String(id));
    for (const key of Object.keys(route.hooks?.query?.entries ?? {})) {
      for (const value of ["smith"]) {
        const plain = await request(`${path}?${key}=${value}`, withCookie(cookie));
        if (plain.status === 422) continue;
        const sent = `${value}, ${value}`;
        const comma = await request(
          `${path}?${key}=${encodeURIComponent(sent).replace("%2C", ",")}`,
          withCookie(cookie),
        );
        if (comma.status === 422) refused.push(`${route.path} ${key}=${sent}`);
        expect(comma.status).toBeLessThan(500);
      }
    }
  }
  expect(refused).toEqual([]);
});

test("the articles search finds a title by words with a comma between them", async () => {
  const res = await request("/api/admin/articles?q=asset,%20search", withCookie(cookie));
  expect(res.status).toBe(200);
});
