import type { Database } from "bun:sqlite";
import type { RunRecord } from "../service/index";

type Row = {
  at: string;
  ok: number;
  verified: number;
  bytes: number;
  name: string | null;
  targets: string;
  error: string | null;
};

const toRun = (r: Row): RunRecord => ({
  at: r.at,
  ok: r.ok === 1,
  verified: r.verified === 1,
  bytes: r.bytes,
  name: r.name,
  targets: JSON.parse(r.targets) as string[],
  error: r.error,
});

/** The backup_runs table: one row per run, newest read first. */
export function backupRunsRepo(db: Database) {
  const insert = db.query(
    "INSERT INTO backup_runs (at, ok, verified, bytes, name, targets, error) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const recent = db.query<Row, [number]>(
    "SELECT at, ok, verified, bytes, name, targets, error FROM backup_runs ORDER BY at DESC, id DESC LIMIT ?",
  );
  const lastGood = db.query<Row, []>(
    "SELECT at, ok, verified, bytes, name, targets, error FROM backup_runs WHERE ok = 1 ORDER BY at DESC, id DESC LIMIT 1",
  );
  return {
    add(run: RunRecord) {
      insert.run(
        run.at,
        run.ok ? 1 : 0,
        run.verified ? 1 : 0,
        run.bytes,
        run.name,
        JSON.stringify(run.targets),
        run.error,
      );
    },
    recent: (limit: number) => recent.all(limit).map(toRun),
    lastGood: () => {
      const row = lastGood.get();
      return row ? toRun(row) : null;
    },
  };
}

export type BackupRuns = ReturnType<typeof backupRunsRepo>;
