import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { upgradeSnapshotName } from "../model";
import { sealDatabaseSync } from "./archive";

/** Where the copy taken before an upgrade goes: the backup folder (BACKUP_DIR, else DATA_DIR/backups). */
export const upgradeSnapshotDir = (env: Record<string, string | undefined>, dataDir: string) =>
  env.BACKUP_DIR?.trim() || join(dataDir, "backups");

/**
 * The database as it was before this version's migrations (ADR 243), sealed like a backup with the data key:
 * `tracewell restore` opens it, and the previous binary runs on what it restores. Returns its path.
 */
export function snapshotBeforeUpgrade(opts: {
  databaseFile: string;
  dir: string;
  schema: number;
  at: Date;
  dataKey: Uint8Array;
  app: { name: string; version: string };
}): string {
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const out = join(opts.dir, upgradeSnapshotName(opts.schema, opts.at));
  sealDatabaseSync({
    databaseFile: opts.databaseFile,
    dataKey: opts.dataKey,
    out,
    app: opts.app,
    now: opts.at,
  });
  return out;
}
