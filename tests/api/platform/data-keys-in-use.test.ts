import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataKeyError, keyId } from "../../../src/db/cipher";
import { keysCoverRecord } from "../../../src/db/data-keys-in-use";
import { rotateStoredValues } from "../../../src/db/encryption";
import { closeDatabase, type Database } from "../../../src/db/index";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { DATABASE_FILE, openDataStore } from "../../../src/ops/data-store";
import { newDataKey } from "../../../src/ops/keys-cli";
import type { DataStore } from "../../../src/store";
import { loadTestConfig, ORIGIN } from "../../helpers/app";

/**
 * The start checks the data key against the record of the keys in use instead of reading every stored value
 * (ADR 135). What it protects is unchanged: a key that cannot read what is stored is refused, with the same
 * message, before anything is written, whatever the record says.
 */
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-keys-in-use-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const open = (dataDir: string, dataKey?: string) =>
  openDataStore(
    loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, ...(dataKey ? { DATA_KEY: dataKey } : {}) }),
  );

let n = 0;
/** One intake stored through the repository, as the server stores it (encrypted with the first key). */
function storeIntake(opened: DataStore) {
  n++;
  contactSubmissions(opened).create(
    {
      name: `Dana Whitfield ${n}`,
      firm: "Whitfield & Moss LLP",
      email: `dana${n}@whitfieldmoss.example`,
      phone: "(312) 555-0142",
      role: "attorney",
      matterType: "family-law",
      subjectType: "both",
      website: "",
      jurisdictions: "Cook County, IL",
      desiredService: "asset-map",
      description: "A lake house bought through an LLC.",
      acknowledgment: true,
    },
    {
      reference: `IR-KEYS-${String(n).padStart(4, "0")}`,
      submittedAt: new Date().toISOString(),
      emailError: null,
    },
  );
}

const recordOf = (db: Database) =>
  (db.query("SELECT key_id AS id FROM data_keys_in_use ORDER BY key_id").all() as { id: string }[]).map(
    (r) => r.id,
  );
const idOf = (key: string) => keyId(Buffer.from(key, "base64"));
const sha = (dataDir: string) =>
  new Bun.CryptoHasher("sha256").update(readFileSync(join(dataDir, DATABASE_FILE))).digest("hex");

describe("the record of the data keys in use", () => {
  test("a start records the key it writes with, and the next start is settled by the record alone", () => {
    const dataDir = freshDir();
    const KEY = newDataKey();
    const first = open(dataDir, KEY);
    storeIntake(first);
    expect(recordOf(first.db)).toEqual([idOf(KEY)]);
    closeDatabase(first.db);

    const again = open(dataDir, KEY);
    expect(keysCoverRecord(again.db, again.cipher)).toBe(true);
    expect(contactSubmissions(again).byId(1)?.name).toBe("Dana Whitfield 1");
    closeDatabase(again.db);
  });

  test("a wrong DATA_KEY over a recorded database is refused with the census's message, and nothing is written", () => {
    const dataDir = freshDir();
    const KEY = newDataKey();
    const first = open(dataDir, KEY);
    storeIntake(first);
    closeDatabase(first.db);
    const before = sha(dataDir);
    const WRONG = newDataKey();
    expect(() => open(dataDir, WRONG)).toThrow(DataKeyError);
    expect(() => open(dataDir, WRONG)).toThrow(
      `DATA_KEY cannot read the stored personal data: values were written with key ${idOf(KEY)}, and the configured key is ${idOf(WRONG)}.`,
    );
    expect(sha(dataDir)).toBe(before);
    const right = open(dataDir, KEY);
    expect(recordOf(right.db)).toEqual([idOf(KEY)]);
    closeDatabase(right.db);
  });

  test("a recorded key whose proof a configured key of that id does not decrypt is refused", () => {
    const dataDir = freshDir();
    const KEY = newDataKey();
    const first = open(dataDir, KEY);
    storeIntake(first);
    // The proof damaged (a byte of its ciphertext changed): the key no longer proves itself.
    const { proof } = first.db.query("SELECT proof FROM data_keys_in_use").get() as { proof: string };
    const flipped = `${proof.slice(0, -6)}${proof.slice(-6, -5) === "A" ? "B" : "A"}${proof.slice(-5)}`;
    first.db.query("UPDATE data_keys_in_use SET proof = ?").run(flipped);
    closeDatabase(first.db);
    expect(() => open(dataDir, KEY)).toThrow(
      /DATA_KEY cannot read the stored personal data: a value written with key/,
    );
  });

  test("after a rotation the new key alone is accepted once no value uses the old one, and the old key leaves the record", () => {
    const dataDir = freshDir();
    const OLD = newDataKey();
    const NEW = newDataKey();
    const before = open(dataDir, OLD);
    storeIntake(before);
    closeDatabase(before.db);
    const during = open(dataDir, `${NEW},${OLD}`);
    expect(recordOf(during.db)).toEqual([idOf(NEW), idOf(OLD)].sort());
    expect(rotateStoredValues(during.db, during.cipher).remaining).toBe(0);
    closeDatabase(during.db);

    const after = open(dataDir, NEW);
    expect(recordOf(after.db)).toEqual([idOf(NEW)]);
    closeDatabase(after.db);
    expect(() => open(dataDir, OLD)).toThrow(/DATA_KEY cannot read/);
  });

  test("values a server wrote with the old key after the rotation finished still refuse the new key alone", () => {
    const dataDir = freshDir();
    const OLD = newDataKey();
    const NEW = newDataKey();
    const server = open(dataDir, OLD);
    storeIntake(server);
    const rotation = open(dataDir, `${NEW},${OLD}`);
    expect(rotateStoredValues(rotation.db, rotation.cipher).remaining).toBe(0);
    closeDatabase(rotation.db);
    // The server, still running with the old key first, writes again.
    storeIntake(server);
    closeDatabase(server.db);

    expect(() => open(dataDir, NEW)).toThrow(
      `DATA_KEY cannot read the stored personal data: values were written with key ${idOf(OLD)}, and the configured key is ${idOf(NEW)}.`,
    );
    const both = open(dataDir, `${NEW},${OLD}`);
    expect(contactSubmissions(both).byId(2)?.name).toBe(`Dana Whitfield ${n}`);
    closeDatabase(both.db);
  });

  test("a data folder whose key file is gone but which holds no encrypted value gets a new key, as before", () => {
    const dataDir = freshDir();
    const first = open(dataDir);
    closeDatabase(first.db);
    const keyFile = join(dataDir, "data-key");
    const oldId = idOf(readFileSync(keyFile, "utf8").trim());
    unlinkSync(keyFile);
    const again = open(dataDir);
    const newId = idOf(readFileSync(keyFile, "utf8").trim());
    expect(newId).not.toBe(oldId);
    expect(recordOf(again.db)).toEqual([newId]);
    closeDatabase(again.db);
  });
});
