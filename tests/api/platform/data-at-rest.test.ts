import type { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { createApp } from "../../../src/app";
import {
  createDataCipher,
  DataKeyError,
  ENCRYPTED_COLUMNS,
  ENCRYPTED_PREFIX,
  storedKeyId,
} from "../../../src/db/cipher";
import { encryptedColumnsPresent, rotateStoredValues } from "../../../src/db/encryption";
import { closeDatabase } from "../../../src/db/index";
import { MANIFEST } from "../../../src/generated/assets";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { DATABASE_FILE, openDataStore } from "../../../src/ops/data-store";
import { newDataKey } from "../../../src/ops/keys-cli";
import { post, signIn, totpCode, withCookie } from "../../helpers/admin";
import { loadTestConfig, ORIGIN } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { earlierVersionFolder } from "../../helpers/earlier-version";
import { markedIntake, marker } from "../../helpers/markers";
import { freePorts } from "../../helpers/ports";

setDefaultTimeout(30_000);

const USER = "morgan";
const PASSWORD = "trace every transfer";
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-at-rest-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The server's own start on a data folder (key checks, upgrade), then the app on it through app.handle. */
function serve(dataDir: string, env: Record<string, string> = {}, extra: Record<string, string> = {}) {
  const config = loadTestConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    // The desk is what these tests look at; two-step sign-in at first sign-in is tested with the staff screens.
    REQUIRE_MFA: "false",
    TRUST_PROXY: "1",
    ...env,
    ...extra,
  });
  const store = openDataStore(config);
  const { db } = store;
  const app = createApp({ config, store, manifest: MANIFEST });
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`${ORIGIN}${path}`, init));
  return { db, store, app, request, close: () => closeDatabase(db) };
}

