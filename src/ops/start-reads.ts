import { readFileSync } from "node:fs";
import type { Database } from "../db/index";

/**
 * What a start read from the database before it listened (issue "Fast from the first second", ADR 308): the
 * statements run, the rows they handed back, and the bytes the process read from files meanwhile (Linux's
 * /proc/self/io `rchar`: SQLite reads its pages with pread, so a pass over every row shows here even when it
 * hands back one row, as a count does). None of the three may grow with what is stored.
 */
export type StartReads = {
  statements: number;
  rows: number;
  /** Null where the system does not say (not Linux). */
  bytes: number | null;
};

/** Bytes this process has read through read(2) and pread(2) so far, or null where /proc does not say. */
function bytesReadSoFar(): number | null {
  try {
    const io = readFileSync("/proc/self/io", "utf8");
    const m = /^rchar:\s*(\d+)$/m.exec(io);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

type Counted = { all: unknown; get: unknown; values: unknown; run: unknown; iterate: unknown };
const COUNTED = ["all", "get", "values", "run", "iterate"] as const;

/**
 * Counts what `db` reads from now until `stop()`: every statement prepared through `db.query` or `db.prepare`
 * (or run by `db.exec`/`db.run`) counts each run and the rows it hands back while counting. A statement prepared
 * meanwhile and run later (the features prepare theirs at the start) adds nothing once stopped. `stop()` puts
 * the database's own methods back and answers the figures. The SQL of each statement run is kept when `sql` is
 * given, with its runs and rows, to be explained (EXPLAIN QUERY PLAN) by whoever asks.
 */
export function countReads(db: Database, sql?: Map<string, { runs: number; rows: number }>) {
  let counting = true;
  let statements = 0;
  let rows = 0;
  const bytesAtStart = bytesReadSoFar();
  const seen = new WeakSet<object>();
  const original = { query: db.query, prepare: db.prepare, exec: db.exec, run: db.run };

  const note = (text: string, n: number) => {
    statements++;
    rows += n;
    if (!sql) return;
    const entry = sql.get(text) ?? { runs: 0, rows: 0 };
    entry.runs++;
    entry.rows += n;
    sql.set(text, entry);
  };

  const watch = <S extends object>(statement: S, text: string): S => {
    if (seen.has(statement)) return statement;
    seen.add(statement);
    const s = statement as unknown as Counted;
    for (const name of COUNTED) {
      const method = s[name] as (...args: unknown[]) => unknown;
      s[name] = (...args: unknown[]) => {
        const result = method.apply(statement, args);
        if (!counting) return result;
        if (name === "iterate") {
          const rowsOf = result as Iterable<unknown>;
          return (function* () {
            let n = 0;
            try {
              for (const row of rowsOf) {
                n++;
                yield row;
              }
            } finally {
              note(text, n);
            }
          })();
        }
        note(text, Array.isArray(result) ? result.length : result == null || name === "run" ? 0 : 1);
        return result;
      };
    }
    return statement;
  };

  const counted = db as unknown as Record<keyof typeof original, (...args: unknown[]) => unknown>;
  counted.query = (text: unknown, ...rest: unknown[]) =>
    watch(original.query.call(db, text as string, ...(rest as [])) as object, String(text));
  counted.prepare = (text: unknown, ...rest: unknown[]) =>
    watch(original.prepare.call(db, text as string, ...(rest as [])) as object, String(text));
  counted.exec = (text: unknown, ...rest: unknown[]) => {
    if (counting) note(String(text), 0);
    return original.exec.call(db, text as string, ...(rest as []));
  };
  counted.run = counted.exec;

  return {
    stop(): StartReads {
      counting = false;
      // The database's own methods are its prototype's: the counting ones leave it.
      for (const name of Object.keys(original)) delete (db as unknown as Record<string, unknown>)[name];
      const bytesNow = bytesReadSoFar();
      return {
        statements,
        rows,
        bytes: bytesAtStart === null || bytesNow === null ? null : bytesNow - bytesAtStart,
      };
    },
  };
}

export type ReadCounter = ReturnType<typeof countReads>;
