import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { sha256 } from "../lib/hash";

/**
 * Personal data at rest (DESIGN.md): AES-256-GCM per value with a fresh 12-byte IV, the key's id stored with the
 * value so older keys stay readable while rotating (the model is Rails' Active Record Encryption). The
 * synchronous node:crypto calls measured about 3 µs a value here; WebCrypto costs a promise per value.
 *
 * A stored value reads `enc:v1:<key id>:<base64 of iv | ciphertext | tag>`.
 */
export type DataCipher = {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  encryptNullable(plain: string | null | undefined): string | null;
  decryptNullable(stored: string | null): string | null;
  /** Keyed hash (HMAC-SHA256, hex) of a trimmed, lower-cased e-mail address: exact look-up without a clear copy. */
  emailHash(email: string): string;
  /**
   * The address's hash under every configured key, the writing key's first: a look-up during a rotation also
   * finds rows hashed before it (the rotation recomputes them).
   */
  emailHashes(email: string): string[];
  /** Ids of the configured keys, newest (the one that writes) first. */
  keyIds: readonly string[];
};

/**
 * The cipher of a command that opens the database without the data key (src/ops/commands.ts): such a command
 * reads and writes no personal value, and if it ever tried, it stops here with a message naming DATA_KEY.
 */
export const NO_DATA_KEY: DataCipher = {
  encrypt: refuseWithoutKey,
  decrypt: refuseWithoutKey,
  encryptNullable: refuseWithoutKey,
  decryptNullable: refuseWithoutKey,
  emailHash: refuseWithoutKey,
  emailHashes: refuseWithoutKey,
  keyIds: [],
};

function refuseWithoutKey(): never {
  throw new DataKeyError(
    "This command opened the database without the data key (DATA_KEY) and reads no personal value",
  );
}

export const ENCRYPTED_PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

export class DataKeyError extends Error {
  override name = "DataKeyError";
}

/** A short, stable id for a key: the start of its SHA-256, never the key itself. */
export const keyId = (key: Uint8Array) => sha256(key, "base64url").slice(0, 8);

export const isEncrypted = (value: string) => value.startsWith(ENCRYPTED_PREFIX);

/** The id of the key a stored value was written with; null for a value stored in clear. */
export function storedKeyId(value: string): string | null {
  if (!isEncrypted(value)) return null;
  const rest = value.slice(ENCRYPTED_PREFIX.length);
  return rest.slice(0, rest.indexOf(":"));
}

