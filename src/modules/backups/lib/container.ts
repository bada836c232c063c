import { ArchiveError, ByteReader } from "./archive-cipher";

/**
 * What an archive holds once opened: a run of records, each a 4-byte length, a JSON head and, for a file,
 * its bytes. Files first, the manifest last (its SHA-256s are known only once every file has been read).
 */
export type FileHead = { t: "file"; path: string; size: number };
export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  t: "manifest";
  format: 1;
  app: string;
  appVersion: string;
  schemaVersion: number;
  createdAt: string;
  files: ManifestFile[];
};

export function recordHead(head: FileHead | Manifest): Buffer {
  const json = Buffer.from(JSON.stringify(head));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json]);
}

/**
 * A path inside the archive is relative and stays inside the folder it is restored into: no absolute path,
 * no "..", nothing but plain names joined by "/".
 */
export function assertSafePath(path: string): void {
  const parts = path.split("/");
  if (
    !path ||
    path.startsWith("/") ||
    parts.some((p) => p === "" || p === "." || p === ".." || p.includes("\\"))
  )
    throw new ArchiveError(`The archive names a file outside its folder: ${JSON.stringify(path)}`);
}

/**
 * Reads the records of opened archive bytes: each file's bytes go to `onFile` chunk by chunk; the manifest is
 * returned. Anything after the manifest, or no manifest, is an error.
 */
export async function readRecords(
  plain: AsyncIterator<Uint8Array>,
  onFile: (head: FileHead, chunks: AsyncGenerator<Buffer>) => Promise<void>,
): Promise<Manifest> {
  const reader = new ByteReader(plain);
  for (;;) {
    if (await reader.atEnd()) throw new ArchiveError("The archive has no manifest");
    const length = (await reader.exactly(4, "a record")).readUInt32BE(0);
    if (length > 1024 * 1024) throw new ArchiveError("The archive holds a damaged record");
    let head: FileHead | Manifest;
    try {
      head = JSON.parse((await reader.exactly(length, "a record")).toString("utf8"));
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      throw new ArchiveError("The archive holds a damaged record");
    }
    if (head.t === "manifest") {
      if (!(await reader.atEnd())) throw new ArchiveError("The archive holds records after its manifest");
      return head;
    }
    if (head.t !== "file" || !Number.isSafeInteger(head.size) || head.size < 0)
      throw new ArchiveError("The archive holds a damaged record");
    assertSafePath(head.path);
    const path = head.path;
    let left = head.size;
    async function* chunks() {
      while (left > 0) {
        const chunk = await reader.exactly(Math.min(left, 1024 * 1024), `the file ${path}`);
        left -= chunk.length;
        yield chunk;
      }
    }
    await onFile(head, chunks());
    // Whatever the reader of a file left unread is passed over, so the next record starts where it should.
    while (left > 0) left -= (await reader.exactly(Math.min(left, 1024 * 1024), `the file ${path}`)).length;
  }
}
