import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, statSync } from "node:fs";
import { open, rm, truncate } from "node:fs/promises";
import { join } from "node:path";
import { release } from "./release";
import { openFile, SegmentError } from "./stream-cipher";

const FILE_ID = /^[0-9a-f]{32}$/;
const WRITE_BATCH_BYTES = 1024 * 1024;
const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

/**
 * Asks the garbage collector to run, without waiting for it, once every 8 MB of uploads have been written.
 * Every chunk of a request's body and every sealed segment is a new buffer, dropped at once; left to itself the
 * collector frees them late on a server whose heap is large, and the server grew by 100 MB or more during a
 * 1 GB upload (ADR 212). Asked at the end of a request (when nothing of it is still held), it frees them; asked
 * in the middle of one, it freed little.
 */
function collectEvery(bytes = COLLECT_EVERY_BYTES) {
  let since = 0;
  return (moved: number) => {
    since += moved;
    if (since < bytes) return;
    since = 0;
    Bun.gc(false);
  };
}

/**
 * The files a request is writing now, by path, for every store of this process: one writer per file (ADR 221).
 * A claim is taken in one step (nothing runs between the check and the taking) before the first byte is written.
 */
const writers = new Set<string>();

/** A file held by one writer: the only way to write it, until released. */
export type FileClaim = {
  /**
   * Appends sealed bytes after the first `keep` bytes (what a resumed upload had committed). With `release`,
   * the bytes are the append's own: each is released once written (release.ts), and the caller must hold
   * none of them (a header it goes on sealing with, for one).
   */
  append(
    keep: number,
    sealed: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
    opts?: { release?: boolean },
  ): Promise<void>;
  /** Lets the file go; safe to call twice. */
  release(): void;
};

/** The bytes the sealed documents take on disk (0 before the first upload). */
export function documentsBytes(dataDir: string): number {
  const dir = join(dataDir, "documents");
  let total = 0;
  try {
    for (const name of readdirSync(dir))
      total += statSync(join(dir, name), { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    return 0;
  }
  return total;
}

/**
 * Where sealed documents live: DATA_DIR/documents/<random id>, never a name the user chose. Writes wait for
 * each batch (about 1 MB) to reach the file, so a fast sender is held back instead of buffered; a file is written
 * only through the claim of its one writer.
 */
export function documentFiles(dataDir: string) {
  const dir = join(dataDir, "documents");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (id: string) => {
    if (!FILE_ID.test(id)) throw new Error("Not a document file id");
    return join(dir, id);
  };
  // One count for all uploads at once: what matters is how much all of them have dropped.
  const written = collectEvery();
  /** FileClaim's append: reached only through a claim. */
  async function append(
    id: string,
    keep: number,
    sealed: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
    opts: { release?: boolean } = {},
  ) {
    const file = await open(pathOf(id), "a", 0o600);
    // Segments go to the file about 1 MB at a time, in one system call: one per 64 KiB segment cost more
    // than the sealing. A batch is written while the next one is sealed (the write runs on another thread),
    // and the next waits for it: at most two batches are held, and a fast sender is held back, not buffered.
    const write = async (batch: Uint8Array[], size: number) => {
      const { bytesWritten } = await file.writev(batch);
      // A short write (rare on a file) is finished byte by byte from where it stopped.
      if (bytesWritten < size) {
        const rest = Buffer.concat(batch, size).subarray(bytesWritten);
        for (let at = 0; at < rest.length; ) at += (await file.write(rest, at)).bytesWritten;
      }
      if (opts.release) for (const bytes of batch) release(bytes);
    };
    let writing: Promise<void> = Promise.resolve();
    let pending: Uint8Array[] = [];
    let size = 0;
    let total = 0;
    const flush = async () => {
      await writing;
      if (size === 0) return;
      total += size;
      writing = write(pending, size);
      // A failed write is seen at the next flush, or at the last one.
      writing.catch(() => {});
      pending = [];
      size = 0;
    };
    try {
      await truncate(pathOf(id), keep);
      for await (const chunk of sealed) {
        pending.push(chunk);
        size += chunk.length;
        if (size >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
      await writing;
      await file.sync();
      written(total);
    } finally {
      // A batch still being written when the sealed bytes failed is waited for before the file is closed.
      await writing.catch(() => {});
      await file.close();
    }
  }

  return {
    dir,
    newId: () => randomBytes(16).toString("hex"),
    pathOf,
    /**
     * The file for one writer, or null while another holds it. Claimed before anything is written and released
     * in a `finally`, so a request that fails or whose client goes away lets it go.
     */
    claim(id: string): FileClaim | null {
      const path = pathOf(id);
      if (writers.has(path)) return null;
      writers.add(path);
      let held = true;
      return {
        append: (keep, sealed, opts) => {
          if (!held) throw new Error("The file's claim was released");
          return append(id, keep, sealed, opts);
        },
        release: () => {
          if (held) writers.delete(path);
          held = false;
        },
      };
    },
    /** Whether a writer holds the file now. */
    claimed: (id: string) => writers.has(pathOf(id)),
    /**
     * The plaintext, segment by segment; throws SegmentError where the file was changed, is missing, or
     * shrank while being read (a read that comes short is a cut file).
     */
    async *read(id: string, key: Uint8Array): AsyncGenerator<Buffer, void, undefined> {
      // A missing file (a database restored without its documents) is refused like a changed one.
      const file = await open(pathOf(id), "r").catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT" ? new SegmentError("The stored file is missing") : error;
      });
      try {
        const { size } = await file.stat();
        yield* openFile(key, size, async (into, position) => {
          for (let at = 0; at < into.length; ) {
            const { bytesRead } = await file.read(into, at, into.length - at, position + at);
            if (bytesRead === 0) throw new SegmentError("The file is shorter than when it was opened");
            at += bytesRead;
          }
        });
      } finally {
        await file.close();
      }
    },
    remove: (id: string) => rm(pathOf(id), { force: true }),
  };
}

export type DocumentFiles = ReturnType<typeof documentFiles>;
