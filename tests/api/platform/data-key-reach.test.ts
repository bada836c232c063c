import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { StaffInvitation } from "../../../src/contracts/staff";
import { closeDatabase } from "../../../src/db";
import { ENCRYPTED_COLUMNS, ENCRYPTED_FILES, ENCRYPTED_PREFIX, keyId } from "../../../src/db/cipher";
import { loadSealingCertificate } from "../../../src/modules/signing";
import { openDataStore } from "../../../src/ops/data-store";
import { newDataKey } from "../../../src/ops/keys-cli";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";
import { filesUnder } from "../../helpers/byte-scan";
import { deliverReport, portalClient } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * Everything the data key protects, wherever it lives: the database's listed columns and the data folder's listed
 * files. After a day's work that stores a value of every kind (a request and its note, a signed letter sealed by
 * the generated certificate, a delivered document, a data request, a pending second factor, a colleague invited,
 * joined and renamed), every encrypted value is in a listed column or file, and `keys rotate` leaves nothing
 * written with the old key: the new key alone then opens the data folder and seals with its certificate.
 */
const OLD = newDataKey();
const NEW = newDataKey();
const idOf = (key: string) => keyId(Buffer.from(key, "base64"));
const USER = "morgan";
const PASSWORD = "trace every transfer";
const MAIN = join(import.meta.dir, "..", "..", "..", "src", "main.ts");
const DATABASE_FILES = /^tracewell\.db(-wal|-shm)?$/;

const t = makeTestApp({ DATA_KEY: OLD, ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, PUBLIC_URL: ORIGIN });

/** Every text value of every column of every table that starts as `prefix` does, as "table.column". */
function columnsHolding(prefix: string): string[] {
  const found = new Set<string>();
  const tables = t.db
    .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  for (const { name: table } of tables) {
    const columns = t.db.query("SELECT name FROM pragma_table_info(?)").all(table) as { name: string }[];
    for (const { name: column } of columns) {
      const hit = t.db
        .query(`SELECT 1 FROM "${table}" WHERE substr(CAST("${column}" AS TEXT), 1, ?1) = ?2 LIMIT 1`)
        .get(prefix.length, prefix);
      if (hit) found.add(`${table}.${column}`);
    }
  }
  return [...found].sort();
}

/** The data folder's files besides the database whose text starts as `prefix` does, relative to the folder. */
const filesHolding = (prefix: string) =>
  filesUnder(t.dataDir)
    .map((file) => relative(t.dataDir, file))
    .filter((file) => !DATABASE_FILES.test(file))
    .filter((file) => readFileSync(join(t.dataDir, file)).subarray(0, prefix.length).toString() === prefix)
    .sort();

const LISTED_COLUMNS = new Set([
  ...ENCRYPTED_COLUMNS.flatMap((table) => table.columns.map((c) => `${table.table}.${c}`)),
  // The record of the keys in use holds one proof per key, by design (ADR 135).
  "data_keys_in_use.proof",
]);

describe("the data key's reach", () => {
  test("a day's work leaves every encrypted value in a listed column or a listed file", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    const client = await portalClient(t, new Date(), admin, { email: "dana@whitfieldmoss.example" });
    const noted = await t.request(
      `/api/admin/submissions/${client.submission.id}`,
      withCookie(admin, { ...post({ note: "Called back about the lake house." }), method: "PATCH" }),
    );
    expect(noted.status).toBe(200);
    await deliverReport(t, admin, client.submission.id);
    const asked = await t.request(
      "/api/admin/data-requests",
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "access" })),
    );
    expect(asked.status).toBe(201);
    expect((await t.request("/api/admin/account/mfa/enrol", withCookie(admin, post()))).status).toBe(200);
    const invited = await t.request(
      "/api/admin/staff/invitations",
      withCookie(admin, post({ email: "alex@tracewell.example", name: "Alex Rivera" })),
    );
    const token = ((await invited.json()) as StaffInvitation).link?.split("#")[1] ?? "";
    const joined = await t.request(
      "/api/admin/staff-invitation/accept",
      post({
        token,
        username: "alex",
        password: "maps of every asset",
        confirmPassword: "maps of every asset",
      }),
    );
    expect(joined.status).toBe(201);
    const renamed = await t.request(
      "/api/admin/staff/me",
      withCookie(cookieFrom(joined), { ...post({ displayName: "Alex R. Rivera" }), method: "PUT" }),
    );
    expect(renamed.status).toBe(200);

    const encryptedColumns = columnsHolding(ENCRYPTED_PREFIX);
    expect(encryptedColumns.filter((c) => !LISTED_COLUMNS.has(c))).toEqual([]);
    for (const expected of ["engagements.signed_pdf", "documents.file_key", "admin_users.display_name"])
      expect(encryptedColumns).toContain(expected);
    const encryptedFiles = filesHolding(ENCRYPTED_PREFIX);
    expect(encryptedFiles).toEqual(ENCRYPTED_FILES.map((f) => f.file));
  });

  test("keys rotate leaves no value and no file with the old key; the new key alone opens and seals", () => {
    const rotated = Bun.spawnSync([process.execPath, MAIN, "keys", "rotate"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: t.dataDir, DATA_KEY: `${NEW},${OLD}` },
    });
    expect({ code: rotated.exitCode, stderr: rotated.stderr.toString() }).toEqual({ code: 0, stderr: "" });
    expect(rotated.stdout.toString()).toContain("the sealing certificate");

    const oldPrefix = `${ENCRYPTED_PREFIX}${idOf(OLD)}:`;
    expect(columnsHolding(oldPrefix).filter((c) => c !== "data_keys_in_use.proof")).toEqual([]);
    expect(filesHolding(oldPrefix)).toEqual([]);
    expect(filesHolding(`${ENCRYPTED_PREFIX}${idOf(NEW)}:`)).toEqual(ENCRYPTED_FILES.map((f) => f.file));

    const config = loadTestConfig({ DATA_DIR: t.dataDir, PUBLIC_URL: ORIGIN, DATA_KEY: NEW });
    const store = openDataStore(config);
    try {
      const certificate = loadSealingCertificate({
        dataDir: t.dataDir,
        p12Path: undefined,
        passphrase: undefined,
        cipher: store.cipher,
        firmName: config.brand.name,
      });
      expect(certificate.p12.length).toBeGreaterThan(1000);
    } finally {
      closeDatabase(store.db);
    }
  });
});
