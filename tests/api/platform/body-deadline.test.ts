import { describe, expect, test } from "bun:test";
import { BODY_DEADLINE_MESSAGES } from "../../../src/http/body-deadline";
import { signIn } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { validIntake } from "../../helpers/intake";
import { portalClient, tus } from "../../helpers/portal-client";

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

describe("the uploads, which apply the deadline as they stream to disk", () => {
  const t = makeTestApp({
    BODY_TIMEOUT: "1",
    ADMIN_USERNAME: "morgan",
    ADMIN_PASSWORD: "trace every transfer",
  });

  test("a stalled tus PATCH is answered 408 and closed, and the upload's offset stays where it was", async () => {
    const admin = await signIn(t.request, "morgan", "trace every transfer");
    const client = await portalClient(t, new Date(), admin, { email: "dana@stalled.example" });
    const upload = tus(t.request, client.cookie);
    const created = await upload.create(200_000, "statement.pdf");
    const location = created.headers.get("location") as string;
    const first = new Uint8Array(64 * 1024);
    first.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await t.request(location, {
      method: "PATCH",
      headers: {
        cookie: client.cookie,
        origin: "http://localhost:3000",
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
      },
      // The first 64 KB, then nothing: a connection that went quiet.
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(first);
        },
      }),
    });
    expect(res.status).toBe(408);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.json()).toEqual({ error: BODY_DEADLINE_MESSAGES.timeout });
    expect((await upload.head(location)).headers.get("upload-offset")).toBe("0");
  }, 30_000);
});
