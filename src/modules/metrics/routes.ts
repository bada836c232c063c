import { Elysia } from "elysia";
import { UnauthorizedError, withHeaders } from "../../http/errors";
import { bearerMatches, METRICS_PATH, READY_PATH } from "./model";

const NO_STORE = { "cache-control": "no-store" };

/** GET /metrics for Prometheus, behind its bearer token; absent (404) while no token is set. */
export const metricsRoutes = (token: string, render: () => Promise<string>, contentType: string) =>
  new Elysia({ name: "metrics" }).get(METRICS_PATH, async ({ request }) => {
    if (!bearerMatches(request.headers.get("authorization"), token))
      throw withHeaders(new UnauthorizedError("GET /metrics needs Authorization: Bearer <METRICS_TOKEN>."), {
        "www-authenticate": 'Bearer realm="metrics"',
      });
    return new Response(await render(), { headers: { "content-type": contentType, ...NO_STORE } });
  });

/** GET /readyz: 200 when the server is ready for its work, 503 naming what is not. */
export const readyRoutes = (ready: () => Promise<{ ready: boolean; checks: Record<string, unknown> }>) =>
  new Elysia({ name: "readyz" }).get(READY_PATH, async () => {
    const r = await ready();
    return Response.json(
      { status: r.ready ? "ready" : "not ready", checks: r.checks },
      { status: r.ready ? 200 : 503, headers: NO_STORE },
    );
  });

/**
 * Notes each routed request's template (`/api/admin/submissions/:id`) for its latency: hooked on the app itself
 * so every route registered after it is seen.
 */
export const routeTemplates = (note: (request: Request, route: string) => void) =>
  new Elysia({ name: "route-templates" }).onTransform({ as: "global" }, ({ request, route }) => {
    note(request, route);
  });
