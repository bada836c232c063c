import { describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { documentFiles } from "./file-store";
import {
  HEADER_BYTES,
  newFileKey,
  SEALED_SEGMENT_BYTES,
  SEGMENT_BYTES,
  SegmentError,
  sealedSize,
  sealStream,
  segmentSealer,
} from "./stream-cipher";

async function* chunksOf(bytes: Uint8Array, size = 10_000) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(stream: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

function setup() {
  const dir = mkdtempSync(join(tmpdir(), "tw-docs-"));
  return { dir, files: documentFiles(dir), done: () => rmSync(dir, { recursive: true, force: true }) };
}

async function stored(plain: Uint8Array) {
  const s = setup();
  const key = newFileKey();
  const id = s.files.newId();
  let facts = { sha256: "", size: 0 };
  await s.files.claim(id)?.append(
    0,
    sealStream(key, chunksOf(plain), (f) => (facts = f)),
  );
  return { ...s, key, id, facts, path: s.files.pathOf(id) };
}

describe("the streaming file cipher", () => {
  // The reader takes 16 segments a read: sizes around that boundary too.
  for (const size of [
    0,
    1,
    SEGMENT_BYTES - 1,
    SEGMENT_BYTES,
    SEGMENT_BYTES + 1,
    3 * SEGMENT_BYTES + 17,
    16 * SEGMENT_BYTES,
    16 * SEGMENT_BYTES + 1,
    33 * SEGMENT_BYTES - 5,
  ]) {
    test(`a file of ${size} bytes reads back exactly, with its SHA-256 and the expected stored size`, async () => {
      const plain = randomBytes(size);
      const s = await stored(plain);
      expect(s.facts).toEqual({ sha256: sha(plain), size });
      expect(readFileSync(s.path).length).toBe(sealedSize(size));
      expect(sha(await collect(s.files.read(s.id, s.key)))).toBe(sha(plain));
      s.done();
    });
  }

  test("the stored file holds none of the plaintext", async () => {
    const plain = Buffer.from("MARKER-PLAINTEXT-7731 ".repeat(10_000));
    const s = await stored(plain);
    expect(readFileSync(s.path).includes("MARKER-PLAINTEXT-7731")).toBe(false);
    s.done();
  });

  test("a changed byte anywhere is refused", async () => {
    const plain = randomBytes(2 * SEGMENT_BYTES + 100);
    for (const at of [0, HEADER_BYTES + 5, HEADER_BYTES + SEALED_SEGMENT_BYTES + 9, -3]) {
      const s = await stored(plain);
      const bytes = readFileSync(s.path);
      const i = at < 0 ? bytes.length + at : at;
      bytes[i] = (bytes[i] as number) ^ 1;
      writeFileSync(s.path, bytes);
      await expect(collect(s.files.read(s.id, s.key))).rejects.toBeInstanceOf(SegmentError);
      s.done();
    }
  });

  test("two segments swapped are refused", async () => {
    const s = await stored(randomBytes(3 * SEGMENT_BYTES + 100));
    const b = readFileSync(s.path);
    const first = b.subarray(HEADER_BYTES, HEADER_BYTES + SEALED_SEGMENT_BYTES);
    const second = b.subarray(HEADER_BYTES + SEALED_SEGMENT_BYTES, HEADER_BYTES + 2 * SEALED_SEGMENT_BYTES);
    writeFileSync(
      s.path,
      Buffer.concat([
        b.subarray(0, HEADER_BYTES),
        second,
        first,
        b.subarray(HEADER_BYTES + 2 * SEALED_SEGMENT_BYTES),
      ]),
    );
    await expect(collect(s.files.read(s.id, s.key))).rejects.toBeInstanceOf(SegmentError);
    s.done();
  });

  test("a file cut at a segment boundary, or inside a segment, is refused", async () => {
    for (const keep of [
      HEADER_BYTES + SEALED_SEGMENT_BYTES,
      HEADER_BYTES + SEALED_SEGMENT_BYTES + 500,
      HEADER_BYTES,
    ]) {
      const s = await stored(randomBytes(3 * SEGMENT_BYTES + 100));
      writeFileSync(s.path, readFileSync(s.path).subarray(0, keep));
      await expect(collect(s.files.read(s.id, s.key))).rejects.toBeInstanceOf(SegmentError);
      s.done();
    }
  });

  test("a file sealed under another key, or another file's header, is refused", async () => {
    const plain = randomBytes(SEGMENT_BYTES + 10);
    const a = await stored(plain);
    const b = await stored(plain);
    await expect(collect(a.files.read(a.id, b.key))).rejects.toBeInstanceOf(SegmentError);
    const mixed = Buffer.concat([
      readFileSync(b.path).subarray(0, HEADER_BYTES),
      readFileSync(a.path).subarray(HEADER_BYTES),
    ]);
    writeFileSync(a.path, mixed);
    await expect(collect(a.files.read(a.id, a.key))).rejects.toBeInstanceOf(SegmentError);
    a.done();
    b.done();
  });

  test("the sealed bytes are the same however the plaintext is cut into chunks", () => {
    // Whole segments inside a large chunk are sealed where they lie; small chunks go through the held segment.
    const key = newFileKey();
    const header = Buffer.concat([Buffer.from("TWS1"), randomBytes(7)]);
    for (const plain of [randomBytes(5 * SEGMENT_BYTES + 123), randomBytes(4 * SEGMENT_BYTES)]) {
      const sealWith = (size: number, total?: number) => {
        const sealer = segmentSealer(key, header, 0, total);
        const parts: Buffer[] = [];
        for (let at = 0; at < plain.length; at += size)
          parts.push(...sealer.push(plain.subarray(at, at + size)));
        parts.push(sealer.finish());
        return { bytes: Buffer.concat(parts), sha256: sealer.facts().sha256 };
      };
      const reference = sealWith(1000);
      for (const size of [SEGMENT_BYTES, SEGMENT_BYTES + 1, 3 * SEGMENT_BYTES - 7, plain.length])
        for (const total of [undefined, plain.length]) expect(sealWith(size, total)).toEqual(reference);
      expect(reference.sha256).toBe(sha(plain));
    }
  });

  test("sealing and reading 256 MB keeps memory flat", () => {
    // In a process of its own, as the server is: what other tests left in this one is not the cipher's.
    const probe = `
      import { randomBytes } from "node:crypto";
      import { mkdtempSync, rmSync } from "node:fs";
      import { tmpdir } from "node:os";
      import { join } from "node:path";
      import { documentFiles } from ${JSON.stringify(join(import.meta.dir, "file-store.ts"))};
      import { newFileKey, sealStream } from ${JSON.stringify(join(import.meta.dir, "stream-cipher.ts"))};
      const dir = mkdtempSync(join(tmpdir(), "tw-docs-mem-"));
      const files = documentFiles(dir);
      const key = newFileKey();
      const id = files.newId();
      const block = randomBytes(1024 * 1024);
      async function* source() { for (let i = 0; i < 256; i++) yield block; }
      Bun.gc(true);
      const before = process.memoryUsage.rss();
      let peak = before;
      const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
      await files.claim(id).append(0, sealStream(key, source()));
      let read = 0;
      for await (const part of files.read(id, key)) read += part.length;
      clearInterval(sample);
      peak = Math.max(peak, process.memoryUsage.rss());
      rmSync(dir, { recursive: true, force: true });
      console.log(JSON.stringify({ read, growth: peak - before }));
    `;
    const run = Bun.spawnSync([process.execPath, "-e", probe], { stderr: "pipe" });
    expect(run.stderr.toString()).toBe("");
    const { read, growth } = JSON.parse(run.stdout.toString()) as { read: number; growth: number };
    expect(read).toBe(256 * 1024 * 1024);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  }, 120_000);
});
