/**
 * Password hashing with Bun.password (argon2id). New hashes take the configured cost (PRODUCTION_PASSWORD_COST:
 * 64 MiB, 2 passes; lower only in a test run); verifying reads the cost from the stored hash, so hashes made at
 * any cost keep verifying. Verifying against a dummy hash of the same cost for unknown usernames makes "no such
 * user" cost the same time as "wrong password".
 */
import type { PasswordCost } from "../../../config";

const options = (cost: PasswordCost) => ({ algorithm: "argon2id", ...cost }) as const;

export const hashPassword = (password: string, cost: PasswordCost) =>
  Bun.password.hash(password, options(cost));
export const hashPasswordSync = (password: string, cost: PasswordCost) =>
  Bun.password.hashSync(password, options(cost));

const dummies = new Map<string, string>();
const dummyHash = (cost: PasswordCost) => {
  const key = `${cost.memoryCost},${cost.timeCost}`;
  let dummy = dummies.get(key);
  if (dummy === undefined) {
    dummy = hashPasswordSync(crypto.randomUUID(), cost);
    dummies.set(key, dummy);
  }
  return dummy;
};

/**
 * Verifies `password` against `hash`, or against a dummy hash at `cost` (always false) when there is no user.
 */
export async function verifyPassword(
  password: string,
  hash: string | undefined,
  cost: PasswordCost,
): Promise<boolean> {
  try {
    const ok = await Bun.password.verify(password, hash ?? dummyHash(cost));
    return ok && hash !== undefined;
  } catch {
    return false;
  }
}
