import type { Database } from "bun:sqlite";
import { STAFF_HELP } from "../../contracts/commands-help";
import { NO_DATA_KEY } from "../../db/cipher";
import { writeAudit } from "../audit";
import { findAccountByName, resetSecondFactor } from "../auth";

export { STAFF_HELP };

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** `tracewell admin reset-mfa <username>`: returns the exit code. */
export function resetMfaCli(
  args: string[],
  deps: { openDb: () => Database; io?: Partial<Io>; now: () => Date },
): number {
  const io: Io = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    ...deps.io,
  };
  const [username, ...rest] = args;
  if (!username || username.startsWith("-") || rest.length) {
    io.stderr(`Usage:\n${STAFF_HELP}\n`);
    return 2;
  }
  const db = deps.openDb();
  const store = { db, cipher: NO_DATA_KEY };
  try {
    const user = findAccountByName(store, username.trim());
    if (!user) {
      io.stderr(`No admin named "${username.trim()}". Nothing was changed.\n`);
      return 1;
    }
    const { passkeysRemoved } = resetSecondFactor(store, user.id);
    const had = user.hasMfa || user.hasPendingMfa || passkeysRemoved > 0;
    writeAudit(store, {
      event: "staff.mfa_reset",
      username: "operator",
      clientAddress: "local",
      detail: { targetId: user.id, targetUsername: user.username, via: "cli", passkeysRemoved },
      at: deps.now(),
    });
    const removed =
      passkeysRemoved === 0
        ? ""
        : `, ${passkeysRemoved === 1 ? "its passkey" : `its ${passkeysRemoved} passkeys`} removed`;
    io.stdout(
      had
        ? `Two-step sign-in for "${user.username}" was reset${removed} and its sessions were signed out; it is set up again at the next sign-in.\n`
        : `"${user.username}" had no two-step sign-in set up; its sessions were signed out.\n`,
    );
    return 0;
  } finally {
    db.close();
  }
}
