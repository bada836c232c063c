import type { Role } from "../../../contracts/roles";
import { forgetDeleted } from "../../../db/index";
import { sha256 } from "../../../lib/hash";
import type { Sealed } from "../../../store";
import { DEMO_PASSWORD } from "../model";
import { removeAllPasskeys } from "./passkeys";

/** The admin_users repository. Usernames compare case-insensitively (the column is COLLATE NOCASE). */
export type AdminUser = {
  id: number;
  username: string;
  passwordHash: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
};

type Row = {
  id: number;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
};

/** TOTP secrets (pending ones too) are stored encrypted, like every personal value (src/db/cipher.ts). */
const toUser = (cipher: Sealed["cipher"], r: Row | null): AdminUser | null =>
  r && {
    id: r.id,
    username: r.username,
    passwordHash: r.password_hash,
    totpSecret: cipher.decryptNullable(r.totp_secret),
    totpPendingSecret: cipher.decryptNullable(r.totp_pending_secret),
    totpLastStep: r.totp_last_step,
  };

const COLUMNS = "id, username, password_hash, totp_secret, totp_pending_secret, totp_last_step";

/**
 * Whether the admin aliased `u` in a query over admin_users has a second factor: an authenticator app or a
 * passkey (ADR 272). One expression, so the sign-in, the session rule, the Staff screen and the operator's
 * command ask the same question; it reads no encrypted value, so commands without the data key can ask it.
 * A pending enrolment is not a second factor yet.
 */
export const hasSecondFactorSql = (u: string) =>
  `(${u}.totp_secret IS NOT NULL OR EXISTS (SELECT 1 FROM passkeys WHERE passkeys.user_id = ${u}.id))`;

export function hasSecondFactor({ db }: Sealed, userId: number): boolean {
  return (
    (
      db.query(`SELECT ${hasSecondFactorSql("u")} AS has FROM admin_users u WHERE u.id = ?`).get(userId) as {
        has: number;
      } | null
    )?.has === 1
  );
}

export function findUserByName({ db, cipher }: Sealed, username: string): AdminUser | null {
  return toUser(
    cipher,
    db.query(`SELECT ${COLUMNS} FROM admin_users WHERE username = $username`).get({ username }) as Row | null,
  );
}

/**
 * An admin without its encrypted values: what the operator's commands need, which run without the data key
 * (src/ops/commands.ts). Whether two-step sign-in is set up is read without decrypting the secret.
 */
export type AdminAccount = {
  id: number;
  username: string;
  passwordHash: string;
  hasMfa: boolean;
  hasPendingMfa: boolean;
};

export function findAccountByName({ db }: Sealed, username: string): AdminAccount | null {
  const row = db
    .query(
      `SELECT u.id, u.username, u.password_hash, ${hasSecondFactorSql("u")} AS has_mfa,
              u.totp_pending_secret IS NOT NULL AS has_pending
       FROM admin_users u WHERE u.username = $username`,
    )
    .get({ username }) as {
    id: number;
    username: string;
    password_hash: string;
    has_mfa: number;
    has_pending: number;
  } | null;
  return (
    row && {
      id: row.id,
      username: row.username,
      passwordHash: row.password_hash,
      hasMfa: row.has_mfa === 1,
      hasPendingMfa: row.has_pending === 1,
    }
  );
}

export function findUserById({ db, cipher }: Sealed, id: number): AdminUser | null {
  return toUser(
    cipher,
    db.query(`SELECT ${COLUMNS} FROM admin_users WHERE id = $id`).get({ id }) as Row | null,
  );
}

/** Creates an admin; without a role, the everyday one (staff), never an owner's by omission. */
export function insertAdmin(
  { db }: Sealed,
  username: string,
  passwordHash: string,
  at: Date,
  role: Role = "staff",
): number {
  const row = db
    .query(
      `INSERT INTO admin_users (username, password_hash, created_at, role)
       VALUES ($username, $passwordHash, $at, $role) RETURNING id`,
    )
    .get({ username, passwordHash, at: at.toISOString(), role }) as { id: number };
  return row.id;
}

export function updatePasswordHash({ db }: Sealed, id: number, passwordHash: string, at: Date): void {
  db.query(
    "UPDATE admin_users SET password_hash = $passwordHash, password_changed_at = $at WHERE id = $id",
  ).run({ id, passwordHash, at: at.toISOString() });
}

export function setPendingTotp({ db, cipher }: Sealed, id: number, secret: string | null): void {
  db.query("UPDATE admin_users SET totp_pending_secret = $secret WHERE id = $id").run({
    id,
    secret: cipher.encryptNullable(secret),
  });
}

