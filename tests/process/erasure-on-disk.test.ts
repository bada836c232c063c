import { afterAll, expect, test } from "bun:test";
import { createDecipheriv } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { filesUnder } from "../helpers/byte-scan";
import { waitHealthy } from "../helpers/healthy";
import { markedIntake } from "../helpers/markers";
import { freePorts } from "../helpers/ports";

/**
 * "Deleted" and "erased", checked on the built executable from outside, while it runs: a deleted request is
 * stored encrypted, so a search for its text in the files proves nothing. This test takes every encrypted
 * value out of every file under DATA_DIR (the database, its WAL) and opens it with the data key that sits in
 * the same folder, using AES-256-GCM from node:crypto rather than the product's own cipher: what it can read,
 * anyone holding the folder could.
 */
const BINARY = join(import.meta.dir, "..", "..", "dist", "tracewell");
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [PORT = 0] = freePorts(1);
const root = mkdtempSync(join(tmpdir(), "tracewell-erasure-"));
const dataDir = join(root, "data");
const proc = Bun.spawn([BINARY], {
  env: {
    PATH: process.env.PATH ?? "",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    REQUIRE_MFA: "false",
  },
  stdout: "ignore",
  stderr: "pipe",
});
afterAll(() => {
  proc.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});
const base = `http://127.0.0.1:${PORT}`;

let address = 1;
const send = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      origin: base,
      "x-forwarded-for": `198.51.100.${address++}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/**
 * Every `enc:v1:<key id>:<base64>` value in every file under DATA_DIR, opened with the key file's key. SQLite
 * stores a row's fields side by side with nothing between them, so where a value ends is not written: each
 * length that could end one is tried, and the cipher's tag says which is right.
 */
function readableValues(): string[] {
  const key = Buffer.from(readFileSync(join(dataDir, "data-key"), "utf8").trim(), "base64");
  expect(key.length).toBe(32);
  const open = (base64: string) => {
    const body = Buffer.from(base64, "base64");
    if (body.length < 12 + 16) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, body.subarray(0, 12));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([
        decipher.update(body.subarray(12, body.length - 16)),
        decipher.final(),
      ]).toString();
    } catch {
      return undefined;
    }
  };
  const out: string[] = [];
  for (const file of filesUnder(dataDir)) {
    const pieces = readFileSync(file).toString("latin1").split("enc:v1:").slice(1);
    for (const piece of pieces) {
      const text = piece.match(/^[A-Za-z0-9_-]{8}:([A-Za-z0-9+/=]+)/)?.[1] ?? "";
      for (let end = text.length - (text.length % 4); end >= 40; end -= 4) {
        const value = open(text.slice(0, end));
        if (value !== undefined) {
          out.push(value);
          break;
        }
      }
    }
  }
  return out;
}
const holding = (values: string[], markers: string[]) =>
  markers.filter((m) => values.some((v) => v.includes(m)));

test("a deleted request and an erased one leave nothing the data key can read, while the server runs", async () => {
  await waitHealthy(base, proc);
  const deleted = markedIntake(new Date(), "Deleted");
  const erased = markedIntake(new Date(), "Erased");
  const kept = markedIntake(new Date(), "Kept");
  for (const { intake } of [deleted, erased, kept])
    expect((await send("/api/contact", { body: intake })).status).toBe(201);

  // The method works: before any deletion, the key reads every marker back from the files.
  const before = readableValues();
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

  const after = readableValues();
  expect(holding(after, [...deleted.all, ...erased.all])).toEqual([]);
  expect(holding(after, kept.all)).toEqual(kept.all);
});
