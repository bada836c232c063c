import { describe, expect, test } from "bun:test";
import { bearerMatches } from "./model";
import { checkReadiness } from "./service";

describe("readiness", () => {
  test("not ready while the desk's search index is being built, saying how far it got", async () => {
    const r = await checkReadiness({
      search: () => ({ ready: false, indexed: 120, total: 500 }),
      mail: async () => "ok",
      data: () => "ok",
    });
    expect(r.ready).toBe(false);
    expect(r.checks.search).toEqual({
      error: "the desk's search index is being built (120 of 500 requests read)",
    });
  });

  test("ready once built, with mail off or answering", async () => {
    for (const mail of ["ok", "off"] as const)
      expect(
        (
          await checkReadiness({
            search: () => ({ ready: true, indexed: 1, total: 1 }),
            mail: async () => mail,
            data: () => "ok",
          })
        ).ready,
      ).toBe(true);
  });
});

test("a failing check's cause is kept apart from the public answer, which names no host or folder", async () => {
  const r = await checkReadiness({
    search: () => ({ ready: true, indexed: 1, total: 1 }),
    mail: async () => ({ error: "getaddrinfo ENOTFOUND mail.internal.example" }),
    data: () => ({ error: "/var/lib/tracewell is on a read-only file system (EROFS)" }),
  });
  expect(r.ready).toBe(false);
  expect(JSON.stringify(r.checks)).not.toMatch(/mail\.internal|\/var\/lib/);
  expect(r.causes).toEqual({
    mail: "getaddrinfo ENOTFOUND mail.internal.example",
    data: "/var/lib/tracewell is on a read-only file system (EROFS)",
  });
});

describe("the metrics token", () => {
  test("only the exact bearer token matches", () => {
    const token = "a-token-of-some-length";
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const h of [
      null,
      "",
      "Bearer",
      "Bearer ",
      token,
      `Basic ${token}`,
      `Bearer ${token}a`,
      `Bearer ${token.slice(1)}`,
    ])
      expect(bearerMatches(h, token)).toBe(false);
  });
});
