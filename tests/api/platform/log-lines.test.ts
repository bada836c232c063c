import { expect, test } from "bun:test";
import { createLogger, type LineSink } from "../../../src/log";
import { makeTestApp } from "../../helpers/app";
import { validIntake } from "../../helpers/intake";
import { waitUntil } from "../../helpers/wait";

/**
 * When the app's request lines are written (ADR 094). A change's line goes out before its answer. A read's
 * line may wait for its batch, but not while a change is in flight: that change's commit (an fsync, on the
 * one thread) could hold it far past the 10 ms promised. And what waits is written when a change starts.
 */
type Written = { kind: "line"; method?: string; path?: string; now: boolean } | { kind: "flush" };
const written: Written[] = [];
const sink: LineSink = Object.assign(
  (line: string, now = false) => {
    const l = JSON.parse(line) as { method?: string; path?: string };
    written.push({ kind: "line", method: l.method, path: l.path, now });
  },
  { flush: () => void written.push({ kind: "flush" }) },
);
const { request } = makeTestApp({ TRUST_PROXY: "1" }, { logger: createLogger("info", sink) });

const requestLines = () => written.filter((w) => w.kind === "flush" || w.path !== undefined);

test("a read's line waits for its batch only while no change is in flight", async () => {
  await request("/services/asset-map");
  written.length = 0;

  // A read alone: batched, whether the cached page's fast path or the route answers it.
  await request("/services/asset-map");
  await request("/healthz");
  expect(requestLines()).toEqual([
    { kind: "line", method: "GET", path: "/services/asset-map", now: false },
    { kind: "line", method: "GET", path: "/healthz", now: false },
  ]);
  written.length = 0;

  // An intake whose body is still arriving: it is in flight, and its commit is still to come.
  let finish: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(JSON.stringify(validIntake(new Date())).slice(0, 20)));
      finish = () => {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(validIntake(new Date())).slice(20)));
        controller.close();
      };
    },
  });
  const intake = request("/api/contact", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: "http://localhost:3000",
      "x-forwarded-for": "203.0.113.40",
    },
    body,
    duplex: "half",
  } as RequestInit);
  // In flight once the change has started: what waited is written then.
  await waitUntil("the intake in flight", () => written.some((w) => w.kind === "flush"));
  await request("/services/asset-map");
  await request("/healthz");
  finish?.();
  expect((await intake).status).toBe(201);
  await request("/services/asset-map");

  expect(requestLines()).toEqual([
    // What waited is written when the change starts.
    { kind: "flush" },
    { kind: "line", method: "GET", path: "/services/asset-map", now: true },
    { kind: "line", method: "GET", path: "/healthz", now: true },
    { kind: "line", method: "POST", path: "/api/contact", now: true },
    // Nothing in flight any more: batched again.
    { kind: "line", method: "GET", path: "/services/asset-map", now: false },
  ]);
});
