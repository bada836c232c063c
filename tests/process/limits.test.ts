import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { type StartedBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * The built executable against clients a browser would never be: stalled and dribbling uploads, oversized
 * headers and bodies, over raw sockets. BODY_TIMEOUT is 2 s here (120 s by default) so the deadline is met
 * quickly; every wait below is bounded, and no assertion is about speed, only about being cut off in time.
 */
const BODY_TIMEOUT_S = 2;
/** Generous bound for "cut off by the deadline": well past BODY_TIMEOUT_S, well before Bun's idle timer (30 s). */
const CUT_OFF_WITHIN_MS = 15_000;
const [PORT] = freePorts(1) as [number];
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "tracewell-limits-"));
let server: StartedBinary | undefined;

beforeAll(async () => {
  server = await startBinary({
    dataDir: join(dir, "data"),
    port: PORT,
    cwd: dir,
    env: { PUBLIC_URL: BASE, DEMO: "1", BODY_TIMEOUT: String(BODY_TIMEOUT_S), LOG_LEVEL: "error" },
  });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Exchange = { response: string; closed: boolean; ms: number };

/**
 * Opens a raw connection, lets `send` write to it, and collects what the server answers until it closes the
 * connection or `giveUpMs` passes (then `closed` is false).
 */
function exchange(send: (socket: net.Socket) => void, giveUpMs = CUT_OFF_WITHIN_MS): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(PORT, "127.0.0.1", () => send(socket));
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        response: Buffer.concat(chunks).toString("latin1"),
        closed,
        ms: performance.now() - started,
      });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
  });
}

const statusLine = (response: string) => response.split("\r\n", 1)[0];
const bodyOf = (response: string) => response.slice(response.indexOf("\r\n\r\n") + 4);

