/**
 * Images in articles (ADR 196): what an uploaded image is and how large, from its bytes alone (never its name or
 * the type the browser claims), and the one form of path an article may show an image from.
 */
export type ImageKind = "png" | "jpeg" | "webp";

export const IMAGE_TYPES: Record<ImageKind, { extension: string; contentType: string }> = {
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  webp: { extension: "webp", contentType: "image/webp" },
};

/** Where article images are served from; the files live in DATA_DIR/uploads beside the other uploads. */
export const ARTICLE_IMAGES_PREFIX = "/uploads/articles/";

/**
 * An image's file name: a random id, its width and height in pixels, its type. The name never changes for the
 * bytes behind it (they are cached for a year), and an article's Markdown carries the size with the path.
 */
export const ARTICLE_IMAGE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,5})x(\d{1,5})\.(png|jpg|webp)$/;

/** The largest side accepted: well past any screen, and a guard against a decompression bomb's claimed size. */
export const MAX_IMAGE_SIDE = 10_000;

export type ImageFacts = { kind: ImageKind; width: number; height: number };

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));

/** The type and size of a PNG, JPEG or WebP image; null for anything else, or one whose size cannot be read. */
export function readImage(bytes: Uint8Array): ImageFacts | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const facts = (kind: ImageKind, width: number, height: number): ImageFacts | null =>
    width > 0 && height > 0 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE
      ? { kind, width, height }
      : null;

  if (ascii(bytes, 0, "\u0089PNG\r\n\u001a\n")) {
    // The first chunk is IHDR: width and height, 4 bytes each, big-endian.
    if (bytes.length < 24 || !ascii(bytes, 12, "IHDR")) return null;
    return facts("png", view.getUint32(16), view.getUint32(20));
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return jpegSize(bytes, view);
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP") && bytes.length >= 30) {
    if (ascii(bytes, 12, "VP8 ")) {
      // Lossy: a key frame's start code, then 14-bit width and height.
      if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
      return facts("webp", view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    }
    if (ascii(bytes, 12, "VP8L")) {
      // Lossless: a signature byte, then width-1 and height-1 in 14 bits each.
      if (bytes[20] !== 0x2f) return null;
      const bits = view.getUint32(21, true);
      return facts("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    if (ascii(bytes, 12, "VP8X")) {
      // Extended: the canvas's width-1 and height-1, 24 bits each.
      const w = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
      const h = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
      return facts("webp", w + 1, h + 1);
    }
    return null;
  }
  return null;

  /** A JPEG's size is in its first start-of-frame segment (SOF0 to SOF15, but not DHT, JPG or DAC). */
  function jpegSize(b: Uint8Array, v: DataView): ImageFacts | null {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      // Markers without a length: restart markers, start and end of image.
      if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
        i += 2;
        continue;
      }
      const length = v.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return facts("jpeg", v.getUint16(i + 7), v.getUint16(i + 5));
      }
      i += 2 + length;
    }
    return null;
  }
}

/** An article image's path from its parts. */
export const articleImagePath = (id: string, facts: ImageFacts) =>
  `${ARTICLE_IMAGES_PREFIX}${id}.${facts.width}x${facts.height}.${IMAGE_TYPES[facts.kind].extension}`;

/** The size and type an article image's path names; null for any other path (another site's, another file). */
export function articleImageOf(src: string): { width: number; height: number; contentType: string } | null {
  if (!src.startsWith(ARTICLE_IMAGES_PREFIX)) return null;
  const m = ARTICLE_IMAGE_NAME.exec(src.slice(ARTICLE_IMAGES_PREFIX.length));
  if (!m) return null;
  const kind = (Object.keys(IMAGE_TYPES) as ImageKind[]).find((k) => IMAGE_TYPES[k].extension === m[4]);
  const width = Number(m[2]);
  const height = Number(m[3]);
  if (!kind || width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return null;
  return { width, height, contentType: IMAGE_TYPES[kind].contentType };
}
