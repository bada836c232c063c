import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom, totpCode } from "../helpers/admin";
import { binaryEnv, killStarted, runBinary, startBinary } from "../helpers/binary";
import { filesUnder, scanForMarkers } from "../helpers/byte-scan";
import { earlierVersionFolder } from "../helpers/earlier-version";
import { markedIntake, marker } from "../helpers/markers";
import { freePorts } from "../helpers/ports";
import { type SendInit, sender } from "../helpers/send";
import { smtpServer } from "../helpers/smtp";
import { waitUntil } from "../helpers/wait";

/**
 * The promise "encrypted at rest", checked on the built executable as an operator runs it: marker strings in
 * every personal field, then every byte of every file under DATA_DIR and of a backup is searched for them.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const dirs: string[] = [];
const [SMTP_PORT = 0, ...PORTS] = freePorts(6);
afterAll(() => {
  killStarted();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-at-rest-"));
  dirs.push(dir);
  return dir;
};

const SETTINGS = {
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  // The admin enrols by hand below; enrolment at first sign-in is tested with the staff screens.
  REQUIRE_MFA: "false",
};

const send = (base: string, path: string, init?: SendInit) => sender(base)(path, init);

async function signIn(base: string): Promise<string> {
  const res = await send(base, "/api/admin/login", { body: { username: USER, password: PASSWORD } });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

const sha = (file: string) => new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");

describe("personal data on disk", () => {
  const root = freshDir();
  const dataDir = join(root, "data");
  const port = PORTS[0] as number;
  const settings = { ...SETTINGS, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` };
  const env = binaryEnv(dataDir, port, settings);
  const { intake, markers, all } = markedIntake(new Date(), "Disk");
  // The marked address is refused, and the stored error quotes it.
  const smtp = smtpServer(SMTP_PORT, { refuse: [`${markers.email}@example.com`] });
  const noteMarker = marker("Note");
  const everyMarker = [...all, noteMarker];
  let recoveryCodes: string[] = [];

  test("markers in every field are in no file under DATA_DIR nor in a backup, while the desk shows them", async () => {
    await smtp.listen();
    const server = await startBinary({ dataDir, port, env: settings });
    expect(statSync(join(dataDir, "data-key")).mode & 0o777).toBe(0o600);

    const filed = await send(server.base, "/api/contact", { body: intake });
    expect(filed.status).toBe(201);
    const { reference } = (await filed.json()) as { reference: string };
    const cookie = await signIn(server.base);
    const list = (await (
      await send(server.base, `/api/admin/submissions?q=${markers.name.toLowerCase()}`, { cookie })
    ).json()) as { items: { id: number; reference: string }[] };
    expect(list.items.map((i) => i.reference)).toEqual([reference]);
    const id = list.items[0]?.id;
    const noted = await send(server.base, `/api/admin/submissions/${id}`, {
      method: "PATCH",
      body: { note: `Called back: ${noteMarker}` },
      cookie,
    });
    expect(noted.status).toBe(200);
    // A data-rights request from the same address: the address is stored too (encrypted) while it is open.
    const dataRequest = await send(server.base, "/api/admin/data-requests", {
      body: { email: `${markers.email.toUpperCase()}@example.com`, kind: "access" },
      cookie,
    });
    expect(dataRequest.status).toBe(201);
    expect(((await dataRequest.json()) as { references: string[] }).references).toEqual([reference]);
    const enrol = (await (
      await send(server.base, "/api/admin/account/mfa/enrol", { body: {}, cookie })
    ).json()) as { secret: string };
    everyMarker.push(enrol.secret);
    const confirmed = await send(server.base, "/api/admin/account/mfa/confirm", {
      body: { code: totpCode(enrol.secret) },
      cookie,
    });
    expect(confirmed.status).toBe(200);
    recoveryCodes = ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;

    // The refused confirmation is recorded with the address it quotes.
    let detail: {
      submission: Record<string, unknown>;
      notes: { body: string }[];
      mail: { lastError: string }[];
    };
    detail = await waitUntil(
      "the refused mail's attempt",
      async () => {
        const shown: typeof detail = await (
          await send(server.base, `/api/admin/submissions/${id}`, { cookie })
        ).json();
        return shown.mail.some((m) => m.lastError?.includes(markers.email)) && shown;
      },
      { timeoutMs: 10_000, everyMs: 50 },
    );
    const shown = JSON.stringify(detail);
    for (const m of all) expect(shown).toContain(m);
    expect(String(detail.submission.emailError)).toContain(markers.email);
    expect(detail.notes[0]?.body).toBe(`Called back: ${noteMarker}`);
    const csv = await (await send(server.base, "/api/admin/submissions/export.csv", { cookie })).text();
    for (const m of all) expect(csv).toContain(m);

    // An uploaded resource, so the uploads folder is part of the scan too.
    const form = new FormData();
    form.set("title", "Lien Search Worksheet");
    form.set("description", "A worksheet for recording lien searches county by county.");
    form.set("file", new File(["%PDF-1.4\n%%EOF\n"], "worksheet.pdf", { type: "application/pdf" }));
    const uploaded = await fetch(`${server.base}/api/admin/resources`, {
      method: "POST",
      headers: { origin: server.base, cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    // While it serves: the database, its WAL and SHM, the uploads.
    const scanned = filesUnder(dataDir).map((f) => f.slice(dataDir.length + 1));
    for (const file of ["tracewell.db", "tracewell.db-wal", "tracewell.db-shm"])
      expect(scanned).toContain(file);
    expect(scanned.some((f) => f.startsWith("uploads/"))).toBe(true);
    expect(scanForMarkers([dataDir], everyMarker)).toEqual([]);
    // A backup taken now: no marker, and no copy of the key.
    const target = join(root, "backups", "copy.db");
    const backup = await runBinary(["backup", target], { env });
    expect(backup.code).toBe(0);
    const key = readFileSync(join(dataDir, "data-key"), "utf8").trim();
    const backupFiles = filesUnder(join(root, "backups"));
    expect(backupFiles.length).toBeGreaterThan(0);
    expect(scanForMarkers(backupFiles, [...everyMarker, key])).toEqual([]);

    expect(await server.stop()).toBe(0);
    expect(scanForMarkers([dataDir], everyMarker)).toEqual([]);
    await smtp.close();
  }, 60_000);

  test("a wrong key, or a lost key file, refuses to start and loses nothing", async () => {
    const db = join(dataDir, "tracewell.db");
    const before = sha(db);
    const files = filesUnder(dataDir).sort();

    const wrongKey = (await runBinary(["keys", "generate"], { env })).stdout.trim();
    const wrong = await runBinary([], { env: { ...env, DATA_KEY: wrongKey } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("DATA_KEY cannot read the stored personal data");
    expect(sha(db)).toBe(before);

    const keyFile = join(dataDir, "data-key");
    renameSync(keyFile, join(root, "data-key.safe"));
    const lost = await runBinary([], { env });
    expect(lost.code).toBe(1);
    expect(lost.stderr).toMatch(/DATA_KEY is not set and .*data-key does not exist/);
    expect(existsSync(keyFile)).toBe(false);
    expect(sha(db)).toBe(before);
    expect(filesUnder(dataDir).sort()).toEqual(files.filter((f) => f !== keyFile));

    // With its key back, everything reads.
    renameSync(join(root, "data-key.safe"), keyFile);
    const server = await startBinary({ dataDir, port, env: { ...settings, SMTP_URL: "" } });
    // The admin's second factor, stored encrypted, still works: the password, then a recovery code.
    const pending = await signIn(server.base);
    const second = await send(server.base, "/api/admin/login/mfa", {
      body: { recoveryCode: recoveryCodes[0] },
      cookie: pending,
    });
    expect(second.status).toBe(200);
    const cookie = cookieFrom(second);
    const list = await send(server.base, `/api/admin/submissions?q=${markers.name}`, { cookie });
    expect(((await list.json()) as { items: { name: string }[] }).items).toMatchObject([
      { name: `Dana ${markers.name}` },
    ]);
    expect(await server.stop()).toBe(0);
  }, 30_000);
});

describe("rotation while serving", () => {
  test("keys rotate under load, then the new key alone reads every request", async () => {
    const dataDir = join(freshDir(), "data");
    const port = PORTS[1] as number;
    const generate = async () =>
      (await runBinary(["keys", "generate"], { env: binaryEnv(dataDir, port, SETTINGS) })).stdout.trim();
    const oldKey = await generate();
    const newKey = await generate();
    expect(Buffer.from(newKey, "base64")).toHaveLength(32);
    expect(newKey).not.toBe(oldKey);

    const first = await startBinary({ dataDir, port, env: { ...SETTINGS, DATA_KEY: oldKey } });
    const marked = Array.from({ length: 30 }, (_, i) => markedIntake(new Date(), `Rot${i}`));
    for (const m of marked)
      expect((await send(first.base, "/api/contact", { body: m.intake })).status).toBe(201);
    expect(await first.stop()).toBe(0);

    // The documented order: restart with both keys (newest first), rotate while it serves, then drop the old.
    const both = { ...SETTINGS, DATA_KEY: `${newKey},${oldKey}` };
    const server = await startBinary({ dataDir, port, env: both });
    const cookie = await signIn(server.base);
    const statuses: number[] = [];
    let filed = marked.length;
    let loading = true;
    const load = (async () => {
      while (loading) {
        const [a, b] = await Promise.all([
          send(server.base, "/api/contact", { body: markedIntake(new Date(), "Load").intake }),
          send(server.base, "/api/admin/submissions?q=dana&pageSize=100", { cookie }),
        ]);
        statuses.push(a.status, b.status);
        if (a.status === 201) filed++;
      }
    })();
    // The load is under way before the rotation starts, and goes on after it ends.
    const filedBefore = filed;
    await waitUntil("intakes filed under load", () => filed >= filedBefore + 2, { timeoutMs: 20_000 });
    const {
      code,
      stdout: out,
      stderr: err,
    } = await runBinary(["keys", "rotate"], { env: binaryEnv(dataDir, port, both) });
    const filedDuring = filed;
    await waitUntil("an intake filed after the rotation", () => filed > filedDuring, { timeoutMs: 20_000 });
    loading = false;
    await load;
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toMatch(/Re-encrypted \d+ values with key/);
    expect(out).toContain("are no longer needed");
    expect(statuses.length).toBeGreaterThan(4);
    expect(statuses.filter((s) => s !== 201 && s !== 200)).toEqual([]);
    expect(await server.stop()).toBe(0);

    // Only the new key now: every request, old and filed during the rotation, reads.
    const after = await startBinary({ dataDir, port, env: { ...SETTINGS, DATA_KEY: newKey } });
    const again = await signIn(after.base);
    const all = (await (
      await send(after.base, "/api/admin/submissions?pageSize=1", { cookie: again })
    ).json()) as { total: number };
    expect(all.total).toBe(filed);
    const one = marked[7] as (typeof marked)[number];
    const found = (await (
      await send(after.base, `/api/admin/submissions?q=${one.markers.firm}`, { cookie: again })
    ).json()) as { items: { id: number }[] };
    const detail = (await (
      await send(after.base, `/api/admin/submissions/${found.items[0]?.id}`, { cookie: again })
    ).json()) as { submission: { description: string; email: string } };
    expect(detail.submission.description).toContain(one.markers.description);
    expect(detail.submission.email).toBe(`${one.markers.email}@example.com`);
    expect(await after.stop()).toBe(0);

    // And the old key alone no longer can.
    const old = await runBinary([], { env: binaryEnv(dataDir, port, { ...SETTINGS, DATA_KEY: oldKey }) });
    expect(old.code).toBe(1);
    expect(old.stderr).toContain("DATA_KEY");
  }, 90_000);
});

describe("upgrade from a version that stored personal data in clear", () => {
  test("the first start encrypts every value, and no clear copy survives in any file", async () => {
    const kept = [markedIntake(new Date(), "Old1"), markedIntake(new Date(), "Old2")];
    const deleted = markedIntake(new Date(), "Gone");
    const dataDir = earlierVersionFolder(freshDir(), kept, deleted.intake);
    const everyMarker = [...kept.flatMap((k) => k.all), ...deleted.all];
    expect(scanForMarkers([dataDir], everyMarker).length).toBeGreaterThan(0);

    const server = await startBinary({ dataDir, port: PORTS[2] as number, env: SETTINGS });
    expect(scanForMarkers([dataDir], everyMarker)).toEqual([]);
    const cookie = await signIn(server.base);
    const list = (await (
      await send(server.base, `/api/admin/submissions?q=${kept[0]?.markers.email}`, { cookie })
    ).json()) as { items: { name: string; firm: string }[] };
    expect(list.items).toMatchObject([
      { name: `Dana ${kept[0]?.markers.name}`, firm: `${kept[0]?.markers.firm} LLP` },
    ]);
    expect(await server.stop()).toBe(0);
    expect(scanForMarkers([dataDir], everyMarker)).toEqual([]);
  }, 30_000);
});
