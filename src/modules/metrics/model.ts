import { createHash, timingSafeEqual } from "node:crypto";

/** Where Prometheus scrapes, and where a load balancer or orchestrator asks whether to send traffic. */
export const METRICS_PATH = "/metrics";
export const READY_PATH = "/readyz";

/** Why an intake was refused: one label value each, so the series stay few whatever is sent. */
export const INTAKE_REFUSALS = ["invalid", "rate_limit", "honeypot", "too_fast", "unreadable"] as const;
export type IntakeRefusal = (typeof INTAKE_REFUSALS)[number];
export type IntakeOutcome = { outcome: "accepted" } | { outcome: "refused"; reason: IntakeRefusal };

/**
 * Labels for requests that no route template names: answered before routing (a guard, a cached page, an
 * asset) or by no route at all. A raw path is never a label: anyone can send a new one, and each would be a
 * series of its own.
 */
export const UNROUTED = {
  asset: "(asset)",
  cachedPage: "(cached page)",
  badHost: "(bad host)",
  none: "(unrouted)",
} as const;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The method as a label: any other token a client invents counts as "OTHER". */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : "OTHER");

/**
 * Whether an Authorization header carries the bearer token. Both sides are hashed first, so the comparison
 * takes the same time whatever the header's length and wherever it first differs.
 */
export function bearerMatches(header: string | null, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}
