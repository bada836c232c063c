import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Config, parseDataKeys } from "./config";

export const SESSION_SECRET_FILE = "session-secret";

/**
 * Session-cookie signing secrets: SESSION_SECRET (comma-separated, newest first, for rotation) or, when it is
 * not set, one generated at first start and kept in DATA_DIR readable by the owner only.
 */
export function loadSessionSecrets(config: Config): string[] {
  const stored = storedSessionSecrets(config);
  if (stored) return stored;
  const file = join(config.dataDir, SESSION_SECRET_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return [secret];
}

/** The secrets SESSION_SECRET or DATA_DIR holds, or null: read only, nothing made. */
export function storedSessionSecrets(config: Config): string[] | null {
  if (config.sessionSecrets?.length) return config.sessionSecrets;
  const file = join(config.dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return [secret];
  }
  return null;
}

export const DATA_KEY_FILE = "data-key";

/**
 * Keys for personal data at rest: DATA_KEY (comma-separated, newest first, for rotation) or, when it is not set,
 * one generated at first start into DATA_DIR/data-key, readable by the owner only. Backups never copy it.
 */
export function loadDataKeys(config: Config): Uint8Array[] {
  if (config.dataKeys?.length) return config.dataKeys;
  const file = join(config.dataDir, DATA_KEY_FILE);
  if (existsSync(file)) return parseDataKeys(readFileSync(file, "utf8"));
  mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.getRandomValues(new Uint8Array(32));
  writeFileSync(file, `${Buffer.from(key).toString("base64")}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return [key];
}
