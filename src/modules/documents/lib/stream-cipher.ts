import { createCipheriv, createDecipheriv, createHash, type Hash, randomBytes } from "node:crypto";

/**
 * The streaming AEAD every document is stored with (ADR 145): AES-256-GCM over fixed 64 KiB segments, the
 * STREAM construction of Hoang, Reyhanitabar, Rogaway and Vizár. Each segment's nonce is the file's random
 * 7-byte prefix, the segment's 4-byte index and a final flag, and the file's header is every segment's
 * associated data: a segment moved, swapped, dropped or cut off at the end no longer authenticates. A fresh
 * 32-byte key per file; only that key is wrapped by the data key, so a rotation never rewrites a file.
 *
 * On disk: header (magic "TWS1", 7-byte nonce prefix) then segments, each up to 64 KiB of ciphertext and its
 * 16-byte tag. An empty file is one empty final segment.
 */
export const SEGMENT_BYTES = 64 * 1024;
export const TAG_BYTES = 16;
export const SEALED_SEGMENT_BYTES = SEGMENT_BYTES + TAG_BYTES;
const MAGIC = Buffer.from("TWS1");
const PREFIX_BYTES = 7;
export const HEADER_BYTES = MAGIC.length + PREFIX_BYTES;
export const FILE_KEY_BYTES = 32;
/** Segments are counted in 4 bytes: 2^32 segments of 64 KiB is far beyond any upload limit. */
const MAX_SEGMENTS = 2 ** 32;

export class SegmentError extends Error {
  override name = "SegmentError";
}

export const newFileKey = () => randomBytes(FILE_KEY_BYTES);
export const newHeader = () => Buffer.concat([MAGIC, randomBytes(PREFIX_BYTES)]);

/**
 * The bytes `update()` answers as a view over a buffer of their own. Bun answers a view of a buffer at least a
 * byte longer than the bytes (room for a cipher block), so release() (a whole buffer only) would leave every
 * sealed and opened segment to the collector. The bytes are new and nothing else holds them: the buffer is
 * handed over at their length, a copy of 64 KiB at most, far less than sealing it cost.
 */
function own(bytes: Buffer): Buffer {
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || bytes.byteLength === buffer.byteLength)
    return bytes;
  return Buffer.from(buffer.transfer(bytes.byteLength));
}

function nonce(header: Uint8Array, index: number, final: boolean) {
  if (index >= MAX_SEGMENTS) throw new SegmentError("Too many segments for one file");
  const n = Buffer.alloc(12);
  n.set(header.subarray(MAGIC.length, HEADER_BYTES), 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = final ? 1 : 0;
  return n;
}

/**
 * Seals one segment of at most SEGMENT_BYTES; only the last may be shorter, and only the last is final. Answers
 * the ciphertext and its tag apart (written one after the other), so a segment's bytes are not copied again.
 */
export function sealSegmentParts(
  key: Uint8Array,
  header: Uint8Array,
  index: number,
  plain: Uint8Array,
  final: boolean,
): [Buffer, Buffer] {
  if (plain.length > SEGMENT_BYTES || (!final && plain.length !== SEGMENT_BYTES))
    throw new SegmentError("A segment other than the last must be full");
  const cipher = createCipheriv("aes-256-gcm", key, nonce(header, index, final));
  cipher.setAAD(header);
  const sealed = own(cipher.update(plain));
  // GCM holds nothing back: final() only computes the tag.
  cipher.final();
  return [sealed, cipher.getAuthTag()];
}

/** One segment sealed, ciphertext and tag in one buffer. */
export const sealSegment = (...args: Parameters<typeof sealSegmentParts>) =>
  Buffer.concat(sealSegmentParts(...args));

export function openSegment(
  key: Uint8Array,
  header: Uint8Array,
  index: number,
  sealed: Uint8Array,
  final: boolean,
) {
  if (sealed.length < TAG_BYTES) throw new SegmentError("A segment is shorter than its tag");
  const decipher = createDecipheriv("aes-256-gcm", key, nonce(header, index, final));
  decipher.setAAD(header);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    const plain = own(decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)));
    // GCM holds nothing back: final() only checks the tag (and answers no bytes), so nothing is joined.
    decipher.final();
    return plain;
  } catch {
    throw new SegmentError(`Segment ${index} does not authenticate: the file was changed, cut or reordered`);
  }
}

/** Stored size of a file of `plainBytes`: header, full segments, one final (possibly empty) segment. */
export function sealedSize(plainBytes: number) {
  const full = Math.floor(plainBytes / SEGMENT_BYTES);
  const rest = plainBytes - full * SEGMENT_BYTES;
  // A length that is a whole number of segments ends with its last full segment marked final.
  if (rest === 0 && full > 0) return HEADER_BYTES + full * SEALED_SEGMENT_BYTES;
  return HEADER_BYTES + full * SEALED_SEGMENT_BYTES + rest + TAG_BYTES;
}

