import { describe, expect, test } from "bun:test";
import { createRateLimiter, retryAfterText } from "./rate-limit";

describe("createRateLimiter", () => {
  test("allows `limit` hits per window, refuses the next with the seconds left, and recovers", () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => t });
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    expect(limiter.check("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    t = 45_000;
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 15 });
    expect(limiter.check("b")).toEqual({ allowed: true });
    t = 60_000;
    expect(limiter.check("a")).toEqual({ allowed: true });
    expect(limiter.hit("a").allowed).toBe(true);
  });

  test("reset forgets a key", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => 0 });
    limiter.hit("a");
    expect(limiter.check("a").allowed).toBe(false);
    limiter.reset("a");
    expect(limiter.check("a").allowed).toBe(true);
  });

  test("keeps at most maxKeys windows", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => 0, maxKeys: 2 });
    limiter.hit("a");
    limiter.hit("b");
    limiter.hit("c");
    expect(limiter.check("a").allowed).toBe(true);
    expect(limiter.check("c").allowed).toBe(false);
  });
});

test("retryAfterText rounds up to whole minutes", () => {
  expect(retryAfterText(1)).toBe("1 minute");
  expect(retryAfterText(61)).toBe("2 minutes");
  expect(retryAfterText(900)).toBe("15 minutes");
});

test("refund takes back one hit", () => {
  const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => 0 });
  limiter.hit("a");
  limiter.hit("a");
  expect(limiter.check("a").allowed).toBe(false);
  limiter.refund("a");
  limiter.refund("a");
  expect(limiter.check("a").allowed).toBe(true);
});
