import { describe, expect, test } from "bun:test";
import {
  BodyCutOffError,
  BodyTimeoutError,
  BodyTooLargeError,
  drainWithin,
  readWithin,
} from "./body-deadline";

const bytes = (n: number) => new Uint8Array(n).fill(32);

/** A body that sends `chunks` and then, unless `end`, never finishes (a stalled upload). */
function body(chunks: Uint8Array[], end: boolean): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      if (end) controller.close();
    },
  });
}

describe("drainWithin", () => {
  test("a complete body within the deadline passes, every byte of it", async () => {
    let read = 0;
    for await (const chunk of readWithin(body([bytes(10), bytes(20)], true), 1000, 30)) read += chunk.length;
    expect(read).toBe(30);
    await expect(drainWithin(body([bytes(10), bytes(20)], true), 1000, 30)).resolves.toBeUndefined();
  });

  test("a body that stops arriving is cut off at the deadline", async () => {
    await expect(drainWithin(body([bytes(10)], false), 50)).rejects.toBeInstanceOf(BodyTimeoutError);
  });

  test("a body that keeps dribbling is cut off at the deadline too", async () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const dribble = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setInterval(() => controller.enqueue(bytes(1)), 10);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    await expect(drainWithin(dribble, 100)).rejects.toBeInstanceOf(BodyTimeoutError);
    clearInterval(timer);
  });

  test("a body past the size is refused", async () => {
    await expect(drainWithin(body([bytes(20), bytes(20)], true), 1000, 30)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    );
  });

  test("a connection that ends mid-body is a cut-off body, not a server error", async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new DOMException("The connection was closed.", "AbortError"));
      },
    });
    await expect(drainWithin(broken, 1000)).rejects.toBeInstanceOf(BodyCutOffError);
  });
});
