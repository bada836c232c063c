import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sha256 } from "../../../lib/hash";

/**
 * The encryption of a whole backup archive (ADR 241): AES-256-GCM over 1 MiB segments in the STREAM
 * construction, so an archive of any size is sealed and opened in constant memory and a segment moved, dropped,
 * swapped or cut off at the end no longer authenticates.
 *
 * The archive's key is HKDF-SHA256 of the data key, a random 32-byte salt stored in the header and the label
 * "tracewell/backup/v1": a fresh key per archive (so counter nonces never repeat under one key), nothing stored
 * that opens it, and the data key itself never in the archive. Only the data key's id (the start of its
 * SHA-256, as every stored value already shows) and the salt are in clear.
 *
 * On disk: MAGIC, a 2-byte header length, the header (JSON: version, key id, salt, segment size), then
 * segments, each a flag byte (1 on the last), its ciphertext's 4-byte length, the ciphertext and its 16-byte tag.
 * A segment's nonce is its 8-byte index and 4 zero bytes; its associated data the header and its flag.
 */
export const ARCHIVE_MAGIC = Buffer.from("TWBACKUP1\n");
export const ARCHIVE_SEGMENT_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
const SALT_BYTES = 32;
const LABEL = "tracewell/backup/v1";

export class ArchiveError extends Error {
  override name = "ArchiveError";
}

type Header = { v: 1; keyId: string; salt: string; segment: number };

/** A short, stable id for a data key: the start of its SHA-256 (the same id stored values carry). */
export const archiveKeyId = (key: Uint8Array) => sha256(key, "base64url").slice(0, 8);

const deriveKey = (dataKey: Uint8Array, salt: Uint8Array) =>
  Buffer.from(hkdfSync("sha256", dataKey, salt, LABEL, 32));

const nonceOf = (index: number) => {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 0);
  return nonce;
};

const aadOf = (header: Buffer, final: boolean) => Buffer.concat([header, Buffer.from([final ? 1 : 0])]);

/**
 * Seals plaintext chunks into archive bytes, handed to `write` as they are made (synchronously, so a start can
 * seal its upgrade copy before it serves): at most one segment of plaintext is held at a time.
 */
export function createArchiveSealer(dataKey: Uint8Array, write: (bytes: Uint8Array) => void) {
  const salt = randomBytes(SALT_BYTES);
  const headerJson: Header = {
    v: 1,
    keyId: archiveKeyId(dataKey),
    salt: salt.toString("base64"),
    segment: ARCHIVE_SEGMENT_BYTES,
  };
  const header = Buffer.from(JSON.stringify(headerJson));
  const key = deriveKey(dataKey, salt);
  let index = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let started = false;

  const seal = (plain: Buffer, final: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", key, nonceOf(index++));
    cipher.setAAD(aadOf(header, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const prefix = Buffer.alloc(5);
    prefix.writeUInt8(final ? 1 : 0, 0);
    prefix.writeUInt32BE(body.length, 1);
    write(Buffer.concat([prefix, body, cipher.getAuthTag()]));
  };
  const start = () => {
    if (started) return;
    started = true;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(header.length);
    write(Buffer.concat([ARCHIVE_MAGIC, length, header]));
  };

  return {
    push(chunk: Uint8Array) {
      start();
      let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      while (pendingBytes + bytes.length >= ARCHIVE_SEGMENT_BYTES) {
        // A full segment is sealed only once more follows, so the last one is always the one flagged final.
        const take = ARCHIVE_SEGMENT_BYTES - pendingBytes;
        pending.push(bytes.subarray(0, take));
        bytes = bytes.subarray(take);
        const full = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        if (bytes.length === 0) {
          pending = [full];
          pendingBytes = full.length;
          return;
        }
        seal(full, false);
      }
      if (bytes.length) {
        // Copied: the caller may reuse its buffer once push returns.
        pending.push(Buffer.from(bytes));
        pendingBytes += bytes.length;
      }
    },
    end() {
      start();
      seal(Buffer.concat(pending), true);
      pending = [];
    },
  };
}

/** Reads exactly n bytes at a time from a stream of chunks. */
export class ByteReader {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(n: number) {
    while (this.bufferedBytes < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else if (next.value.byteLength) {
        this.buffered.push(Buffer.from(next.value));
        this.bufferedBytes += next.value.byteLength;
      }
    }
  }

  /** Exactly n bytes, or fewer only at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    const all = this.buffered.length === 1 ? (this.buffered[0] as Buffer) : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.bufferedBytes = rest.length;
    return out;
  }

  async exactly(n: number, what: string): Promise<Buffer> {
    const out = await this.read(n);
    if (out.length !== n) throw new ArchiveError(`The archive ends early, in ${what}`);
    return out;
  }

  async atEnd(): Promise<boolean> {
    await this.fill(1);
    return this.bufferedBytes === 0;
  }
}

/** The key id an archive was sealed with, from its first bytes. */
export async function readArchiveHeader(reader: ByteReader): Promise<{ header: Buffer; parsed: Header }> {
  const magic = await reader.read(ARCHIVE_MAGIC.length);
  if (!magic.equals(ARCHIVE_MAGIC)) throw new ArchiveError("This is not a Tracewell backup archive");
  const length = (await reader.exactly(2, "the header")).readUInt16BE(0);
  const header = await reader.exactly(length, "the header");
  let parsed: Header;
  try {
    parsed = JSON.parse(header.toString("utf8")) as Header;
  } catch {
    throw new ArchiveError("The archive's header is damaged");
  }
  if (parsed.v !== 1)
    throw new ArchiveError(`The archive is of format ${parsed.v}, newer than this version reads`);
  return { header, parsed };
}

/**
 * Opens archive bytes into plaintext chunks, each authenticated before it is yielded. `keys` are the
 * configured data keys; the one whose id the header names opens it.
 */
export async function* openArchive(
  source: AsyncIterator<Uint8Array>,
  keys: readonly Uint8Array[],
): AsyncGenerator<Buffer> {
  const reader = new ByteReader(source);
  const { header, parsed } = await readArchiveHeader(reader);
  const dataKey = keys.find((k) => archiveKeyId(k) === parsed.keyId);
  if (!dataKey) {
    throw new ArchiveError(
      `The archive was sealed with data key ${parsed.keyId}, which DATA_KEY does not hold (configured: ${keys.map(archiveKeyId).join(", ") || "none"})`,
    );
  }
  const key = deriveKey(dataKey, Buffer.from(parsed.salt, "base64"));
  for (let index = 0; ; index++) {
    const prefix = await reader.exactly(5, "a segment");
    const final = prefix.readUInt8(0) === 1;
    const length = prefix.readUInt32BE(1);
    if (length > parsed.segment) throw new ArchiveError("The archive holds a damaged segment");
    const body = await reader.exactly(length, "a segment");
    const tag = await reader.exactly(TAG_BYTES, "a segment");
    const decipher = createDecipheriv("aes-256-gcm", key, nonceOf(index));
    decipher.setAAD(aadOf(header, final));
    decipher.setAuthTag(tag);
    try {
      yield Buffer.concat([decipher.update(body), decipher.final()]);
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      throw new ArchiveError(
        "The archive does not authenticate: it was changed or damaged, or sealed with another key",
      );
    }
    if (final) {
      if (!(await reader.atEnd())) throw new ArchiveError("The archive holds bytes after its end");
      return;
    }
  }
}
