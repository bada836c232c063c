import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync } from "node:zlib";

export type Encoding = "br" | "gzip";

type Accepted = Readonly<Record<Encoding, boolean>>;

/**
 * Clients send few distinct Accept-Encoding values (each browser its own), so each is parsed once. Bounded:
 * past this many distinct values the memory starts again, and unusually long values are not kept.
 */
const parsed = new Map<string, Accepted>();
const PARSED_MAX = 256;
const PARSED_MAX_LENGTH = 200;

/** Which of the encodings we precompute the client accepts (q=0 refuses one). */
export function acceptedEncodings(acceptEncoding: string | null | undefined): Accepted {
  const header = acceptEncoding ?? "";
  if (header.length > PARSED_MAX_LENGTH) return parseAcceptEncoding(header);
  let accepted = parsed.get(header);
  if (!accepted) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    accepted = Object.freeze(parseAcceptEncoding(header));
    parsed.set(header, accepted);
  }
  return accepted;
}

function parseAcceptEncoding(acceptEncoding: string): Record<Encoding, boolean> {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  return { br: ok("br"), gzip: ok("gzip") };
}

/** The encoded body to send: brotli when accepted and available, else gzip, else none. */
export function chooseEncoding<T>(
  acceptEncoding: string | null | undefined,
  variants: { br?: T; gzip?: T },
): { encoding: Encoding; body: T } | null {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.br && variants.br !== undefined) return { encoding: "br", body: variants.br };
  if (accepted.gzip && variants.gzip !== undefined) return { encoding: "gzip", body: variants.gzip };
  return null;
}

export type Bytes = Uint8Array<ArrayBuffer>;

const brotliOptions = (quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
});
const own = (out: Buffer): Bytes =>
  new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer);

export function brotli(data: string | Uint8Array, quality = 11): Bytes {
  return own(brotliCompressSync(data, brotliOptions(quality)));
}

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzipAsync);
/**
 * Brotli and gzip at their best, compressed on the runtime's worker threads: for what is re-encoded while the
 * server answers others (a cached page, ADR 166), where a synchronous 100–300 ms would hold every request.
 */
export async function bestInBackground(data: Bytes): Promise<{ br: Bytes; gzip: Bytes }> {
  const [br, gz] = await Promise.all([brotliLater(data, brotliOptions(11)), gzipLater(data, { level: 9 })]);
  return { br: own(br), gzip: own(gz) };
}

/**
 * gzip at one of zlib's levels, or "best": libdeflate's level 12, 2–5% smaller than zlib's 9 and about ten
 * times slower (19 ms for a 90 KB page), for what is compressed once and sent many times: the built assets
 * and cached pages. Every gzip decoder reads both.
 */
export function gzip(
  data: string | Bytes,
  level: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | "best" = "best",
): Bytes {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return level === "best"
    ? Bun.gzipSync(bytes, { level: 12, library: "libdeflate" })
    : Bun.gzipSync(bytes, { level });
}
