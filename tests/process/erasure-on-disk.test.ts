import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { killStarted, type StartedBinary, startBinary } from "../helpers/binary";
import { markedIntake } from "../helpers/markers";
import { holding, readableValues } from "../helpers/readable-values";
import { sender } from "../helpers/send";
import { eventually } from "../helpers/wait";

/**
 * "Deleted" and "erased", checked on the built executable from outside, while it runs: a deleted request is
 * stored encrypted, so a search for its text in the files proves nothing. This test takes every encrypted
 * value out of every file under DATA_DIR (the database, its WAL) and opens it with the data key that sits in
 * the same folder, using AES-256-GCM from node:crypto rather than the product's own cipher: what it can read,
 * anyone holding the folder could.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const root = mkdtempSync(join(tmpdir(), "tracewell-erasure-"));
const dataDir = join(root, "data");
let server: StartedBinary;
beforeAll(async () => {
  server = await startBinary({
    dataDir,
    env: {
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      REQUIRE_MFA: "false",
    },
  });
});
afterAll(() => {
  killStarted();
  rmSync(root, { recursive: true, force: true });
});

const send = sender(() => server.base);

test("a deleted request and an erased one leave nothing the data key can read, while the server runs", async () => {
  const deleted = markedIntake(new Date(), "Deleted");
  const erased = markedIntake(new Date(), "Erased");
  const kept = markedIntake(new Date(), "Kept");
  for (const { intake } of [deleted, erased, kept])
    expect((await send("/api/contact", { body: intake })).status).toBe(201);

  // The method works: before any deletion, the key reads every marker back from the files.
  const before = readableValues(dataDir);
  for (const { all } of [deleted, erased, kept]) expect(holding(before, all)).toEqual(all);

  const login = await send("/api/admin/login", { body: { username: USER, password: PASSWORD } });
  expect(login.status).toBe(200);
  const cookie = cookieFrom(login);
  const list = (await (
    await send(`/api/admin/submissions?q=${deleted.markers.name}`, { cookie })
  ).json()) as {
    items: { id: number }[];
  };
  expect(list.items).toHaveLength(1);
  const removal = await send(`/api/admin/submissions/${list.items[0]?.id}`, { method: "DELETE", cookie });
  expect(removal.status).toBe(200);

  const request = await send("/api/admin/data-requests", {
    body: { email: `${erased.markers.email}@example.com`, kind: "deletion" },
    cookie,
  });
  expect(request.status).toBe(201);
  const { id } = (await request.json()) as { id: number };
  expect((await send(`/api/admin/data-requests/${id}/erase`, { method: "POST", cookie })).status).toBe(200);

  const after = readableValues(dataDir);
  expect(holding(after, [...deleted.all, ...erased.all])).toEqual([]);
  expect(holding(after, kept.all)).toEqual(kept.all);
}, 30_000);

test("with another process reading during a deletion, the server does not wait for it, and once it ends nothing the key can read is left", async () => {
  const held = markedIntake(new Date(), "Held");
  const kept = markedIntake(new Date(), "KeptToo");
  const filed = await send("/api/contact", { body: held.intake });
  expect(filed.status).toBe(201);
  const { reference } = (await filed.json()) as { reference: string };
  expect((await send("/api/contact", { body: kept.intake })).status).toBe(201);
  const login = await send("/api/admin/login", { body: { username: USER, password: PASSWORD } });
  const cookie = cookieFrom(login);
  const list = (await (await send(`/api/admin/submissions?q=${held.markers.name}`, { cookie })).json()) as {
    items: { id: number }[];
  };
  expect(list.items).toHaveLength(1);

  // A read transaction in another process than the server's, as Litestream keeps one and a running
  // `tracewell backup` holds one.
  const reader = new Database(join(dataDir, "tracewell.db"), { readonly: true });
  reader.exec("BEGIN");
  const inSnapshot = reader.query("SELECT count(*) AS n FROM contact_submissions WHERE reference = ?");
  expect(inSnapshot.get(reference)).toEqual({ n: 1 });
  const started = performance.now();
  const removal = await send(`/api/admin/submissions/${list.items[0]?.id}`, { method: "DELETE", cookie });
  expect(removal.status).toBe(200);
  expect(performance.now() - started).toBeLessThan(2500);
  // While it lasts, the reader's snapshot still holds the request: SQLite keeps those pages on disk for it.
  expect(inSnapshot.get(reference)).toEqual({ n: 1 });
  reader.exec("COMMIT");
  reader.close();

  let after = readableValues(dataDir);
  await eventually(
    () => {
      after = readableValues(dataDir);
      return holding(after, held.all).length === 0;
    },
    { timeoutMs: 10_000, everyMs: 100 },
  );
  expect(holding(after, held.all)).toEqual([]);
  expect(holding(after, kept.all)).toEqual(kept.all);
  expect(server.log()).toContain('"event":"deleted_data_scrub_waiting"');
}, 30_000);
