import { describe, expect, setDefaultTimeout, test } from "bun:test";
import {
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_USERNAME,
  LOGIN_WINDOW_MS,
} from "../../../src/modules/auth/model";
import { post } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

// Every attempt runs argon2id for real; a few dozen of them take seconds.
setDefaultTimeout(30_000);

const USER = "avery";
const PASSWORD = "follow the money trail";
let clock = Date.parse("2026-05-04T14:00:00Z");
const { request } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => new Date(clock) },
);

let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const login = (username: string, password: string, address: string) =>
  request("/api/admin/login", post({ username, password }, { "x-forwarded-for": `10.9.9.9, ${address}` }));

describe("failed sign-ins per username", () => {
  test("past the limit: 429 with Retry-After and a clear message, even with the right password", async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i++) {
      expect((await login(USER, "wrong guess number", freshAddress())).status).toBe(401);
    }
    const res = await login(USER, PASSWORD, freshAddress());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBe(LOGIN_WINDOW_MS / 1000);
    expect(await res.json()).toEqual({
      error: "Too many failed sign-in attempts. Wait 15 minutes and try again.",
    });
  });

  test("the limit ends by itself: after the window the right password works", async () => {
    clock += LOGIN_WINDOW_MS;
    const res = await login(USER, PASSWORD, freshAddress());
    expect(res.status).toBe(200);
  });

  test("parallel guesses cannot slip past the limit while earlier ones are still being checked", async () => {
    clock += LOGIN_WINDOW_MS;
    const results = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_USERNAME + 5 }, () =>
        login(USER, "parallel guess", freshAddress()),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_USERNAME);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    clock += LOGIN_WINDOW_MS;
  });

  test("usernames are counted regardless of case", async () => {
    clock += LOGIN_WINDOW_MS;
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i++) {
      await login(i % 2 ? USER.toUpperCase() : USER, "wrong guess number", freshAddress());
    }
    expect((await login("Avery", PASSWORD, freshAddress())).status).toBe(429);
    clock += LOGIN_WINDOW_MS;
  });

  test("a success resets the username's count", async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME - 1; i++) await login(USER, "wrong", freshAddress());
    expect((await login(USER, PASSWORD, freshAddress())).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME - 1; i++) await login(USER, "wrong", freshAddress());
    expect((await login(USER, PASSWORD, freshAddress())).status).toBe(200);
    clock += LOGIN_WINDOW_MS;
  });
});

describe("failed sign-ins per client address (last X-Forwarded-For hop under TRUST_PROXY)", () => {
  test("one address guessing many usernames is stopped; other addresses are not", async () => {
    const attacker = freshAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
      expect((await login(`user${i}`, "wrong guess number", attacker)).status).toBe(401);
    }
    const blocked = await login(USER, PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).not.toBeNull();
    expect((await login(USER, PASSWORD, freshAddress())).status).toBe(200);
  });

  test("a spoofed first hop does not escape the limit", async () => {
    const attacker = `198.51.100.${nextAddress - 2}`;
    const res = await request(
      "/api/admin/login",
      post({ username: USER, password: PASSWORD }, { "x-forwarded-for": `1.2.3.4, ${attacker}` }),
    );
    expect(res.status).toBe(429);
  });
});
