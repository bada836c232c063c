import { describe, expect, test } from "bun:test";
import { BODY_DEADLINE_MESSAGES } from "../../src/http/body-deadline";
import { makeTestApp } from "../helpers/app";
import { validIntake } from "../helpers/intake";

const { request } = makeTestApp({ BODY_TIMEOUT: "1", TRUST_PROXY: "1" });

/** A JSON body that sends its opening and then nothing more, like a stalled upload. */
const stalled = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":"Dana'));
    },
  });

/** A streamed body of `size` bytes with no Content-Length (chunked on the wire). */
const streamed = (size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < size; sent += 65536) controller.enqueue(new Uint8Array(65536).fill(32));
      controller.close();
    },
  });

const json = (body: BodyInit, ip: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": ip },
  body,
});

describe("the request body deadline", () => {
  test("a body that does not arrive in time is answered 408 with a message, and the connection closed", async () => {
    const res = await request("/api/contact", json(stalled(), "198.51.100.1"));
    expect(res.status).toBe(408);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.json()).toEqual({ error: BODY_DEADLINE_MESSAGES.timeout });
  });

  test("the same holds for the admin sign-in", async () => {
    const res = await request("/api/admin/login", json(stalled(), "198.51.100.2"));
    expect(res.status).toBe(408);
  });

  test("a streamed body past 2 MB outside the uploads is refused with 413", async () => {
    const res = await request("/api/admin/login", json(streamed(3 * 1024 * 1024), "198.51.100.3"));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: BODY_DEADLINE_MESSAGES.tooLarge });
  });

  test("a complete body is read as before: the intake is accepted", async () => {
    const res = await request("/api/contact", json(JSON.stringify(validIntake(new Date())), "198.51.100.4"));
    expect(res.status).toBe(201);
  });
});
