import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { firmToday } from "../../src/contracts/firm-calendar";
import { post, signIn, withCookie } from "../helpers/admin";
import { makeTestApp } from "../helpers/app";
import { runBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";

/**
 * `tracewell retention --dry-run` against the built executable: the data is written by the app on a fixed clock
 * (2026-03-02), then the binary lists what the purge would delete on a given date, and deletes nothing.
 */
/** Each run starts the whole executable; a busy machine needs more than the default 5 s for a few of them. */
const CLI_TIMEOUT = 30_000;
/** The firm's zone, named: "today" is the firm's day there, which differs from UTC's every evening. */
const FIRM_ZONE = "America/New_York";
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T10:00:00.000Z") };
const { request, db, dataDir } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", REQUIRE_MFA: "false" },
  { now: () => clock.at },
);

async function cli(...args: string[]) {
  const run = await runBinary(["retention", ...args], {
    cwd: dataDir,
    env: { DATA_DIR: dataDir, LOG_LEVEL: "warn", FIRM_TIMEZONE: FIRM_ZONE },
  });
  return { code: run.code, out: run.stdout, err: run.stderr };
}

const refs: Record<string, string> = {};
const total = () => (db.query("SELECT count(*) AS n FROM contact_submissions").get() as { n: number }).n;

describe("tracewell retention --dry-run", () => {
  // Before the tests below: a declined, an engaged and a new request, decided on 2026-03-02.
  beforeAll(async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    let n = 1;
    for (const status of ["declined", "engaged", "new"]) {
      const res = await request("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${n}` },
        body: JSON.stringify(validIntake(clock.at, { email: `cli${n++}@example.com` })),
      });
      expect(res.status).toBe(201);
      const { reference } = (await res.json()) as { reference: string };
      refs[status] = reference;
      if (status === "new") continue;
      const { id } = db.query("SELECT id FROM contact_submissions WHERE reference = ?").get(reference) as {
        id: number;
      };
      const change = await request(
        `/api/admin/submissions/${id}`,
        withCookie(cookie, { ...post({ status }), method: "PATCH" }),
      );
      expect(change.status).toBe(200);
    }
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }, CLI_TIMEOUT);

  test(
    "the day before a declined request's 365 days run out: nothing",
    async () => {
      const { code, out } = await cli("--dry-run", "--as-of", "2027-03-01");
      expect(code).toBe(0);
      expect(out).toContain("Dry run: the purge on 2027-03-01 would delete nothing.");
    },
    CLI_TIMEOUT,
  );

  test(
    "on the day: the declined request, with its dates and rule, and nothing is deleted",
    async () => {
      const { code, out } = await cli("--dry-run", "--as-of=2027-03-02");
      expect(code).toBe(0);
      expect(out).toContain("would delete 1 request (nothing was deleted)");
      expect(out).toContain(
        `${refs.declined}\tdeclined\treceived 2026-03-02\tlast change 2026-03-02\tretention ended 2027-03-02\tdeclined or closed: kept 365 days after the last status change`,
      );
      expect(out).not.toContain(refs.engaged!);
      expect(total()).toBe(3);
    },
    CLI_TIMEOUT,
  );

  test(
    "seven years on: the engaged one too; the new one never",
    async () => {
      const { code, out } = await cli("--dry-run", "--as-of", "2100-01-01");
      expect(code).toBe(0);
      const listed = out
        .split("\n")
        .filter((l) => l.includes("\t"))
        .map((l) => l.split("\t")[0]);
      expect(listed).toEqual([refs.declined, refs.engaged]);
      expect(out).not.toContain(refs.new!);
      expect(total()).toBe(3);
    },
    CLI_TIMEOUT,
  );

  test(
    "reads without the data key and writes nothing",
    async () => {
      const key = join(dataDir, "data-key");
      const away = join(dataDir, "data-key.away");
      const files = () => readdirSync(dataDir).sort();
      renameSync(key, away);
      const before = files();
      const dbBytes = readFileSync(join(dataDir, "tracewell.db"));
      try {
        const { code, out } = await cli("--dry-run", "--as-of", "2100-01-01");
        expect(code).toBe(0);
        expect(out).toContain("would delete 2 requests (nothing was deleted)");
        expect(files()).toEqual(before);
        expect(readFileSync(join(dataDir, "tracewell.db")).equals(dbBytes)).toBe(true);
      } finally {
        renameSync(away, key);
      }
    },
    CLI_TIMEOUT,
  );

  test(
    "today by default",
    async () => {
      const { code, out } = await cli("--dry-run");
      expect(code).toBe(0);
      expect(out).toContain(`the purge on ${firmToday(new Date(), FIRM_ZONE)} would`);
    },
    CLI_TIMEOUT,
  );

  test(
    "a bad date or a missing --dry-run is refused with the usage, exit 2",
    async () => {
      for (const args of [
        ["--dry-run", "--as-of", "2027-02-30"],
        ["--dry-run", "--as-of"],
        [],
        ["--purge"],
      ]) {
        const { code, out, err } = await cli(...args);
        expect(code).toBe(2);
        expect(out).toBe("");
        expect(err).toContain("tracewell retention --dry-run [--as-of YYYY-MM-DD]");
      }
      expect((await cli("--dry-run", "--as-of", "tomorrow")).err).toContain(
        '--as-of needs a date as YYYY-MM-DD (got "tomorrow")',
      );
    },
    CLI_TIMEOUT,
  );
});
