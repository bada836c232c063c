import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, rm, truncate } from "node:fs/promises";
import { join } from "node:path";
import { openFile, SegmentError } from "./stream-cipher";

const FILE_ID = /^[0-9a-f]{32}$/;
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Where sealed documents live: DATA_DIR/documents/<random id>, never a name the user chose. Writes wait for
 * each batch (about 1 MB) to reach the file, so a fast sender is held back instead of buffered.
 */
export function documentFiles(dataDir: string) {
  const dir = join(dataDir, "documents");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (id: string) => {
    if (!FILE_ID.test(id)) throw new Error("Not a document file id");
    return join(dir, id);
  };
  return {
    dir,
    newId: () => randomBytes(16).toString("hex"),
    pathOf,
    /** Appends sealed bytes after the first `keep` bytes (what a resumed upload had committed). */
    async append(id: string, keep: number, sealed: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
      const file = await open(pathOf(id), "a", 0o600);
      const pending: Uint8Array[] = [];
      let size = 0;
      // Segments go to the file about 1 MB at a time, in one system call: one per 64 KiB segment cost more
      // than the sealing. At most that much waits here; the sender is held back while it is written.
      const flush = async () => {
        if (size === 0) return;
        const { bytesWritten } = await file.writev(pending);
        // A short write (rare on a file) is finished byte by byte from where it stopped.
        if (bytesWritten < size) {
          const rest = Buffer.concat(pending, size).subarray(bytesWritten);
          for (let at = 0; at < rest.length; ) at += (await file.write(rest, at)).bytesWritten;
        }
        pending.length = 0;
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
        await file.sync();
      } finally {
        await file.close();
      }
    },
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
