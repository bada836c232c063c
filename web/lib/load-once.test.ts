import { describe, expect, test } from "bun:test";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  test("two callers share one fetch and its result", async () => {
    let fetches = 0;
    const load = loadOnce(
      async () => {
        fetches++;
        return 2;
      },
      (n) => n * 10,
    );
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b]).toEqual([20, 20]);
    expect(await load()).toBe(20);
    expect(fetches).toBe(1);
  });

  test("after a failed fetch, the next call fetches again", async () => {
    let fetches = 0;
    const load = loadOnce(
      async () => {
        fetches++;
        if (fetches === 1) throw new Error("network blip");
        return "chunk";
      },
      (m) => m,
    );
    await expect(load()).rejects.toThrow("network blip");
    expect(await load()).toBe("chunk");
    expect(fetches).toBe(2);
  });
});
