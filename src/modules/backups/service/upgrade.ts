import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { snapshotDatabase } from "./archive";

/** Where the copy taken before an upgrade goes: the backup folder (BACKUP_DIR, else DATA_DIR/backups). */
export const upgradeSnapshotDir = (env: Record<string, string | undefined>, dataDir: string) =>
  env.BACKUP_DIR?.trim() || join(dataDir, "backups");

/**
 * A consistent copy of the database as it was before this version's migrations (ADR 243): the previous binary
 * runs on it as it is. Plain SQLite, as the live file is (personal values stay encrypted by the data cipher);
 * the scheduled archives are the backups, this is the undo of one upgrade. Returns its path.
 */
export function snapshotBeforeUpgrade(databaseFile: string, dir: string, schema: number, at: Date): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const target = join(dir, `pre-upgrade-schema-${schema}-${stamp}.db`);
  snapshotDatabase(databaseFile, target);
  return target;
}