/** Turns two-step sign-in on with the pending secret and replaces the recovery codes, in one transaction. */
export function enableTotp(
  { db, cipher }: Sealed,
  id: number,
  secret: string,
  step: number,
  codeHashes: string[],
): void {
  db.transaction(() => {
    db.query(
      `UPDATE admin_users SET totp_secret = $secret, totp_pending_secret = NULL, totp_last_step = $step
       WHERE id = $id`,
    ).run({ id, secret: cipher.encrypt(secret), step });
    db.query("DELETE FROM recovery_codes WHERE user_id = $id").run({ id });
    const insert = db.query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($id, $hash)");
    for (const hash of codeHashes) insert.run({ id, hash });
  })();
}

export function disableTotp({ db }: Sealed, id: number): void {
  db.transaction(() => {
    db.query(
      "UPDATE admin_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $id",
    ).run({ id });
    db.query("DELETE FROM recovery_codes WHERE user_id = $id").run({ id });
  })();
}

/** Records the step of an accepted code; false when that step (or a later one) was already used. */
export function claimTotpStep({ db }: Sealed, id: number, step: number): boolean {
  const changed = db
    .query(
      `UPDATE admin_users SET totp_last_step = $step
       WHERE id = $id AND (totp_last_step IS NULL OR totp_last_step < $step)`,
    )
    .run({ id, step });
  return changed.changes === 1;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export function consumeRecoveryCode({ db }: Sealed, id: number, codeHash: string, at: Date): boolean {
  const changed = db
    .query(
      `UPDATE recovery_codes SET used_at = $at
       WHERE user_id = $id AND code_hash = $codeHash AND used_at IS NULL`,
    )
    .run({ id, codeHash, at: at.toISOString() });
  return changed.changes === 1;
}

export function countRecoveryCodesLeft({ db }: Sealed, id: number): number {
  return (
    db
      .query("SELECT count(*) AS n FROM recovery_codes WHERE user_id = $id AND used_at IS NULL")
      .get({ id }) as {
      n: number;
    }
  ).n;
}

/**
 * The admins whose password is the public demo password, by verifying every password hash. That costs about
 * 100 ms a hash (argon2id), so a hash found not to be it is remembered (its SHA-256, in demo_checked) and
 * verified again only once the password changes: a new hash, even of the same password, has a new salt.
 */
export function adminsHoldingDemoPassword({ db }: Sealed): { id: number; username: string }[] {
  const rows = db
    .query("SELECT id, username, password_hash AS hash, demo_checked AS checked FROM admin_users ORDER BY id")
    .all() as { id: number; username: string; hash: string; checked: string | null }[];
  const remember = db.query("UPDATE admin_users SET demo_checked = ? WHERE id = ? AND password_hash = ?");
  const holding: { id: number; username: string }[] = [];
  for (const { id, username, hash, checked } of rows) {
    const digest = sha256(hash);
    if (checked === digest) continue;
    let matches = false;
    try {
      matches = Bun.password.verifySync(DEMO_PASSWORD, hash);
    } catch {
      // A hash this build cannot read opens nothing at sign-in either; it is looked at again next time.
      continue;
    }
    if (matches) holding.push({ id, username });
    else remember.run(digest, id, hash);
  }
  return holding;
}

/** When the admin last signed in (password accepted and, where required, the second step too). */
export function recordSignIn({ db }: Sealed, id: number, at: Date): void {
  db.query("UPDATE admin_users SET last_sign_in_at = $at WHERE id = $id").run({ id, at: at.toISOString() });
}

/**
 * Ends an admin's second factor (secret, pending secret, recovery codes, passkeys) and every session of theirs,
 * so the next sign-in with their password leads to enrolment again, and forgets the old secret on disk. Used by
 * the Staff screen and the operator's CLI, which opens the database without the data cipher: this reads no
 * encrypted value. Returns how many passkeys were removed.
 */
export function resetSecondFactor(store: Sealed, userId: number): { passkeysRemoved: number } {
  const { db } = store;
  let passkeysRemoved = 0;
  db.transaction(() => {
    disableTotp(store, userId);
    // A lost phone may hold a passkey too: the reset leaves no way in but the password and a fresh enrolment.
    passkeysRemoved = removeAllPasskeys(store, userId);
    // Sessions are this feature's own table: other features end them through here, never by SQL of their own.
    db.query("DELETE FROM sessions WHERE user_id = $userId").run({ userId });
  })();
  forgetDeleted(db);
  return { passkeysRemoved };
}
