import { Elysia } from "elysia";
import type { Logger } from "../../log";
import { type IntakeOutcome, methodLabel, UNROUTED } from "./model";
import { metricsRoutes, readyRoutes, routeTemplates } from "./routes";
import { type CheckResult, checkReadiness, createMetricsService, type MetricsSources } from "./service";

/**
 * What an operator's monitoring reads (issue 31): GET /metrics in Prometheus's text format behind
 * METRICS_TOKEN (ADR 244), and GET /readyz. /healthz stays in the app: one cheap query.
 */
export { type IntakeOutcome, type IntakeRefusal, METRICS_PATH, READY_PATH, UNROUTED } from "./model";
export type { CheckResult };

export function createMetrics(deps: {
  /** METRICS_TOKEN; undefined: nothing is counted and /metrics is not served. */
  token: string | undefined;
  sources: MetricsSources;
  readiness: Parameters<typeof checkReadiness>[0];
  /** Where a failing readiness check's cause is written, once each time it changes. */
  logger?: Logger;
}) {
  const service = deps.token ? createMetricsService(deps.sources) : null;
  const templates = new WeakMap<Request, string>();
  let pending: ReturnType<typeof checkReadiness> | null = null;
  let lastCauses = "{}";
  // A probe every 10 s would repeat the same line: the cause is logged when it appears or changes.
  const noteCauses = (causes: Record<string, string>) => {
    const now = JSON.stringify(causes);
    if (now === lastCauses) return;
    if (now === "{}") deps.logger?.info("readiness_restored", { was: JSON.parse(lastCauses) });
    else deps.logger?.warn("readiness_failed", { checks: causes });
    lastCauses = now;
  };
  // Probes that arrive together share one check: a burst of them opens one connection to the mail server.
  const ready = () => {
    pending ??= checkReadiness(deps.readiness)
      .then((r) => {
        noteCauses(r.causes);
        return r;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  return {
    /** Each routed request's template, noted for observe(): use it on the app before the routes. */
    templates: routeTemplates((request, route) => templates.set(request, route)),
    routes: new Elysia({ name: "operations" })
      .use(service ? metricsRoutes(deps.token as string, service.render, service.contentType) : new Elysia())
      .use(readyRoutes(ready)),
    /** One answered request: its route template (or what answered it before routing), status and time. */
    observe(request: Request, status: number, ms: number, early?: keyof typeof UNROUTED) {
      if (!service) return;
      const route = early ? UNROUTED[early] : (templates.get(request) ?? UNROUTED.none);
      service.observeRequest(methodLabel(request.method), route, status, ms / 1000);
    },
    countIntake: (outcome: IntakeOutcome) => service?.countIntake(outcome),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
