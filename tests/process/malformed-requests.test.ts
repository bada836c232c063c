import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MANIFEST } from "../../src/generated/assets";
import { killStarted, type StartedBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * Odd requests over raw sockets to the built executable (issue 17).
 * - A path starting with "//" or "/\\": the trailing-slash redirect made it a Location on another site.
 * - A Host header Bun cannot make a URL of (empty, a space, a port out of range, ...) or none at all
 *   (HTTP/1.0): Bun then hands the app a URL that does not parse, and every `new URL(request.url)` on the way
 *   threw: Bun's bare 500, no security headers, no request id, a stack trace instead of a log line. They are
 *   the client's mistake: 400, like any other answer.
 */
const [PORT] = freePorts(1) as [number];
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "tracewell-malformed-"));
let server: StartedBinary | undefined;

beforeAll(async () => {
  server = await startBinary({
    dataDir: join(dir, "data"),
    port: PORT,
    cwd: dir,
    env: { PUBLIC_URL: BASE, LOG_LEVEL: "info" },
  });
});

afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Sends `head` (request line and headers, CRLF-separated) and an optional body; reads the whole answer. */
function raw(head: string[], body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () => {
      socket.write(`${[...head, "Connection: close"].join("\r\n")}\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${head[0]}`));
    }, 10_000);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const [top = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.on("error", reject);
  });
}

describe("request lines that start with slashes", () => {
  // Sent as written: a client (unlike fetch) does not normalise "/\\" or "//" before the server sees them.
  for (const path of [
    "//evil.example/",
    "///evil.example/",
    "/\\evil.example/",
    "//evil.example/?q=1",
    "/\\/evil.example/",
  ]) {
    test(`GET ${path}: the redirect stays on this site`, async () => {
      const answer = await raw([`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${PORT}`]);
      expect(answer.status).toBe(308);
      const location = answer.headers.location ?? "";
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, `${BASE}${path}`).origin).toBe(BASE);
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
});

const BAD_HOSTS = [
  "Host:",
  "Host: a b",
  "Host: example.com:99999",
  "Host: example.com:abc",
  "Host: [::1",
  "Host: a/b",
  "Host: a@b",
  "Host: %",
  "Host: a.com, b.com",
  "Host: ex\u00e4mple.com",
];

const entryScript = MANIFEST.entry.script;

/** Every kind of answer the app gives: a page (cached or not), an admin screen, the API, an asset, health. */
const REQUESTS: { name: string; line: string; headers?: string[]; body?: string }[] = [
  { name: "the home page (cached)", line: "GET / HTTP/1.1" },
  { name: "an unknown page", line: "GET /no-such-page HTTP/1.1" },
  { name: "a page with a trailing slash", line: "GET /services/ HTTP/1.1" },
  { name: "an admin screen", line: "GET /admin/submissions HTTP/1.1" },
  { name: "an admin API", line: "GET /api/admin/submissions HTTP/1.1" },
  { name: "a hashed asset", line: `GET ${entryScript} HTTP/1.1` },
  { name: "the health check", line: "GET /healthz HTTP/1.1" },
  {
    name: "an intake",
    line: "POST /api/contact HTTP/1.1",
    headers: ["Content-Type: application/json", "Content-Length: 2"],
    body: "{}",
  },
];

describe("a Host header that makes no URL", () => {
  beforeAll(async () => {
    // The home page is in the cache, so its fast path is on trial too.
    expect((await fetch(`${BASE}/`)).status).toBe(200);
  });

  for (const host of BAD_HOSTS) {
    test(`${JSON.stringify(host)}: 400 with the security headers and a request id, on every kind of route`, async () => {
      for (const r of REQUESTS) {
        const answer = await raw([r.line, host, ...(r.headers ?? [])], r.body);
        expect({ request: r.name, status: answer.status }).toEqual({ request: r.name, status: 400 });
        expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(answer.headers["cache-control"]).toBe("no-store");
        expect(JSON.parse(answer.body)).toEqual({ error: "The request's Host header is not a valid host." });
      }
    });
  }

  test("HTTP/1.0 without a Host header: 400 the same way", async () => {
    const answer = await raw(["GET / HTTP/1.0"]);
    expect(answer.status).toBe(400);
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  test("each gets its JSON log line with its id, and nothing else reaches the output", async () => {
    const answer = await raw(["GET /services/asset-map?x=1 HTTP/1.1", "Host: a b"]);
    const id = answer.headers["x-request-id"];
    // The server still serves proper requests, and stops politely, writing everything.
    expect((await fetch(`${BASE}/`)).status).toBe(200);
    expect(await server?.stop()).toBe(0);
    const lines = (server?.log() ?? "").trim().split("\n");
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.find((l) => l.id === id)).toMatchObject({
      level: "info",
      event: "request",
      method: "GET",
      path: "/services/asset-map",
      status: 400,
    });
    const refused = parsed.filter((l) => l.event === "request" && l.status === 400);
    expect(refused.length).toBe(BAD_HOSTS.length * REQUESTS.length + 2);
    expect(parsed.some((l) => l.level === "error")).toBe(false);
    expect(server?.stderr()).toBe("");
  });
});