let address = 1;
async function fileIntake(request: ReturnType<typeof serve>["request"], intake: Record<string, unknown>) {
  const res = await request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${address++}` },
    body: JSON.stringify(intake),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) =>
  (await (await res).json()) as T;

type Detail = {
  submission: Record<string, unknown> & { id: number; reference: string };
  notes: { body: string }[];
  mail: { lastError: string | null }[];
};

/** Every non-null value of every listed column that this database has. */
function listedValues(db: Database): { where: string; value: string }[] {
  const values: { where: string; value: string }[] = [];
  for (const t of encryptedColumnsPresent(db)) {
    for (const c of t.columns) {
      for (const r of db.query(`SELECT "${c}" AS v FROM "${t.table}" WHERE "${c}" IS NOT NULL`).all() as {
        v: string;
      }[]) {
        values.push({ where: `${t.table}.${c}`, value: r.v });
      }
    }
  }
  return values;
}

describe("what is stored, and what the desk shows", () => {
  const [SMTP_PORT = 0] = freePorts(1);
  // A mail server that refuses the marked address with a message quoting it, as real servers do.
  const refused: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(addr, _session, callback) {
      if (refused.includes(addr.address)) {
        return callback(
          Object.assign(new Error(`<${addr.address}>: Recipient address rejected`), { responseCode: 550 }),
        );
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  const dataDir = freshDir();
  const { intake, markers, all } = markedIntake(new Date(), "Api");
  refused.push(`${markers.email}@example.com`);
  const noteMarker = marker("Note");
  let server: ReturnType<typeof serve>;
  let cookie = "";
  let totpSecret = "";

  test("an intake, a note, a refused mail and an MFA enrolment leave only ciphertext in every listed column", async () => {
    await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
    server = serve(dataDir, { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` });
    const reference = await fileIntake(server.request, intake);
    await server.app.decorator.mailOutbox.runOnce();
    cookie = await signIn(server.request, USER, PASSWORD);
    const id = contactSubmissions(server.store).idsByEmail(`${markers.email}@EXAMPLE.com`)[0] as number;
    expect(id).toBeGreaterThan(0);
    const patched = await server.request(
      `/api/admin/submissions/${id}`,
      withCookie(cookie, { ...post({ note: `Called back: ${noteMarker}` }), method: "PATCH" }),
    );
    expect(patched.status).toBe(200);
    const enrol = await json<{ secret: string }>(
      server.request("/api/admin/account/mfa/enrol", withCookie(cookie, post())),
    );
    totpSecret = enrol.secret;
    // The pending secret is stored encrypted too.
    const pending = server.db.query("SELECT totp_pending_secret AS s FROM admin_users").get() as {
      s: string;
    };
    expect(pending.s).toStartWith(ENCRYPTED_PREFIX);

    const values = listedValues(server.db);
    expect(values.filter((v) => !v.value.startsWith(ENCRYPTED_PREFIX))).toEqual([]);
    const where = new Set(values.map((v) => v.where));
    for (const column of [
      "contact_submissions.name",
      "contact_submissions.firm",
      "contact_submissions.email",
      "contact_submissions.phone",
      "contact_submissions.jurisdictions",
      "contact_submissions.description",
      "contact_submissions.email_error",
      "submission_notes.body",
      "mail_outbox.last_error",
      "admin_users.totp_pending_secret",
    ]) {
      expect(where).toContain(column);
    }

    // The desk reads it all back in plain text: detail, notes, the mail error quoting the address.
    const detail = await json<Detail>(server.request(`/api/admin/submissions/${id}`, withCookie(cookie)));
    expect(detail.submission).toMatchObject({
      reference,
      name: `Dana ${markers.name}`,
      firm: `${markers.firm} LLP`,
      email: `${markers.email}@example.com`,
      phone: markers.phone,
    });
    expect(String(detail.submission.description)).toContain(markers.description);
    expect(String(detail.submission.jurisdictions)).toContain(markers.jurisdictions);
    expect(String(detail.submission.emailError)).toContain(`${markers.email}@example.com`);
    expect(detail.notes.map((n) => n.body)).toEqual([`Called back: ${noteMarker}`]);
    expect(detail.mail.some((m) => m.lastError?.includes(`${markers.email}@example.com`))).toBe(true);
    const csv = await (await server.request("/api/admin/submissions/export.csv", withCookie(cookie))).text();
    for (const m of all) expect(csv).toContain(m);
  });

  test("enrolment confirmed: the active secret is stored encrypted and signs in", async () => {
    const confirm = await server.request(
      "/api/admin/account/mfa/confirm",
      withCookie(cookie, post({ code: totpCode(totpSecret) })),
    );
    expect(confirm.status).toBe(200);
    const row = server.db
      .query("SELECT totp_secret AS s, totp_pending_secret AS p FROM admin_users")
      .get() as { s: string; p: string | null };
    expect(row.s).toStartWith(ENCRYPTED_PREFIX);
    expect(row.p).toBeNull();
    expect(server.store.cipher.decrypt(row.s)).toBe(totpSecret);
    const first = await server.request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    expect(await first.json()).toMatchObject({ mfaRequired: true });
  });

  test("the desk finds requests by any part of name, e-mail or firm in any letter case, with filters and paging", async () => {
    const { request, db } = server;
    for (let i = 0; i < 3; i++) {
      await fileIntake(
        request,
        markedIntake(new Date(), `Many${i}`).intake as Record<string, unknown> & { firm: string },
      );
    }
    await fileIntake(request, { ...markedIntake(new Date()).intake, name: "Priya Raman", firm: null });
    const list = (q: string, extra = "") =>
      json<{ total: number; items: { name: string }[]; pageCount: number }>(
        request(`/api/admin/submissions?q=${encodeURIComponent(q)}${extra}`, withCookie(cookie)),
      );
    expect((await list(markers.name.toUpperCase())).items.map((i) => i.name)).toEqual([
      `Dana ${markers.name}`,
    ]);
    expect((await list(markers.email.slice(2, 14))).total).toBe(1);
    expect((await list(`${markers.firm.toLowerCase()} llp`)).total).toBe(1);
    expect((await list("PRIYA")).items.map((i) => i.name)).toEqual(["Priya Raman"]);
    // Every marked intake has "Dana" in its name: paging over the search's matches.
    const paged = await list("dana", "&pageSize=2&page=2");
    expect(paged).toMatchObject({ total: 4, pageCount: 2 });
    expect(paged.items).toHaveLength(2);
    expect((await list("dana", "&status=engaged")).total).toBe(0);
    expect((await list("no such person")).total).toBe(0);
    // % and _ are plain characters, not patterns.
    expect((await list("%")).total).toBe(0);

    // A deleted request leaves the search at once.
    const priya = (await list("priya")).items[0] as unknown as { id: number };
    const removed = await request(
      `/api/admin/submissions/${priya.id}`,
      withCookie(cookie, { ...post(), method: "DELETE" }),
    );
    expect(removed.status).toBe(200);
    expect((await list("priya")).total).toBe(0);
    expect(db.query("SELECT count(*) AS n FROM contact_submissions").get()).toEqual({ n: 4 });
  });

  test("after a restart the index is built from the stored (encrypted) rows", async () => {
    server.close();
    server = serve(dataDir);
    // The session outlives the restart (it is in the database, the cookie secret in the data folder).
    const found = await json<{ total: number }>(
      server.request(
        `/api/admin/submissions?q=${encodeURIComponent(markers.name.toLowerCase())}`,
        withCookie(cookie),
      ),
    );
    expect(found.total).toBe(1);
    server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
});

