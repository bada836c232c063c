import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { countReads } from "./start-reads";

describe("the start's read counter", () => {
  test("counts the statements run and the rows handed back until stopped, then nothing", () => {
    const db = new Database(":memory:", { strict: true });
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    for (let i = 0; i < 50; i++) db.query("INSERT INTO t DEFAULT VALUES").run();
    const sql = new Map<string, { runs: number; rows: number }>();
    const counter = countReads(db, sql);
    const page = db.prepare("SELECT id FROM t ORDER BY id LIMIT ?");
    expect(page.all(10)).toHaveLength(10);
    expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 50 });
    expect([...db.query("SELECT id FROM t LIMIT 3").iterate()]).toHaveLength(3);
    const reads = counter.stop();
    expect(reads).toMatchObject({ statements: 3, rows: 14 });
    expect(sql.get("SELECT id FROM t ORDER BY id LIMIT ?")).toEqual({ runs: 1, rows: 10 });
    // A statement prepared while counting and run after adds nothing; the database's methods are its own.
    expect(page.all(50)).toHaveLength(50);
    expect(counter.stop()).toMatchObject({ statements: 3, rows: 14 });
    expect(Object.hasOwn(db, "query")).toBe(false);
  });
});
