import { expect } from "bun:test";
import { createDecipheriv } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder } from "./byte-scan";

/**
 * Every `enc:v1:<key id>:<base64>` value in every file under `dataDir` (the database, its WAL), opened with the
 * key in the folder's `data-key` file, using AES-256-GCM from node:crypto rather than the product's own
 * cipher: what it can read, anyone holding the folder could. SQLite stores a row's fields side by side with
 * nothing between them, so where a value ends is not written: each length that could end one is tried, and
 * the cipher's tag says which is right.
 */
export function readableValues(dataDir: string): string[] {
  const key = Buffer.from(readFileSync(join(dataDir, "data-key"), "utf8").trim(), "base64");
  expect(key.length).toBe(32);
  const open = (base64: string) => {
    const body = Buffer.from(base64, "base64");
    if (body.length < 12 + 16) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, body.subarray(0, 12));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([
        decipher.update(body.subarray(12, body.length - 16)),
        decipher.final(),
      ]).toString();
    } catch {
      return undefined;
    }
  };
  const out: string[] = [];
  for (const file of filesUnder(dataDir)) {
    const pieces = readFileSync(file).toString("latin1").split("enc:v1:").slice(1);
    for (const piece of pieces) {
      const text = piece.match(/^[A-Za-z0-9_-]{8}:([A-Za-z0-9+/=]+)/)?.[1] ?? "";
      for (let end = text.length - (text.length % 4); end >= 40; end -= 4) {
        const value = open(text.slice(0, end));
        if (value !== undefined) {
          out.push(value);
          break;
        }
      }
    }
  }
  return out;
}

/** The markers some readable value contains. */
export const holding = (values: string[], markers: string[]) =>
  markers.filter((m) => values.some((v) => v.includes(m)));