describe("upgrade from an earlier version that stored everything in clear", () => {
  test("every value is encrypted at start, no clear copy survives in the file or its WAL, and the desk reads them", async () => {
    const kept = [markedIntake(new Date(), "Old1"), markedIntake(new Date(), "Old2")];
    const deleted = markedIntake(new Date(), "Gone");
    const dataDir = earlierVersionFolder(freshDir(), kept, deleted.intake);
    const everyMarker = [...kept.flatMap((k) => k.all), ...deleted.all];
    // The copy really holds them in clear to begin with, the deleted request's too.
    const found = new Set(scanForMarkers([dataDir], everyMarker).map((f) => f.marker));
    expect(everyMarker.filter((m) => !found.has(m))).toEqual([]);

    const server = serve(dataDir);
    expect(listedValues(server.db).filter((v) => !v.value.startsWith(ENCRYPTED_PREFIX))).toEqual([]);
    const hashes = server.db.query("SELECT email_hash AS h FROM contact_submissions").all() as {
      h: string;
    }[];
    expect(hashes.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
    expect(contactSubmissions(server.store).idsByEmail(String(kept[0]?.intake.email))).toHaveLength(1);
    expect(server.db.query("SELECT scrub_pending AS p FROM data_at_rest").get()).toEqual({ p: 0 });
    expect(scanForMarkers([dataDir], everyMarker)).toEqual([]);

    const cookie = await signIn(server.request, USER, PASSWORD);
    const list = await json<{ items: { id: number; name: string }[] }>(
      server.request(`/api/admin/submissions?q=${kept[1]?.markers.name}`, withCookie(cookie)),
    );
    expect(list.items.map((i) => i.name)).toEqual([`Dana ${kept[1]?.markers.name}`]);
    const detail = await json<Detail>(
      server.request(`/api/admin/submissions/${list.items[0]?.id}`, withCookie(cookie)),
    );
    expect(detail.notes[0]?.body).toBe(`Note about Dana ${kept[1]?.markers.name}`);
    expect(detail.mail[0]?.lastError).toContain(String(kept[1]?.intake.email));
    server.close();
    expect(scanForMarkers([dataDir], everyMarker)).toEqual([]);
  });
});

describe("a data key that does not fit", () => {
  const dataDir = freshDir();
  const KEY = newDataKey();
  const { intake, markers } = markedIntake(new Date(), "Key");
  const sha = (file: string) => new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");

  test("a wrong DATA_KEY is refused before anything is written, and the right one reads everything", async () => {
    const first = serve(dataDir, { DATA_KEY: KEY });
    await fileIntake(first.request, intake);
    first.close();
    const before = sha(join(dataDir, DATABASE_FILE));

    const config = loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, DATA_KEY: newDataKey() });
    expect(() => openDataStore(config)).toThrow(DataKeyError);
    expect(() => openDataStore(config)).toThrow(/DATA_KEY/);
    expect(sha(join(dataDir, DATABASE_FILE))).toBe(before);
    expect(existsSync(join(dataDir, "data-key"))).toBe(false);

    const again = serve(dataDir, { DATA_KEY: KEY });
    expect(contactSubmissions(again.store).byId(1)?.name).toBe(`Dana ${markers.name}`);
    again.close();
  });

  test("without DATA_KEY and with the data-key file gone, no new key is made over encrypted data", async () => {
    const other = freshDir();
    const withData = serve(other);
    await fileIntake(withData.request, intake);
    withData.close();
    const before = sha(join(other, DATABASE_FILE));
    const keyFile = join(other, "data-key");
    const saved = readFileSync(keyFile, "utf8");
    unlinkSync(keyFile);
    const config = loadTestConfig({ DATA_DIR: other, PUBLIC_URL: ORIGIN });
    expect(() => openDataStore(config)).toThrow(/DATA_KEY is not set and .*data-key does not exist/);
    expect(existsSync(keyFile)).toBe(false);
    expect(sha(join(other, DATABASE_FILE))).toBe(before);
    // Restoring the file (or giving DATA_KEY) brings everything back.
    const restored = serve(other, { DATA_KEY: saved.trim() });
    expect(contactSubmissions(restored.store).byId(1)?.email).toBe(String(intake.email).trim().toLowerCase());
    restored.close();
  });
});

