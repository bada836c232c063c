/**
 * Password hashing with Bun.password (argon2id, its defaults: 64 MiB, 2 passes). Verifying against a fixed
 * dummy hash for unknown usernames makes "no such user" cost the same time as "wrong password".
 */
const ALGORITHM = { algorithm: "argon2id" } as const;

export const hashPassword = (password: string) => Bun.password.hash(password, ALGORITHM);
export const hashPasswordSync = (password: string) => Bun.password.hashSync(password, ALGORITHM);

let dummy: string | undefined;
const dummyHash = () => {
  dummy ??= hashPasswordSync(crypto.randomUUID());
  return dummy;
};

/** Verifies `password` against `hash`, or against the dummy hash (always false) when there is no user. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  try {
    const ok = await Bun.password.verify(password, hash ?? dummyHash());
    return ok && hash !== undefined;
  } catch {
    return false;
  }
}
