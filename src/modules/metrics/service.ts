import { statSync } from "node:fs";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { INTAKE_REFUSALS, type IntakeOutcome } from "./model";

/** What the scrape reads from the other features, each through its own index (ADR 228). */
export type MetricsSources = {
  outbox: () => { pending: number; failed: number };
  overdue: () => number;
  lastBackup: () => { at: string; bytes: number } | null;
  databaseFile: string;
  documentsBytes: () => number;
};

/** Seconds: from a cached page (well under a millisecond) to a large upload or export. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** prom-client's gauges named like counters; what they count says little about this server anyway. */
const MISNAMED_DEFAULTS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

const sizeOf = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;

/**
 * The server's metrics in one registry of its own: counts kept as requests and intakes happen, the rest read
 * when Prometheus scrapes (so nothing is stale and nothing runs between scrapes).
 */
export function createMetricsService(sources: MetricsSources) {
  const registry = new Registry();
  // Process memory, CPU, open files and the event loop's lag, under the names every dashboard knows.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Three of its gauges end in _total, which Prometheus keeps for counters (promtool check metrics refuses them).
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);

  const requests = new Histogram({
    name: "tracewell_http_request_duration_seconds",
    help: "Requests answered, by method, route template and status, and how long each took",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const intakes = new Counter({
    name: "tracewell_intakes_total",
    help: "Intake form submissions, accepted or refused and why",
    labelNames: ["outcome", "reason"] as const,
    registers: [registry],
  });
  // Every series from the start, at zero: a rate over a series that appears only at its first event misses it.
  intakes.inc({ outcome: "accepted", reason: "" }, 0);
  for (const reason of INTAKE_REFUSALS) intakes.inc({ outcome: "refused", reason }, 0);

  new Gauge({
    name: "tracewell_outbox_mails",
    help: "Mail in the outbox waiting to go (pending) or given up (failed)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const { pending, failed } = sources.outbox();
      this.set({ state: "pending" }, pending);
      this.set({ state: "failed" }, failed);
    },
  });
  new Gauge({
    name: "tracewell_requests_overdue",
    help: "Waiting requests past their respond-by time on the desk's business clock",
    registers: [registry],
    collect() {
      this.set(sources.overdue());
    },
  });
  new Gauge({
    name: "tracewell_backup_last_success_timestamp_seconds",
    help: "When the last successful backup was taken (Unix time; 0: none yet)",
    registers: [registry],
    collect() {
      const last = sources.lastBackup();
      this.set(last ? Date.parse(last.at) / 1000 : 0);
    },
  });
  new Gauge({
    name: "tracewell_backup_last_success_bytes",
    help: "The size of the last successful backup's archive",
    registers: [registry],
    collect() {
      this.set(sources.lastBackup()?.bytes ?? 0);
    },
  });
  new Gauge({
    name: "tracewell_storage_bytes",
    help: "Bytes on disk: the database file, its write-ahead log, and the sealed documents",
    labelNames: ["part"] as const,
    registers: [registry],
    collect() {
      this.set({ part: "database" }, sizeOf(sources.databaseFile));
      this.set({ part: "wal" }, sizeOf(`${sources.databaseFile}-wal`));
      this.set({ part: "documents" }, sources.documentsBytes());
    },
  });

  return {
    contentType: registry.contentType,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    countIntake(o: IntakeOutcome) {
      intakes.inc({ outcome: o.outcome, reason: o.outcome === "refused" ? o.reason : "" });
    },
    /** The text Prometheus reads. */
    render: () => registry.metrics(),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;

/** What /readyz reports of each dependency: ok, off (not configured, so not waited for), or what is wrong. */
export type CheckResult = "ok" | "off" | { error: string };

/**
 * What the public answer says of a failing check. /readyz answers anyone, so it names no host, address or path:
 * the cause (the mail server's name in a connection error, the data folder's path) goes to the log only.
 */
const PUBLIC_FAILURE = {
  mail: "the mail server (SMTP_URL) does not answer",
  data: "the data folder (DATA_DIR) cannot be written",
  scanner: "the virus scanner (CLAMD_URL) does not answer: uploads are held unscanned until it does",
} as const;

/**
 * Whether the server can do its work now: the desk's search index built (until then a search may miss
 * requests), the data folder writable (a small file written and removed) and the mail server answering
 * (unless mail is off). Each check is named in the answer; `causes` holds what failed, for the log alone.
 */
export async function checkReadiness(checks: {
  search: () => { ready: boolean; indexed: number; total: number };
  mail: () => Promise<CheckResult>;
  data: () => CheckResult;
  /** ClamAV's clamd (ADR 296); off while CLAMD_URL is unset. */
  scanner?: () => Promise<CheckResult>;
}) {
  const s = checks.search();
  const search: CheckResult = s.ready
    ? "ok"
    : { error: `the desk's search index is being built (${s.indexed} of ${s.total} requests read)` };
  const causes: Partial<Record<keyof typeof PUBLIC_FAILURE, string>> = {};
  const shown = (name: keyof typeof PUBLIC_FAILURE, result: CheckResult): CheckResult => {
    if (typeof result === "string") return result;
    causes[name] = result.error;
    return { error: `${PUBLIC_FAILURE[name]}; the server's log says why (readiness_failed)` };
  };
  const data = shown("data", checks.data());
  const mail = shown("mail", await checks.mail());
  // Named only where a scanner is configured: a firm without one has nothing to wait for.
  const scanned = checks.scanner ? await checks.scanner() : "off";
  const results = {
    search,
    data,
    mail,
    ...(scanned === "off" ? {} : { scanner: shown("scanner", scanned) }),
  };
  return {
    ready: Object.values(results).every((r) => r === "ok" || r === "off"),
    checks: results,
    causes,
  };
}
