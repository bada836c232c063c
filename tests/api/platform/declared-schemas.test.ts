import { expect, test } from "bun:test";
import { makeTestApp } from "../../helpers/app";

/**
 * Every admin route of the content and firm features that takes a body declares its schema on the route
 * (ADR 228): what it accepts is read from the route, and the route, not the service, refuses the rest. The
 * intake reads its own body (ADR 229) and a restore takes none.
 */
const { app } = makeTestApp({});
const SHAPED = /^\/api\/admin\/(articles|case-studies|resources|people|testimonials)(\/|$)/;
const TAKES_NO_BODY = /\/restore$/;

type Route = { method: string; path: string; hooks?: { body?: unknown; query?: unknown } };
const routes = (app as unknown as { routes: Route[] }).routes.filter((r) => SHAPED.test(r.path));

test("each of their routes that reads a body declares it", () => {
  const writes = routes.filter(
    (r) => ["POST", "PUT", "PATCH"].includes(r.method) && !TAKES_NO_BODY.test(r.path),
  );
  expect(writes.length).toBeGreaterThanOrEqual(12);
  expect(writes.filter((r) => !r.hooks?.body).map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

test("the article list and the comparison of saved versions declare their query", () => {
  const reads = routes.filter(
    (r) => r.method === "GET" && /^\/api\/admin\/articles\/?(:id\/revisions\/compare)?$/.test(r.path),
  );
  expect(reads.map((r) => [r.path, Boolean(r.hooks?.query)])).toEqual([
    ["/api/admin/articles/", true],
    ["/api/admin/articles/:id/revisions/compare", true],
  ]);
});
