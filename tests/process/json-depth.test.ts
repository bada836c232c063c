import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSON_DEPTH_MESSAGE } from "../../src/http/json-depth";
import { killStarted, type StartedBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * The built executable, signed out, sent a JSON body nested 20,000 deep as a client streams it: in chunks of a
 * few hundred bytes (chunked transfer). It used to answer a 500 after five seconds; now a 400 that says why, at
 * once, and it goes on serving (ADR 276).
 */
const [PORT] = freePorts(1) as [number];
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "tracewell-json-depth-"));
let server: StartedBinary | undefined;

beforeAll(async () => {
  server = await startBinary({ dataDir: join(dir, "data"), port: PORT, cwd: dir, env: { PUBLIC_URL: BASE } });
});

afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

/** POSTs `body` to `path` in chunks of `size` bytes, a pause between them; answers the status line and the body. */
function streamed(path: string, body: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", async () => {
      socket.write(
        [
          `POST ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${PORT}`,
          `Origin: ${BASE}`,
          "Content-Type: application/json",
          "Transfer-Encoding: chunked",
          "Connection: close",
          "",
          "",
        ].join("\r\n"),
      );
      for (let at = 0; at < body.length && !socket.destroyed; at += size) {
        const piece = body.slice(at, at + size);
        socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
        // A body that arrives a piece at a time, as a slow client sends it, is the test: the pieces are apart.
        await Bun.sleep(1);
      }
      if (!socket.destroyed) socket.write("0\r\n\r\n");
    });
    const chunks: Buffer[] = [];
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", () => {}); // the server may close while the rest is still being written
    const timer = setTimeout(() => reject(new Error("no answer")), 10_000);
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const payload = rest.join("\r\n\r\n");
      // The answer itself may come chunked: its JSON is the part between the braces.
      resolve({
        status: Number(head.split(" ")[1]),
        body: payload.slice(payload.indexOf("{"), payload.lastIndexOf("}") + 1),
      });
    });
  });
}

test("20,000 levels, streamed to the sign-in: 400 with its message, and the server goes on", async () => {
  const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
  const answer = await streamed("/api/admin/login", deep, 500);
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toEqual({ error: JSON_DEPTH_MESSAGE });
  expect((await fetch(`${BASE}/healthz`)).status).toBe(200);
  const login = await fetch(`${BASE}/api/admin/login`, {
    method: "POST",
    headers: { origin: BASE, "content-type": "application/json" },
    body: JSON.stringify({ username: "nobody", password: "not a password" }),
  });
  expect(login.status).toBe(401);
  expect(server?.stderr()).toBe("");
});
