/**
 * Intake rate limits per client address: a bounded number of attempts per minute (every POST counts) and a
 * handful of accepted intakes per hour. Counters live in memory, keyed by a hash of the address under a key
 * made at start, so no address is kept in clear even in memory dumps of a long-running process.
 */
export const INTAKE_RATE_LIMITS = {
  attempts: { max: 10, windowMs: 60_000 },
  accepted: { max: 5, windowMs: 60 * 60_000 },
} as const;

/** Sliding-window counter: remembers the times of recent hits per key, forgets keys once idle. */
export class WindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweeps = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until one more hit would be allowed, or 0 if it is allowed now. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - this.max]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  hit(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
  }

  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i]! <= cutoff) i++;
    return i ? list.slice(i) : list;
  }

  private sweep(now: number): void {
    const cutoff = now - this.windowMs;
    for (const [key, list] of this.hits) {
      if ((list[list.length - 1] ?? 0) <= cutoff) this.hits.delete(key);
    }
  }
}

/**
 * The address a request came from: the socket's peer, or with TRUST_PROXY the last X-Forwarded-For hop (the
 * one our own proxy appended; earlier hops are whatever the client claimed).
 */
export function clientAddress(
  request: Request,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const hops = request.headers.get("x-forwarded-for")?.split(",") ?? [];
    const last = hops[hops.length - 1]?.trim();
    if (last) return last;
  }
  return socketAddress ?? "unknown";
}

export function createIntakeLimits(limits = INTAKE_RATE_LIMITS) {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const attempts = new WindowLimiter(limits.attempts.max, limits.attempts.windowMs);
  const accepted = new WindowLimiter(limits.accepted.max, limits.accepted.windowMs);
  const keyOf = (address: string) => {
    const hasher = new Bun.CryptoHasher("sha256", secret);
    hasher.update(address);
    return hasher.digest("base64url");
  };
  return {
    keyOf,
    /** Counts an attempt; returns seconds to wait if the address is over either limit, else 0. */
    attempt(key: string, now: number): number {
      const wait = attempts.retryAfter(key, now);
      if (wait) return wait;
      attempts.hit(key, now);
      return 0;
    },
    /** Seconds to wait before another intake from this address would be accepted, else 0. */
    acceptWait: (key: string, now: number) => accepted.retryAfter(key, now),
    accepted: (key: string, now: number) => accepted.hit(key, now),
  };
}

export type IntakeLimits = ReturnType<typeof createIntakeLimits>;
