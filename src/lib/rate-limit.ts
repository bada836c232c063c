/**
 * A small in-memory fixed-window limiter: at most `limit` hits per key in `windowMs`, counted from the key's
 * first hit. Windows end by themselves, so nothing stays blocked. One process serves the site (DESIGN.md), so
 * memory is the right home; `maxKeys` bounds it against floods of distinct keys (oldest window out first).
 */
export type RateLimiter = {
  /** Counts one hit against `key` and says whether it was within the limit. `t` defaults to the clock. */
  hit(key: string, t?: number): RateDecision;
  /** Says whether `key` is already over its limit, without counting. */
  check(key: string, t?: number): RateDecision;
  /** Takes back one hit (an attempt counted up front that turned out fine). */
  refund(key: string): void;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): void;
};

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter(opts: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}): RateLimiter {
  const { limit, windowMs, now = Date.now, maxKeys = 10_000 } = opts;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string, t: number) => {
    const w = windows.get(key);
    if (w && w.resetAt <= t) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const decide = (w: { count: number; resetAt: number } | undefined, t: number): RateDecision =>
    w && w.count > limit
      ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) }
      : { allowed: true };

  return {
    hit(key, t = now()) {
      let w = current(key, t);
      if (!w) {
        if (windows.size >= maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return decide(w, t);
    },
    check(key, t = now()) {
      const w = current(key, t);
      // Already at the limit: one more would be refused, so refuse before doing the work.
      return w && w.count >= limit ? decide({ ...w, count: limit + 1 }, t) : { allowed: true };
    },
    refund(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

/** Retry-After text for people: "1 minute", "15 minutes". */
export function retryAfterText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