const head = (method: string, path: string, headers: Record<string, string | number> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${BASE}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

/** An intake that sends its headers and the start of its JSON, then nothing more. */
const stalledIntake = (socket: net.Socket) =>
  socket.write(
    `${head("POST", "/api/contact", { "Content-Type": "application/json", "Content-Length": 2000 })}{"name":"Dana`,
  );

/**
 * Sends `count` chunks of `size` bytes, then one more small chunk, then nothing: a body that ends just past a
 * limit of `count * size` bytes. Stopping there matters: a server that refuses a body closes the connection,
 * and bytes still in flight would turn the close into a reset that can lose the answer before it is read.
 */
function sendChunks(socket: net.Socket, size: number, count: number) {
  const chunks = [...Array.from({ length: count }, () => Buffer.alloc(size, 32)), Buffer.alloc(1024, 32)];
  let answered = false;
  socket.once("data", () => {
    answered = true;
  });
  const next = () => {
    const chunk = chunks.shift();
    if (!chunk || answered || socket.destroyed) return;
    socket.write(`${chunk.length.toString(16)}\r\n`);
    socket.write(chunk);
    socket.write("\r\n", next);
  };
  next();
}

const pageStatus = (path: string) => fetch(`${BASE}${path}`).then((r) => r.status);

describe("slow and endless uploads", () => {
  test("an upload that stalls is answered 408 with a message and closed, within the bound", async () => {
    const { response, closed, ms } = await exchange(stalledIntake);
    expect(statusLine(response)).toBe("HTTP/1.1 408 Request Timeout");
    expect(response.toLowerCase()).toContain("\r\nconnection: close\r\n");
    expect(JSON.parse(bodyOf(response))).toEqual({
      error: "The request body did not arrive in time. Check your connection and send it again.",
    });
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(CUT_OFF_WITHIN_MS);
  }, 30_000);

  test("an upload that dribbles a byte every 200 ms, so it is never idle, is cut off all the same", async () => {
    let dribble: ReturnType<typeof setInterval> | undefined;
    const { response, closed } = await exchange((socket) => {
      socket.write(
        head("POST", "/api/contact", { "Content-Type": "application/json", "Content-Length": 60_000 }),
      );
      socket.write("{");
      dribble = setInterval(() => socket.writable && socket.write(" "), 200);
    });
    clearInterval(dribble);
    expect(statusLine(response)).toBe("HTTP/1.1 408 Request Timeout");
    expect(closed).toBe(true);
  }, 30_000);

  test("the sign-in form is held to the same deadline", async () => {
    const { response, closed } = await exchange((socket) =>
      socket.write(
        `${head("POST", "/api/admin/login", { "Content-Type": "application/json", "Content-Length": 100 })}{"user`,
      ),
    );
    expect(statusLine(response)).toBe("HTTP/1.1 408 Request Timeout");
    expect(closed).toBe(true);
  }, 30_000);

  test("pages are served while stalled uploads hold connections open, and after they are cut off", async () => {
    const stalled = Array.from({ length: 50 }, () => exchange(stalledIntake));
    const during = await Promise.all(["/", "/services/asset-map", "/healthz"].map(pageStatus));
    expect(during).toEqual([200, 200, 200]);
    const cutOff = await Promise.all(stalled);
    expect(cutOff.map((e) => statusLine(e.response))).toEqual(
      Array.from({ length: 50 }, () => "HTTP/1.1 408 Request Timeout"),
    );
    expect(await pageStatus("/")).toBe(200);
  }, 30_000);
});

describe("header limits (Bun's own)", () => {
  test("a 20 KB header is refused with 431 and the connection closed; an 8 KB one is served", async () => {
    const big = await exchange((s) => s.write(head("GET", "/", { "X-Padding": "a".repeat(20 * 1024) })));
    expect(statusLine(big.response)).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(big.closed).toBe(true);
    const fine = await exchange((s) =>
      s.write(head("GET", "/", { "X-Padding": "a".repeat(8 * 1024), Connection: "close" })),
    );
    expect(statusLine(fine.response)).toBe("HTTP/1.1 200 OK");
  });

  test("100 KB of headers in a thousand lines is refused with 431", async () => {
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`X-Field-${i}`, "v".repeat(90)]));
    const { response, closed } = await exchange((s) => s.write(head("GET", "/", many)));
    expect(statusLine(response)).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(closed).toBe(true);
  });

  test("a request whose headers never end is closed", async () => {
    let dribble: ReturnType<typeof setInterval> | undefined;
    const { closed } = await exchange((socket) => {
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Slow: `);
      dribble = setInterval(() => socket.writable && socket.write("a"), 1000);
    }, 25_000);
    clearInterval(dribble);
    expect(closed).toBe(true);
  }, 30_000);
});

describe("body size limits", () => {
  test("a Content-Length over 21 MB is refused with 413 before any byte is read; pages still served", async () => {
    const { response, closed } = await exchange((s) =>
      s.write(
        head("POST", "/api/contact", {
          "Content-Type": "application/json",
          "Content-Length": 22 * 1024 * 1024,
        }),
      ),
    );
    expect(statusLine(response)).toBe("HTTP/1.1 413 Request Entity Too Large");
    expect(closed).toBe(true);
    expect(await pageStatus("/")).toBe(200);
  });

  test("an intake over 64 KB is refused with 413 and its message", async () => {
    const res = await fetch(`${BASE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ description: "x".repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request body is larger than 64 KB." });
  });

  test("a chunked body that grows past 2 MB outside the uploads is refused with 413 and closed", async () => {
    const { response, closed } = await exchange((socket) => {
      socket.write(
        head("POST", "/api/contact", { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }),
      );
      sendChunks(socket, 256 * 1024, 8);
    });
    expect(statusLine(response)).toBe("HTTP/1.1 413 Payload Too Large");
    expect(JSON.parse(bodyOf(response))).toEqual({ error: "The request body is too large." });
    expect(closed).toBe(true);
    expect(await pageStatus("/")).toBe(200);
  });
});

describe("uploads", () => {
  let cookie = "";
  beforeAll(async () => {
    const res = await fetch(`${BASE}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ username: "admin", password: "tracewell-demo" }),
    });
    expect(res.status).toBe(200);
    cookie = cookieFrom(res);
  });

  test("a 19 MB upload from a signed-in admin still goes through", async () => {
    const pdf = new Uint8Array(19 * 1024 * 1024).fill(32);
    pdf.set(new TextEncoder().encode("%PDF-1.4\n"), 0);
    pdf.set(new TextEncoder().encode("%%EOF\n"), pdf.length - 6);
    const form = new FormData();
    form.set("title", "County Lien Index");
    form.set("description", "Every county lien index we search, with its coverage years.");
    form.set("file", new File([pdf], "lien-index.pdf", { type: "application/pdf" }));
    const res = await fetch(`${BASE}/api/admin/resources`, {
      method: "POST",
      headers: { origin: BASE, cookie },
      body: form,
    });
    expect(res.status).toBe(201);
    expect((await res.json()).format).toBe("PDF");
  }, 30_000);

  test("a chunked upload that grows past 21 MB is refused by the server with 413 and closed", async () => {
    const { response, closed } = await exchange((socket) => {
      socket.write(
        head("POST", "/api/admin/resources", {
          Cookie: cookie,
          "Content-Type": "multipart/form-data; boundary=x",
          "Transfer-Encoding": "chunked",
        }),
      );
      sendChunks(socket, 1024 * 1024, 21);
    });
    expect(statusLine(response)).toBe("HTTP/1.1 413 Payload Too Large");
    expect(closed).toBe(true);
    expect(await pageStatus("/")).toBe(200);
  }, 30_000);
});
