import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { prepareOnFirstUse } from "./prepare-on-first-use";

describe("statements prepared on first use", () => {
  test("answer as prepared ones do, and compile only when first run", () => {
    const db = new Database(":memory:", { strict: true });
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
    const { insert, all, missing } = prepareOnFirstUse(db, () => ({
      insert: db.prepare<never, [string]>("INSERT INTO t (v) VALUES (?)"),
      all: db.prepare<{ id: number; v: string }, []>("SELECT id, v FROM t ORDER BY id"),
      // A table that does not exist: nothing fails until the statement runs.
      missing: db.prepare("SELECT * FROM not_there"),
    }));
    insert.run("a");
    insert.run("b");
    expect(all.all()).toEqual([
      { id: 1, v: "a" },
      { id: 2, v: "b" },
    ]);
    expect(all.get()).toEqual({ id: 1, v: "a" });
    expect(() => missing.all()).toThrow(/no such table/);
    // Outside the build, prepare is the database's own again.
    expect(Object.hasOwn(db, "prepare")).toBe(false);
    expect(() => db.prepare("SELECT * FROM not_there")).toThrow(/no such table/);
  });
});
