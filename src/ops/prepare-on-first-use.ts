import type { Database } from "../db/index";

/**
 * Runs `build` with `db.prepare` answering statements that are compiled when first used, not when asked for
 * (ADR 308). The composition root prepares every feature's statements, some 1,300 of them, most of which a
 * given run never uses: compiled up front they were a third of the start's composing (20-45 ms on a loaded
 * 2-core machine) before the server could listen. A statement compiles at its first call instead, once; an
 * error in its SQL shows there, where every feature's tests run it. What `build` prepares after it returns
 * (a feature preparing on demand) is compiled at once, as before.
 */
export function prepareOnFirstUse<T>(db: Database, build: () => T): T {
  const had = Object.hasOwn(db, "prepare");
  const prepare = db.prepare;
  (db as { prepare: unknown }).prepare = (sql: string, ...rest: unknown[]) =>
    onFirstUse(() => (prepare as (...a: unknown[]) => object).call(db, sql, ...rest));
  try {
    return build();
  } finally {
    if (had) (db as { prepare: unknown }).prepare = prepare;
    else delete (db as { prepare?: unknown }).prepare;
  }
}

/** A stand-in for a statement that makes it on first use and then answers as it does, methods bound once. */
function onFirstUse(make: () => object): never {
  let real: object | null = null;
  const bound = new Map<PropertyKey, unknown>();
  const statement = () => {
    real ??= make();
    return real;
  };
  return new Proxy(
    {},
    {
      get(_, prop) {
        const known = bound.get(prop);
        if (known !== undefined) return known;
        const s = statement();
        const value = Reflect.get(s, prop, s);
        if (typeof value !== "function") return value;
        const method = value.bind(s);
        bound.set(prop, method);
        return method;
      },
      has: (_, prop) => Reflect.has(statement(), prop),
    },
  ) as never;
}
