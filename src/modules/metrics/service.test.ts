import { describe, expect, test } from "bun:test";
import { bearerMatches } from "./model";
import { checkReadiness } from "./service";

describe("readiness", () => {
  test("not ready while the desk's search index is being built, saying how far it got", async () => {
    const r = await checkReadiness({
      search: () => ({ ready: false, indexed: 120, total: 500 }),
      mail: async () => "ok",
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
          })
        ).ready,
      ).toBe(true);
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
