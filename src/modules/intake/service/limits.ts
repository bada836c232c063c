import { createRateLimiter, type RateDecision } from "../../../lib/rate-limit";

/**
 * Intake rate limits per client address: a bounded number of attempts per minute (every POST counts) and a
 * handful of accepted intakes per hour. Counters live in memory, keyed by a hash of the address under a key
 * made at start, so no address is kept in clear even in memory dumps of a long-running process.
 */
export const INTAKE_RATE_LIMITS = {
  attempts: { max: 10, windowMs: 60_000 },
  accepted: { max: 5, windowMs: 60 * 60_000 },
} as const;

export function createIntakeLimits(limits = INTAKE_RATE_LIMITS) {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const attempts = createRateLimiter({ limit: limits.attempts.max, windowMs: limits.attempts.windowMs });
  const accepted = createRateLimiter({ limit: limits.accepted.max, windowMs: limits.accepted.windowMs });
  const wait = (d: RateDecision) => (d.allowed ? 0 : d.retryAfterSeconds);
  const keyOf = (address: string) => {
    const hasher = new Bun.CryptoHasher("sha256", secret);
    hasher.update(address);
    return hasher.digest("base64url");
  };
  return {
    keyOf,
    /** Counts an attempt; returns seconds to wait if the address is over either limit, else 0. */
    attempt: (key: string, now: number): number => wait(attempts.hit(key, now)),
    /** Seconds to wait before another intake from this address would be accepted, else 0. */
    acceptWait: (key: string, now: number) => wait(accepted.check(key, now)),
    accepted: (key: string, now: number) => void accepted.hit(key, now),
  };
}

export type IntakeLimits = ReturnType<typeof createIntakeLimits>;

/** What a visitor over either limit is told: how long to wait, and the phone number that needs no form. */
export const rateLimitMessage = (phone: string, retryAfter: number) => {
  const minutes = Math.ceil(retryAfter / 60);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return `Too many requests from your connection. Please wait ${wait} and try again, or call us at ${phone}.`;
};
