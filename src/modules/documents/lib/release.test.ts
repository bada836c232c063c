import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { release } from "./release";
import { newFileKey, newHeader, openSegment, SEGMENT_BYTES, sealSegmentParts } from "./stream-cipher";

describe("release", () => {
  test("a view over a whole buffer of its own is emptied: its memory is given back", () => {
    const bytes = new Uint8Array(64 * 1024).fill(7);
    release(bytes);
    expect(bytes.buffer.detached).toBe(true);
    expect(bytes.byteLength).toBe(0);
  });

  test("a slice of a larger buffer is left alone, and so is the rest of the buffer", () => {
    const whole = new Uint8Array(1024).fill(7);
    const part = whole.subarray(0, 512);
    release(part);
    expect(whole.buffer.detached).toBe(false);
    expect(whole[1023]).toBe(7);
  });

  test("releasing twice does nothing the second time", () => {
    const bytes = new Uint8Array(16);
    release(bytes);
    expect(() => release(bytes)).not.toThrow();
  });

  test("a segment sealed or opened is a buffer of its own, so its memory is given back once it is written", () => {
    const key = newFileKey();
    const header = newHeader();
    const [sealed, tag] = sealSegmentParts(key, header, 0, randomBytes(SEGMENT_BYTES), false);
    const plain = openSegment(key, header, 0, Buffer.concat([sealed, tag]), false);
    for (const bytes of [sealed, tag, plain]) {
      expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
      release(bytes);
      expect((bytes.buffer as ArrayBuffer).detached).toBe(true);
    }
  });
});
