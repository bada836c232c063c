import { describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signIn, withCookie } from "../helpers/admin";
import { makeTestApp } from "../helpers/app";
import { scanForMarkers } from "../helpers/byte-scan";
import { marker } from "../helpers/markers";
import { portalClient, tus } from "../helpers/portal-client";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const MAX = 400_000;
const TOTAL = 700_000;
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
/** A PDF of `size` bytes: the signature the content is judged by, then noise. */
const pdf = (size: number, text = "") => {
  const b = randomBytes(size);
  b.set(Buffer.from(`%PDF-1.7\n${text}`), 0);
  return b;
};

type Listed = { id: string; name: string; size: number; sha256: string | null; kind: string | null };

describe("documents the client sends through the portal", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      UPLOAD_MAX_BYTES: String(MAX),
      UPLOAD_MAX_TOTAL_BYTES: String(TOTAL),
    },
    { now: () => clock.at },
  );
  const docsDir = () => join(t.dataDir, "documents");
  const stored = () => (existsSync(docsDir()) ? readdirSync(docsDir()) : []);
  let admin = "";
  let dana = { cookie: "", engagementId: 0 };
  let lee = { cookie: "", engagementId: 0 };
  const list = async (cookie: string) =>
    ((await (await t.request("/api/portal/documents", withCookie(cookie))).json()) as { documents: Listed[] })
      .documents;

  test("nothing is taken before the letter is signed, or without a portal session", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    const unsigned = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example", sign: false });
    const early = await tus(t.request, unsigned.cookie).create(1000, "statement.pdf");
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe(
      "Files can be sent once the engagement letter is signed.",
    );
    expect((await tus(t.request, "").create(1000, "statement.pdf")).status).toBe(401);
    expect((await t.request("/api/portal/documents")).status).toBe(401);
    expect(stored()).toEqual([]);
    await t.request("/api/portal/sign", withCookie(unsigned.cookie, { method: "POST" }));
    lee = await portalClient(t, clock.at, admin, { email: "lee2@elsewhere.example" });
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
  }, 60_000);

  test("an upload cut off half-way resumes from the last whole segment and arrives byte for byte", async () => {
    const client = tus(t.request, dana.cookie);
    const bytes = pdf(300_001);
    const created = await client.create(bytes.length, "Chase statement.pdf", "application/pdf");
    expect(created.status).toBe(201);
    expect(created.headers.get("tus-resumable")).toBe("1.0.0");
    expect(created.headers.get("upload-expires")).toBe(new Date("2026-11-17T15:00:00.000Z").toUTCString());
    const location = created.headers.get("location") as string;
    expect(location).toMatch(/^\/api\/portal\/uploads\/[A-Za-z0-9_-]{22}$/);

    // 150,000 bytes arrive, then the connection is lost: two whole segments (131,072 bytes) are kept.
    const first = await client.patch(location, 0, bytes.subarray(0, 150_000));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("131072");
    const head = await client.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("131072");
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    expect((await client.patch(location, 150_000, bytes.subarray(150_000))).status).toBe(409);

    const rest = await client.patch(location, 131_072, bytes.subarray(131_072));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(bytes.length));

    const [doc] = await list(dana.cookie);
    expect(doc).toMatchObject({
      name: "Chase statement.pdf",
      size: bytes.length,
      sha256: sha(bytes),
      kind: "pdf",
    });
    const download = await t.request(`/api/portal/documents/${doc?.id}`, withCookie(dana.cookie));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toStartWith(
      'attachment; filename="Chase statement.pdf"',
    );
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
  });

  test("a file past UPLOAD_MAX_BYTES, or past UPLOAD_MAX_TOTAL_BYTES for the engagement, is refused before any byte is stored", async () => {
    const before = stored();
    const big = await tus(t.request, lee.cookie).create(MAX + 1, "all-years.pdf");
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toContain("larger than");
    const ok = await tus(t.request, lee.cookie).upload(pdf(MAX), "2024.pdf");
    expect(ok.response.status).toBe(204);
    const over = await tus(t.request, lee.cookie).create(TOTAL - MAX + 1, "2025.pdf");
    expect(over.status).toBe(413);
    expect(((await over.json()) as { error: string }).error).toContain("the most they may hold together");
    expect(stored().length).toBe(before.length + 1);
    // The portal states the same limits beside its drop zone.
    const listed = (await (await t.request("/api/portal/documents", withCookie(lee.cookie))).json()) as {
      limits: { maxBytes: number; maxTotalBytes: number };
    };
    expect(listed.limits).toEqual({ maxBytes: MAX, maxTotalBytes: TOTAL });
  });

  test("the content decides the type: anything outside the list is refused with what is accepted, and nothing stays", async () => {
    const before = stored();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(5000)]);
    const refused = await tus(t.request, dana.cookie).upload(exe, "statement.pdf");
    expect(refused.response.status).toBe(415);
    expect(((await refused.response.json()) as { error: string }).error).toBe(
      "This file's content is not a type we accept. We accept PDF, PNG, JPEG, TIFF, HEIC, CSV, XLS, XLSX, DOC, DOCX, TXT, OFX/QFX or ZIP.",
    );
    expect(stored()).toEqual(before);
    expect((await tus(t.request, dana.cookie).head(refused.location as string)).status).toBe(404);

    const samples: Array<[string, Uint8Array, string]> = [
      ["scan.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "png"],
      ["photo.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "jpeg"],
      ["ledger.csv", Buffer.from("date,amount\n2024-01-02,100.00\n"), "csv"],
      ["export.qfx", Buffer.from("OFXHEADER:100\nDATA:OFXSGML\n<OFX>"), "ofx"],
      ["statement.exe", Buffer.from("%PDF-1.4\n"), "pdf"],
      ["records.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), "xlsx"],
    ];
    for (const [name, bytes, kind] of samples) {
      const sent = await tus(t.request, dana.cookie).upload(bytes, name);
      expect(sent.response.status).toBe(204);
      expect((await list(dana.cookie)).find((d) => d.name === name)?.kind).toBe(kind as never);
    }
  });

  test("another engagement's file is not found on every route", async () => {
    const [mine] = await list(dana.cookie);
    const id = mine?.id as string;
    const theirs = tus(t.request, lee.cookie);
    expect((await t.request(`/api/portal/documents/${id}`, withCookie(lee.cookie))).status).toBe(404);
    expect((await theirs.head(`/api/portal/uploads/${id}`)).status).toBe(404);
    expect((await theirs.patch(`/api/portal/uploads/${id}`, 0, Buffer.from("x"))).status).toBe(404);
    expect((await theirs.delete(`/api/portal/uploads/${id}`)).status).toBe(404);
    expect(
      (await t.request(`/api/portal/documents/${id}`, withCookie(lee.cookie, { method: "DELETE" }))).status,
    ).toBe(404);
    expect((await list(lee.cookie)).some((d) => d.id === id)).toBe(false);
    expect((await list(dana.cookie)).some((d) => d.id === id)).toBe(true);
  });

  test("the client removes their own file; the disk keeps no trace of its name or content", async () => {
    const name = marker("Name");
    const content = marker("Content");
    const bytes = pdf(100_000, `${content} `.repeat(100));
    const sent = await tus(t.request, dana.cookie).upload(bytes, `${name}.pdf`);
    expect(sent.response.status).toBe(204);
    t.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], [name, content])).toEqual([]);
    const doc = (await list(dana.cookie)).find((d) => d.name === `${name}.pdf`);
    const count = stored().length;
    const removed = await t.request(
      `/api/portal/documents/${doc?.id}`,
      withCookie(dana.cookie, { method: "DELETE" }),
    );
    expect(removed.status).toBe(204);
    expect(stored().length).toBe(count - 1);
    expect((await list(dana.cookie)).some((d) => d.id === doc?.id)).toBe(false);
  });

  test("a changed segment is refused on download, not sent", async () => {
    const bytes = pdf(200_000);
    await tus(t.request, dana.cookie).upload(bytes, "tamper.pdf");
    const doc = (await list(dana.cookie)).find((d) => d.name === "tamper.pdf");
    const row = t.db
      .query<{ f: string }, [string]>("SELECT file_id AS f FROM documents WHERE public_id = ?")
      .get(doc?.id as string);
    const path = join(docsDir(), row?.f as string);
    const sealed = readFileSync(path);
    sealed[70_000] = (sealed[70_000] as number) ^ 0x40;
    writeFileSync(path, sealed);
    const download = await t.request(`/api/portal/documents/${doc?.id}`, withCookie(dana.cookie));
    expect(download.status).toBe(500);
    expect(((await download.json()) as { error: string }).error).toContain("failed its integrity check");
  });
  test("an unfinished upload expires after 24 hours and its bytes are deleted", async () => {
    const client = tus(t.request, dana.cookie);
    const created = await client.create(100_000, "half.pdf");
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    await client.patch(location, 0, pdf(100_000).subarray(0, 70_000));
    const before = stored().length;
    const service = t.app.decorator.documents;
    clock.at = new Date("2026-11-17T14:59:00.000Z");
    expect(await service.expire()).toBe(0);
    clock.at = new Date("2026-11-17T15:00:00.000Z");
    expect(await service.expire()).toBe(1);
    const id = location.split("/").at(-1) as string;
    expect(t.db.query("SELECT 1 FROM documents WHERE public_id = ?").get(id)).toBeNull();
    expect(stored().length).toBe(before - 1);
    expect(await service.expire()).toBe(0);
  });
});