/**
 * Reads a sealed file of known `size` by positioned reads (`readAt` fills the buffer from that offset, or
 * throws) and yields the plaintext segment by segment. The file's size says which segment is the last, so
 * nothing is held back and nothing joined: whole segments are read `batch` at a time into one buffer, reused
 * for the next batch (each plaintext segment is a new buffer). Throws SegmentError on any change, before the
 * changed bytes are yielded.
 */
export async function* openFile(
  key: Uint8Array,
  size: number,
  readAt: (into: Buffer, position: number) => Promise<void>,
  batch = 16,
): AsyncGenerator<Buffer, void, undefined> {
  if (size < HEADER_BYTES + TAG_BYTES) throw new SegmentError("Not a sealed document");
  const header = Buffer.alloc(HEADER_BYTES);
  await readAt(header, 0);
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new SegmentError("Not a sealed document");
  const count = Math.ceil((size - HEADER_BYTES) / SEALED_SEGMENT_BYTES);
  const buffer = Buffer.allocUnsafe(Math.min(batch * SEALED_SEGMENT_BYTES, size - HEADER_BYTES));
  let index = 0;
  for (let position = HEADER_BYTES; position < size; ) {
    const part = buffer.subarray(0, Math.min(buffer.length, size - position));
    await readAt(part, position);
    for (let at = 0; at < part.length; at += SEALED_SEGMENT_BYTES) {
      const sealed = part.subarray(at, Math.min(at + SEALED_SEGMENT_BYTES, part.length));
      yield openSegment(key, header, index, sealed, index === count - 1);
      index++;
    }
    position += part.length;
  }
}

/** Seals a plaintext stream (for staff uploads and tests); reports the plaintext's SHA-256 and size at the end. */
export async function* sealStream(
  key: Uint8Array,
  plain: AsyncIterable<Uint8Array>,
  done?: (facts: { sha256: string; size: number }) => void,
): AsyncGenerator<Buffer, void, undefined> {
  const header = newHeader();
  const sealer = segmentSealer(key, header, 0);
  yield header;
  for await (const chunk of plain) yield* sealer.push(chunk);
  yield sealer.finish();
  done?.(sealer.facts());
}

/**
 * Turns bytes arriving at any boundary into sealed segments, starting at segment `index` (a resumed upload).
 * Holds at most one segment of plaintext: memory stays flat whatever the size. With the total length known
 * (an upload), a full segment is sealed as soon as it fills; without it, it waits for one more byte, as it
 * may be the last.
 */
export function segmentSealer(
  key: Uint8Array,
  header: Uint8Array,
  index: number,
  total?: number,
  running?: Hash | null,
  /** Shown every plaintext byte as it is sealed, in order, as the SHA-256 is (the content's checks: inspect.ts). */
  see?: (plain: Uint8Array) => void,
) {
  const buffer = Buffer.alloc(SEGMENT_BYTES);
  let filled = 0;
  let next = index;
  let size = index * SEGMENT_BYTES;
  const hash = running !== undefined ? running : index === 0 ? createHash("sha256") : null;
  const absorb = (plain: Uint8Array) => {
    hash?.update(plain);
    see?.(plain);
  };
  const sealFull = () => {
    // The sealed copy is new bytes: the plaintext buffer is reused for the next segment.
    absorb(buffer);
    const sealed = sealSegmentParts(key, header, next++, buffer, false);
    filled = 0;
    return sealed;
  };
  return {
    *push(chunk: Uint8Array): Generator<Buffer> {
      let at = 0;
      while (at < chunk.length) {
        if (filled === SEGMENT_BYTES) yield* sealFull();
        // A whole segment inside the chunk, certainly not the last, is sealed where it lies: no copy.
        const more =
          at + SEGMENT_BYTES < chunk.length || (total !== undefined && size + SEGMENT_BYTES < total);
        if (filled === 0 && chunk.length - at >= SEGMENT_BYTES && more) {
          const plain = chunk.subarray(at, at + SEGMENT_BYTES);
          absorb(plain);
          yield* sealSegmentParts(key, header, next++, plain, false);
          at += SEGMENT_BYTES;
          size += SEGMENT_BYTES;
          continue;
        }
        const take = Math.min(SEGMENT_BYTES - filled, chunk.length - at);
        buffer.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        size += take;
        if (total !== undefined && filled === SEGMENT_BYTES && size < total) yield* sealFull();
      }
    },
    /** Segments sealed so far. */
    get segments() {
      return next;
    },
    /** Plaintext bytes received, sealed or held. */
    get size() {
      return size;
    },
    finish(): Buffer {
      absorb(buffer.subarray(0, filled));
      return sealSegment(key, header, next++, buffer.subarray(0, filled), true);
    },
    /** The SHA-256 so far, of the sealed segments only: it goes on from there in the next request. */
    hash,
    /** SHA-256 of everything sealed: only known when the sealer saw the file from its first byte (or `running`). */
    facts: () => ({ sha256: hash ? hash.digest("hex") : "", size }),
  };
}
