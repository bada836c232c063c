import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ApiError, apiAnswer, apiRequest, getJson, onAcceptedChange } from "./api";

// A real HTTP server on 127.0.0.1: the client is exercised over the network, not against a mock.
let server: ReturnType<typeof Bun.serve>;
let base = "";
const seen: { method: string; path: string; contentType: string | null; body: string }[] = [];

beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      seen.push({
        method: req.method,
        path: url.pathname,
        contentType: req.headers.get("content-type"),
        body: await req.text(),
      });
      if (url.pathname === "/ok") return Response.json({ hello: "world" });
      if (url.pathname === "/api/items/7") return Response.json({ id: 7 });
      if (url.pathname === "/text-error")
        return new Response("Name must be at least 2 characters", { status: 422 });
      if (url.pathname === "/empty-error")
        return new Response(null, { status: 503, statusText: "Service Unavailable" });
      if (url.pathname === "/fields")
        return Response.json({ errors: { email: ["Enter an email address."] } }, { status: 422 });
      if (url.pathname === "/unauthorized") return new Response('{"error":"Sign in"}', { status: 401 });
      return new Response("Not found", { status: 404 });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

describe("apiRequest", () => {
  test("sends JSON bodies and returns the response", async () => {
    const res = await apiRequest("POST", `${base}/ok`, { a: 1 });
    expect(res.status).toBe(200);
    const last = seen.at(-1);
    expect(last?.method).toBe("POST");
    expect(last?.contentType).toBe("application/json");
    expect(JSON.parse(last?.body ?? "")).toEqual({ a: 1 });
  });

  test("a non-OK response throws '<status>: <body text>'", async () => {
    const error = await apiRequest("POST", `${base}/text-error`, {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("422: Name must be at least 2 characters");
    expect(error.status).toBe(422);
  });

  test("an empty error body falls back to the status text", async () => {
    const error = await apiRequest("GET", `${base}/empty-error`).catch((e) => e);
    expect(error.message).toBe("503: Service Unavailable");
  });

  test("401 throws too, and the JSON body stays readable", async () => {
    const error = await apiRequest("GET", `${base}/unauthorized`).catch((e) => e);
    expect(error.message).toBe('401: {"error":"Sign in"}');
    expect(error.json()).toEqual({ error: "Sign in" });
  });

  test("does not retry a failed request", async () => {
    const before = seen.filter((s) => s.path === "/empty-error").length;
    await apiRequest("GET", `${base}/empty-error`).catch(() => undefined);
    expect(seen.filter((s) => s.path === "/empty-error").length).toBe(before + 1);
  });
});

test("getJson joins the key segments with slashes", async () => {
  expect(await getJson<{ id: number }>([`${base}/api`, "items", 7])).toEqual({ id: 7 });
  expect(seen.at(-1)?.method).toBe("GET");
});

describe("apiAnswer", () => {
  test("an OK answer carries the JSON, sent as apiRequest sends it", async () => {
    expect(await apiAnswer("POST", `${base}/ok`, { a: 1 })).toEqual({ ok: true, data: { hello: "world" } });
    expect(seen.at(-1)?.contentType).toBe("application/json");
  });

  test("a refusal says the server's error, else its first field message, else the fallback", async () => {
    expect(await apiAnswer("GET", `${base}/unauthorized`)).toEqual({
      ok: false,
      status: 401,
      error: "Sign in",
      fields: undefined,
    });
    expect(await apiAnswer("POST", `${base}/fields`, {})).toEqual({
      ok: false,
      status: 422,
      error: "Enter an email address.",
      fields: { email: ["Enter an email address."] },
    });
    const plain = await apiAnswer("GET", `${base}/empty-error`, undefined, "Try again later.");
    expect(plain).toEqual({ ok: false, status: 503, error: "Try again later.", fields: undefined });
  });

  test("a lost connection still throws", async () => {
    const dead = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const url = `http://127.0.0.1:${dead.port}/gone`;
    dead.stop(true);
    await expect(apiAnswer("GET", url)).rejects.toBeInstanceOf(Error);
  });
});

describe("changes the server accepted are told to the page (issue 44: no stale panels)", () => {
  test("a POST answered 2xx is told; a GET and a refused change are not", async () => {
    let told = 0;
    const stop = onAcceptedChange(() => {
      told += 1;
    });
    await getJson([`${base}/ok`]);
    expect(told).toBe(0);
    await apiRequest("POST", `${base}/ok`, { a: 1 });
    expect(told).toBe(1);
    await apiAnswer("POST", `${base}/fields`, {});
    expect(told).toBe(1);
    stop();
    await apiRequest("POST", `${base}/ok`, {});
    expect(told).toBe(1);
  });
});
