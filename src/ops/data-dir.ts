import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config";
import { processUser, userName } from "../config-checks";

/**
 * The data folder must be writable by this process before anything opens it: SQLite's own errors (SQLITE_CANTOPEN,
 * "attempt to write a readonly database") and EROFS from mkdir name neither the setting nor the user, and come
 * with a stack. This names DATA_DIR, the user the process runs as, and what to do (ADR 284).
 */
export class DataDirError extends ConfigError {
  override name = "DataDirError";
}

const PROBE = ".write-probe";

/** Why `dir` cannot be written now, as one sentence, or undefined when a small file can be written and removed. */
export function dataDirProblem(dir: string): { code: string; reason: string } | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `${PROBE}-${process.pid}`);
    writeFileSync(probe, "ok\n", { mode: 0o600 });
    rmSync(probe, { force: true });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    return { code, reason: reasonOf(dir, code) };
  }
}

function reasonOf(dir: string, code: string): string {
  if (code === "EROFS") return `${dir} is on a read-only file system`;
  if (code === "ENOSPC") return `the disk holding ${dir} is full`;
  if (code === "EACCES" || code === "EPERM") {
    const owner = ownerOf(dir);
    return owner
      ? `${dir} is ${owner}, and user ${processUser()} may not write in it`
      : `user ${processUser()} may not write in ${dir}`;
  }
  return `${dir} cannot be written (${code})`;
}

function ownerOf(dir: string): string | undefined {
  try {
    const s = statSync(dir);
    return `owned by ${userName(s.uid) ?? "uid"} (uid ${s.uid}) with mode ${(s.mode & 0o7777).toString(8).padStart(4, "0")}`;
  } catch {
    return undefined;
  }
}

/** Throws DataDirError, one line with the fix, when the data folder cannot be written. */
export function assertDataDirWritable(dir: string): void {
  const problem = dataDirProblem(dir);
  if (!problem) return;
  const fix =
    problem.code === "EROFS"
      ? "under systemd (ProtectSystem=strict) only the unit's StateDirectory and ReadWritePaths are writable: use DATA_DIR=/var/lib/tracewell, or add the folder to ReadWritePaths"
      : problem.code === "EACCES" || problem.code === "EPERM"
        ? `give the folder to that user (chown -R ${userName(process.getuid?.() ?? -1) ?? process.getuid?.()} ${dir}; chmod 0700 ${dir}), or run the server as its owner`
        : problem.code === "ENOSPC"
          ? "free space on that disk, or move DATA_DIR to a larger one"
          : "check the folder and its parents";
  throw new DataDirError(`DATA_DIR ${dir} cannot be written: ${problem.reason}. Fix: ${fix}.`);
}

/** How long /readyz's data folder probe is trusted: a folder that stops being writable shows within this. */
export const DATA_DIR_CHECK_MS = 2000;

/**
 * /readyz's check of the data folder: "ok", or why a small file cannot be written in it (for the log). The
 * probe writes, syncs nothing and removes a file: cheap once, not at every call of a balancer polling each
 * second from several places. So its answer is kept `everyMs` (2 s): at most one probe file in that time,
 * and a folder remounted read-only, full or given away answers 503 within it.
 */
export function dataDirCheck(dir: string, opts: { everyMs?: number; now?: () => number } = {}) {
  const everyMs = opts.everyMs ?? DATA_DIR_CHECK_MS;
  const now = opts.now ?? Date.now;
  let last: { at: number; result: "ok" | { error: string } } | null = null;
  return (): "ok" | { error: string } => {
    const at = now();
    if (last && at - last.at < everyMs && at >= last.at) return last.result;
    const problem = dataDirProblem(dir);
    const error =
      problem &&
      (problem.reason.endsWith(`(${problem.code})`) ? problem.reason : `${problem.reason} (${problem.code})`);
    last = { at, result: error ? { error } : "ok" };
    return last.result;
  };
}
