/** What an uploaded photo really is, from its bytes alone (never its name or claimed type), like ADR 062. */
export type PhotoKind = "jpeg" | "png" | "webp";

export const PHOTO_TYPES: Record<PhotoKind, { extension: string; contentType: string }> = {
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  png: { extension: "png", contentType: "image/png" },
  webp: { extension: "webp", contentType: "image/webp" },
};

const at = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));

export function detectPhoto(bytes: Uint8Array): PhotoKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (at(bytes, 0, "\u0089PNG\r\n\u001a\n")) return "png";
  if (at(bytes, 0, "RIFF") && at(bytes, 8, "WEBP")) return "webp";
  return null;
}