describe("rotation", () => {
  test("re-encrypts every value and e-mail hash with the new key; then the new key alone reads everything", async () => {
    const dataDir = freshDir();
    const OLD = newDataKey();
    const NEW = newDataKey();
    const marked = [markedIntake(new Date(), "Rot1"), markedIntake(new Date(), "Rot2")];
    const before = serve(dataDir, { DATA_KEY: OLD });
    for (const m of marked) await fileIntake(before.request, m.intake);
    const cookie = await signIn(before.request, USER, PASSWORD);
    await before.request("/api/admin/account/mfa/enrol", withCookie(cookie, post()));
    before.close();

    // Both keys configured, newest first: old values read, new ones written with the new key.
    const during = serve(dataDir, { DATA_KEY: `${NEW},${OLD}` });
    const [newId, oldId] = during.store.cipher.keyIds;
    const email = String(marked[0]?.intake.email);
    expect(contactSubmissions(during.store).idsByEmail(email)).toHaveLength(1);
    const result = rotateStoredValues(during.db, during.store.cipher, 1);
    expect(result.remaining).toBe(0);
    expect(result.rewritten).toBeGreaterThanOrEqual(2 * 6 + 1);
    const ids = new Set(listedValues(during.db).map((v) => storedKeyId(v.value)));
    expect([...ids]).toEqual([newId as string]);
    expect(ids.has(oldId as string)).toBe(false);
    const onlyNew = createDataCipher([Buffer.from(NEW, "base64")]);
    const stored = during.db.query("SELECT email_hash AS h FROM contact_submissions ORDER BY id").all() as {
      h: string;
    }[];
    expect(stored.map((r) => r.h)).toEqual(marked.map((m) => onlyNew.emailHash(String(m.intake.email))));
    during.close();

    const after = serve(dataDir, { DATA_KEY: NEW });
    const submissions = contactSubmissions(after.store);
    expect(submissions.byId(submissions.idsByEmail(email)[0] as number)?.name).toBe(
      `Dana ${marked[0]?.markers.name}`,
    );
    after.close();
    expect(() =>
      openDataStore(loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, DATA_KEY: OLD })),
    ).toThrow(/DATA_KEY cannot read/);
  });

  test("the list of encrypted columns names real columns of the current schema", () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const s = serve(dir);
    const present = encryptedColumnsPresent(s.db);
    expect(present.map((t) => ({ table: t.table, columns: t.columns }))).toEqual(
      ENCRYPTED_COLUMNS.map((t) => ({ table: t.table, columns: t.columns })),
    );
    s.close();
  });
});

describe("tracewell keys", () => {
  const MAIN = join(import.meta.dir, "..", "..", "..", "src", "main.ts");
  const cli = (args: string[], env: Record<string, string> = {}) => {
    const r = Bun.spawnSync([process.execPath, MAIN, "keys", ...args], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: freshDir(), ...env },
    });
    return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
  };

  test("generate prints a fresh key of 32 bytes in base64, and nothing else", () => {
    const a = cli(["generate"]);
    const b = cli(["generate"]);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
    expect(Buffer.from(a.stdout.trim(), "base64")).toHaveLength(32);
    expect(a.stdout).not.toBe(b.stdout);
  });

  test("an unknown action shows the usage (exit 2); a malformed DATA_KEY is refused naming it", () => {
    const usage = cli(["forget"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("tracewell keys rotate");
    const bad = cli(["rotate"], { DATA_KEY: "not-a-key" });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Invalid DATA_KEY");
  });
});
