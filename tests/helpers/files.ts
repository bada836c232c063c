import { createHash, randomBytes } from "node:crypto";

/**
 * Bytes as the documents' tests send them, for every layer (plain Node, so the browser specs can use it too).
 */

/** The SHA-256 both sides of the portal show, as lowercase hex. */
export const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * A PDF as the server judges one by its content: the signature (and `text`, a marker to look for), then noise
 * that does not compress.
 */
export function pdf(size: number, text = "") {
  const bytes = randomBytes(size);
  bytes.set(Buffer.from(`%PDF-1.7\n${text}`), 0);
  return bytes;
}

/** A tus `Upload-Metadata` value is base64. */
export const b64 = (text: string) => Buffer.from(text).toString("base64");
