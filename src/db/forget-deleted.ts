import type { Database } from "bun:sqlite";
import type { Logger } from "../log";

/**
 * After personal data is deleted or cleared, older versions of its pages are still on disk: in the WAL, and
 * in the main file until the WAL is written back. `secure_delete` zeroes the row in its current page, so
 * writing the WAL back (a checkpoint) and emptying it leaves no copy that the data key beside the file could
 * open. A reader in another process (Litestream, a running `tracewell backup`) holds the snapshot it started
 * with: SQLite must keep the pages that snapshot reads, so the checkpoint cannot finish while it lasts.
 *
 * So the checkpoint's answer is read, never assumed: when a reader is in the way the scrub is owed and tried
 * again, on a timer, after 1 s, 2 s, 4 s ... then every minute, until it completes. No attempt waits (a busy
 * timeout here would freeze the server, whose database calls are synchronous). An owed scrub is logged once
 * when it starts waiting and once when it is done (ADR 105).
 */

export type ForgetOptions = {
  logger?: Pick<Logger, "info" | "warn">;
  /** Runs `retry` after `ms` and returns what cancels it; real timers that keep no process alive by default. */
  schedule?: (retry: () => void, ms: number) => () => void;
  now?: () => number;
};

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60_000;

type Scrub = {
  options: Required<ForgetOptions>;
  owed: boolean;
  afterCommit: boolean;
  waitingSince: number | null;
  attempts: number;
  delay: number;
  cancel: (() => void) | null;
};

const realTimer = (retry: () => void, ms: number) => {
  const timer = setTimeout(retry, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

const defaults = (): Required<ForgetOptions> => ({
  logger: { info() {}, warn() {} },
  schedule: realTimer,
  now: () => Date.now(),
});

const scrubs = new WeakMap<Database, Scrub>();
const afterForgetting = new WeakMap<Database, Array<() => void>>();

/**
 * What else leaves the disk once a deletion has committed: a feature that keeps personal data in files (the
 * portal's documents) registers here, and runs on every path that deletes, whichever feature deleted.
 */
export function onForgetting(db: Database, hook: () => void): void {
  afterForgetting.set(db, [...(afterForgetting.get(db) ?? []), hook]);
}

const runHooks = (db: Database) => {
  for (const hook of afterForgetting.get(db) ?? []) hook();
};

const scrubOf = (db: Database): Scrub => {
  let s = scrubs.get(db);
  if (!s) {
    s = {
      options: defaults(),
      owed: false,
      afterCommit: false,
      waitingSince: null,
      attempts: 0,
      delay: FIRST_RETRY_MS,
      cancel: null,
    };
    scrubs.set(db, s);
  }
  return s;
};

/** Where an owed scrub is reported, and how its retries are timed (tests pass their own timer). */
export function configureForgetting(db: Database, options: ForgetOptions): void {
  const s = scrubOf(db);
  s.options = { ...s.options, ...options };
}

/**
 * Call after every commit that deleted or cleared personal data (inside a transaction, it runs right after
 * the transaction's end instead). True when nothing older is left on disk now; false when a reader is in the
 * way and the retries have taken over.
 */
export function forgetDeleted(db: Database): boolean {
  const s = scrubOf(db);
  if (!s.owed) {
    s.owed = true;
    s.attempts = 0;
    s.delay = FIRST_RETRY_MS;
  }
  if (db.inTransaction) {
    // bun:sqlite transactions are synchronous: a microtask runs once this one has committed or rolled back.
    if (!s.afterCommit) {
      s.afterCommit = true;
      queueMicrotask(() => {
        s.afterCommit = false;
        runHooks(db);
        attempt(db, s);
      });
    }
    return false;
  }
  runHooks(db);
  return attempt(db, s);
}

/** After a write that deletes or clears personal data: forgets the old values when it changed a row. */
export function forgettingWrite(db: Database, changes: number): number {
  if (changes > 0) forgetDeleted(db);
  return changes;
}

/** Whether a scrub is still owed (a reader was in the way and has not let go yet). */
export const scrubOwed = (db: Database): boolean => scrubs.get(db)?.owed ?? false;

/**
 * Before the database closes: no more retries; one last checkpoint that may wait the busy timeout for a reader,
 * and a warning when a scrub is still owed after it. The next start tries again (openDataStore).
 */
export function forgetBeforeClose(db: Database): void {
  const s = scrubs.get(db);
  s?.cancel?.();
  const r = db.query("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number; log: number };
  if (s?.owed && !(r.busy === 0 && r.log <= 0)) {
    s.options.logger.warn("deleted_data_scrub_unfinished", { atClose: true });
  }
  scrubs.delete(db);
}

function attempt(db: Database, s: Scrub): boolean {
  s.cancel?.();
  s.cancel = null;
  s.attempts++;
  let done = false;
  try {
    done = !db.inTransaction && checkpointWithoutWaiting(db);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A handle closed under a pending retry (a command ending, a test's teardown) has nothing left to do here:
    // the next opening of the file empties a WAL left behind (openDataStore).
    if (/closed/i.test(message)) {
      s.owed = false;
      return false;
    }
    s.options.logger.warn("deleted_data_scrub_failed", { error: message });
  }
  if (done) {
    if (s.waitingSince !== null) {
      s.options.logger.info("deleted_data_scrubbed", {
        waitedMs: s.options.now() - s.waitingSince,
        attempts: s.attempts,
      });
    }
    s.owed = false;
    s.waitingSince = null;
    return true;
  }
  if (s.waitingSince === null) {
    s.waitingSince = s.options.now();
    s.options.logger.warn("deleted_data_scrub_waiting", {
      retryMs: s.delay,
    });
  }
  s.cancel = s.options.schedule(() => attempt(db, s), s.delay);
  s.delay = Math.min(s.delay * 2, LONGEST_RETRY_MS);
  return false;
}

/**
 * One `wal_checkpoint(TRUNCATE)` that gives up at once when another connection is in the way. Complete means
 * every frame written back and the WAL cut to nothing (log 0), or no WAL at all (-1, an in-memory database).
 */
function checkpointWithoutWaiting(db: Database): boolean {
  const { timeout } = db.query("PRAGMA busy_timeout").get() as { timeout: number };
  db.exec("PRAGMA busy_timeout = 0");
  try {
    const r = db.query("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number; log: number };
    return r.busy === 0 && r.log <= 0;
  } finally {
    db.exec(`PRAGMA busy_timeout = ${timeout}`);
  }
}
