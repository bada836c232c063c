import { createHash } from "node:crypto";

/**
 * The SHA-256 of a string (its UTF-8 bytes) or of bytes, in hex unless another encoding is asked for: what a
 * token, a session id or a recovery code is stored as, and what a letter, a statement or an event chain is
 * checked by. Streams (uploads, backups) keep their own running hash.
 */
export function sha256(data: string | Uint8Array, encoding: "hex" | "base64" | "base64url" = "hex"): string {
  return createHash("sha256").update(data).digest(encoding);
}
