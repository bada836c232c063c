import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The outbox of a data folder made by `tracewell restore` is held (ADR 287): a restore drill, or a restore on a
 * second machine, must not send the backup's queued mail to clients a second time. The hold is a file in the data
 * folder, written by the restore whatever the backup's schema, so it holds for a folder restored from any backup;
 * nothing is sent from that folder until the operator releases it (`tracewell outbox release`, or the admin's
 * Backups screen). A backup never holds the file: it is not one of the data folder's parts an archive takes.
 */
export const OUTBOX_HOLD_FILE = "outbox-held";

export type OutboxHold = { since: string; reason: string };

/** The hold on this data folder's outbox, or null when mail may go. */
export function outboxHold(dataDir: string): OutboxHold | null {
  const file = join(dataDir, OUTBOX_HOLD_FILE);
  if (!existsSync(file)) return null;
  try {
    const read = JSON.parse(readFileSync(file, "utf8")) as Partial<OutboxHold>;
    return { since: String(read.since ?? ""), reason: String(read.reason ?? "") };
  } catch {
    // A hold that cannot be read still holds: only a release lets mail go.
    return { since: "", reason: "The outbox is held" };
  }
}

/** Holds the folder's outbox until it is released. */
export function holdOutbox(dataDir: string, hold: { since: Date; reason: string }): void {
  writeFileSync(
    join(dataDir, OUTBOX_HOLD_FILE),
    `${JSON.stringify({ since: hold.since.toISOString(), reason: hold.reason })}\n`,
    { mode: 0o600 },
  );
}

/** Releases the hold; false when there was none. */
export function releaseOutbox(dataDir: string): boolean {
  const file = join(dataDir, OUTBOX_HOLD_FILE);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}