/** keys: newest first. The first writes; every one of them reads. */
export function createDataCipher(keys: readonly Uint8Array[]): DataCipher {
  if (keys.length === 0) throw new DataKeyError("No data key configured (DATA_KEY)");
  for (const k of keys) {
    if (k.length !== DATA_KEY_BYTES) throw new DataKeyError(`DATA_KEY must be ${DATA_KEY_BYTES} bytes`);
  }
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const [writeKey] = keys as [Uint8Array];
  const writeId = keyId(writeKey);
  // A separate key for the e-mail index, derived from the writing key, so a hash never reveals a cipher key.
  const indexKeyOf = (key: Uint8Array) =>
    createHmac("sha256", key).update("tracewell/email-index/v1").digest();
  const indexKeys = keys.map(indexKeyOf);
  const hashWith = (indexKey: Buffer, email: string) =>
    createHmac("sha256", indexKey).update(email.trim().toLowerCase()).digest("hex");

  const encrypt = (plain: string) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", writeKey, iv);
    const body = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${ENCRYPTED_PREFIX}${writeId}:${body.toString("base64")}`;
  };

  const decrypt = (stored: string) => {
    if (!isEncrypted(stored)) return stored;
    const rest = stored.slice(ENCRYPTED_PREFIX.length);
    const colon = rest.indexOf(":");
    const key = byId.get(rest.slice(0, colon));
    if (!key)
      throw new DataKeyError(
        `A stored value was written with key ${rest.slice(0, colon)}, which DATA_KEY does not hold`,
      );
    const body = Buffer.from(rest.slice(colon + 1), "base64");
    const decipher = createDecipheriv("aes-256-gcm", key, body.subarray(0, IV_BYTES));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      throw new DataKeyError(
        "A stored value could not be decrypted with DATA_KEY (wrong key or damaged data)",
      );
    }
  };

  return {
    encrypt,
    decrypt,
    encryptNullable: (plain) => (plain === null || plain === undefined ? null : encrypt(plain)),
    decryptNullable: (stored) => (stored === null ? null : decrypt(stored)),
    emailHash: (email) => hashWith(indexKeys[0] as Buffer, email),
    emailHashes: (email) => indexKeys.map((k) => hashWith(k, email)),
    keyIds: keys.map(keyId),
  };
}

/**
 * Keyed hash of a firm name (spaces collapsed, then as emailHash: trimmed and lower-cased), so the desk finds
 * a firm's other requests without a clear copy of the name. Null for no firm.
 */
export function firmHash(cipher: Pick<DataCipher, "emailHash">, firm: string | null): string | null {
  const name = firm?.replace(/\s+/g, " ").trim();
  return name ? cipher.emailHash(name) : null;
}

/**
 * Every column that holds personal data, encrypted through the cipher. Key rotation, the upgrade of rows
 * stored in clear and the tests walk this list: a table that stores personal text adds itself here.
 * `emailHashes` names keyed-hash columns and the encrypted column they hash, so rotation can recompute them.
 */
export type EncryptedTable = {
  table: string;
  id: string;
  columns: readonly string[];
  emailHashes?: ReadonlyArray<{
    column: string;
    of: string;
    /** How the hash is made from the decrypted value; the e-mail hash by default. */
    hash?: (cipher: DataCipher, value: string) => string | null;
  }>;
};

export const ENCRYPTED_COLUMNS: ReadonlyArray<EncryptedTable> = [
  {
    table: "contact_submissions",
    id: "id",
    columns: ["name", "firm", "email", "phone", "jurisdictions", "description", "email_error"],
    emailHashes: [
      { column: "email_hash", of: "email" },
      { column: "firm_hash", of: "firm", hash: firmHash },
    ],
  },
  { table: "submission_notes", id: "id", columns: ["body"] },
  { table: "submission_replies", id: "id", columns: ["subject", "body"] },
  { table: "mail_outbox", id: "id", columns: ["last_error"] },
  {
    table: "admin_users",
    id: "id",
    columns: ["totp_secret", "totp_pending_secret", "email", "display_name"],
  },
  { table: "passkeys", id: "id", columns: ["name"] },
  {
    table: "staff_invitations",
    id: "id",
    columns: ["email", "token", "display_name", "invited_by_name"],
  },
  // The staff names an entry copies (a name change, who invited whom); the rest of the entry is in clear.
  { table: "audit_log", id: "id", columns: ["names"] },
  {
    table: "engagements",
    id: "id",
    columns: [
      "scope",
      "link_token",
      "signed_name",
      "signed_pdf",
      "letter_pdf",
      "letter_spec",
      "subjects",
      "cc",
      "declined_reason",
    ],
  },
  // Each signer's name and address, the name they typed, where they signed from and how they were known (ADR 297).
  {
    table: "engagement_signers",
    id: "id",
    columns: ["name", "email", "typed_name", "signed_ip", "signed_user_agent", "authentication"],
  },
  // The name a client gave a passkey of theirs (ADR 299).
  { table: "portal_passkeys", id: "id", columns: ["name"] },
  { table: "engagement_events", id: "id", columns: ["ip", "user_agent", "detail"] },
  { table: "engagement_payments", id: "id", columns: ["method"] },
  { table: "portal_links", id: "id", columns: ["token"] },
  { table: "documents", id: "id", columns: ["file_key", "name"] },
  {
    table: "data_requests",
    id: "id",
    columns: ["email"],
    emailHashes: [{ column: "email_hash", of: "email" }],
  },
  { table: "subscriptions", id: "id", columns: ["subjects"] },
  // What staff write of the work and a payment's method; the database lets only this column be rewritten.
  { table: "ledger_entries", id: "id", columns: ["description"] },
  // Who paid at the processor, for staff matching a payment by hand.
  { table: "processor_payments", id: "id", columns: ["payer"] },
  // An issued statement, its PDF as issued (it names the client and what they owe).
  { table: "statements", id: "id", columns: ["pdf"] },
  // What staff ask the client for, the client's note and the reason an item was sent back (ADR 295).
  {
    table: "document_request_items",
    id: "id",
    columns: ["title", "description", "period", "note", "reason"],
  },
  { table: "document_request_events", id: "id", columns: ["detail"] },
];

/** Where the generated sealing certificate is kept in DATA_DIR (src/modules/signing/service.ts). */
export const SEALING_CERTIFICATE_FILE = "sealing-certificate.p12.enc";

/**
 * Every file of the data folder that holds one value sealed by the cipher, beside the database's listed
 * columns: the key's rotation rewrites them and the start checks that the configured keys read them
 * (src/db/encrypted-files.ts). A feature that keeps an encrypted file adds it here.
 */
export type EncryptedFile = { file: string; holds: string };

export const ENCRYPTED_FILES: ReadonlyArray<EncryptedFile> = [
  { file: SEALING_CERTIFICATE_FILE, holds: "the sealing certificate" },
];
