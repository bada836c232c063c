import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "../../../src/log";
import { documentFiles } from "../../../src/modules/documents/lib/file-store";
import { createDocumentsService } from "../../../src/modules/documents/service";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { pdf, sha } from "../../helpers/files";
import { marker } from "../../helpers/markers";
import { portalClient, tus } from "../../helpers/portal-client";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const MAX = 400_000;
const TOTAL = 700_000;

type TestApp = ReturnType<typeof makeTestApp>;
const fileIdOf = (t: TestApp, publicId: string) =>
  (t.db.query("SELECT file_id AS f FROM documents WHERE public_id = ?").get(publicId) as { f: string }).f;
/** Flips one bit of a stored (sealed) file, in place. */
const flip = (path: string, at: number) => {
  const sealed = readFileSync(path);
  sealed[at] = (sealed[at] as number) ^ 0x40;
  writeFileSync(path, sealed);
};
const auditOf = (t: TestApp, event: string) =>
  t.db
    .query<{ username: string | null; detail: string }, [string]>(
      "SELECT username, detail FROM audit_log WHERE event = ? ORDER BY id",
    )
    .all(event)
    .map((e) => ({ username: e.username, detail: JSON.parse(e.detail) as Record<string, unknown> }));

type Listed = { id: string; name: string; size: number; sha256: string | null; kind: string | null };

describe("documents the client sends through the portal", () => {
  const logLines: string[] = [];
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      UPLOAD_MAX_BYTES: String(MAX),
      UPLOAD_MAX_TOTAL_BYTES: String(TOTAL),
    },
    { now: () => clock.at, logger: createLogger("info", (line) => void logLines.push(line)) },
  );
  const docsDir = () => join(t.dataDir, "documents");
  const stored = () => (existsSync(docsDir()) ? readdirSync(docsDir()) : []);
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submissionId: 0 };
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
    const client = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    dana = { ...client, submissionId: client.submission.id };
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

  test("an upload resumed on a server that restarted in between gets the same SHA-256 (read back from the file)", async () => {
    const bytes = pdf(100_000);
    const created = await tus(t.request, lee.cookie).create(bytes.length, "restarted.pdf");
    const location = created.headers.get("location") as string;
    const first = await tus(t.request, lee.cookie).patch(location, 0, bytes.subarray(0, 70_000));
    expect(first.headers.get("upload-offset")).toBe("65536");
    // A new service on the same database and folder: what the old one carried in memory is gone.
    const restarted = createDocumentsService({
      store: t.store,
      config: t.config,
      files: documentFiles(t.dataDir),
      sweeps: t.app.decorator.subscriptions,
      now: () => clock.at,
    });
    const rest = await restarted.append(lee.engagementId, location.split("/").at(-1) as string, {
      offset: 65_536,
      body: new Blob([bytes.subarray(65_536)]).stream(),
    });
    expect(rest.offset).toBe(bytes.length);
    expect((await list(lee.cookie)).find((d) => d.name === "restarted.pdf")?.sha256).toBe(sha(bytes));
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

  /** A finished upload of `bytes`, then one bit of its stored file flipped at `at` (of the sealed bytes). */
  async function tampered(bytes: Uint8Array, name: string, at: number) {
    await tus(t.request, dana.cookie).upload(bytes, name);
    const doc = (await list(dana.cookie)).find((d) => d.name === name);
    const path = join(docsDir(), fileIdOf(t, doc?.id as string));
    return { id: doc?.id as string, path, flip: () => flip(path, at) };
  }
  const staffGet = (id: string) =>
    t.request(`/api/admin/submissions/${dana.submissionId}/documents/${id}`, withCookie(admin));

  test("a changed segment is refused before the first byte, with a message, an audit entry and a log line", async () => {
    const file = await tampered(pdf(200_000), "tamper.pdf", 70_000);
    file.flip();
    const before = logLines.length;

    const portal = await t.request(`/api/portal/documents/${file.id}`, withCookie(dana.cookie));
    expect(portal.status).toBe(500);
    expect(((await portal.json()) as { error: string }).error).toBe(
      "The stored file failed its integrity check and was not sent. The firm has been told; please ask us for a fresh copy.",
    );

    const staff = await staffGet(file.id);
    expect(staff.status).toBe(500);
    expect(await staff.json()).toEqual({
      error:
        "The stored file failed its integrity check and was not sent. The firm has been told; please ask us for a fresh copy.",
      document: file.id,
    });
    // Refused is not sent: no download is recorded, and the client's file does not count as opened.
    expect(auditOf(t, "document.downloaded").some((e) => e.detail.document === file.id)).toBe(false);
    expect(t.db.query("SELECT opened_at AS o FROM documents WHERE public_id = ?").get(file.id)).toEqual({
      o: null,
    });
    expect(auditOf(t, "document.integrity_failed").filter((e) => e.detail.document === file.id)).toEqual([
      {
        username: null,
        detail: {
          submissionId: dana.submissionId,
          document: file.id,
          stage: "before-first-byte",
          by: "client",
        },
      },
      {
        username: USER,
        detail: {
          submissionId: dana.submissionId,
          document: file.id,
          stage: "before-first-byte",
          by: "staff",
        },
      },
    ]);
    const logged = logLines
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === "document_integrity_failed");
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({
      level: "error",
      document: file.id,
      submissionId: dana.submissionId,
      direction: "client",
      stage: "before-first-byte",
    });
    expect(String(logged[1]?.reason)).toContain("does not authenticate");
    // Ids only in the line: never the file's name.
    expect(logLines.slice(before).join("")).not.toContain("tamper.pdf");
  });

  test("a document whose file is missing is refused the same way, naming it", async () => {
    const file = await tampered(pdf(1000), "gone.pdf", 0);
    rmSync(file.path);
    const staff = await staffGet(file.id);
    expect(staff.status).toBe(500);
    expect(((await staff.json()) as { error: string }).error).toContain("failed its integrity check");
    expect(auditOf(t, "document.integrity_failed").filter((e) => e.detail.document === file.id)).toEqual([
      {
        username: USER,
        detail: {
          submissionId: dana.submissionId,
          document: file.id,
          stage: "before-first-byte",
          by: "staff",
        },
      },
    ]);
    expect(logLines.some((l) => l.includes(file.id) && l.includes("The stored file is missing"))).toBe(true);
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

describe("a document changed while its download streams", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const lines: string[] = [];
  const t = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
    { now: () => clock.at, logger: createLogger("info", (line) => void lines.push(line)) },
  );

  test("a segment changed after the check ends the download before its bytes, and is recorded the same way", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    const client = await portalClient(t, clock.at, admin, { email: "sam@elsewhere.example" });
    const bytes = pdf(3_000_000);
    await tus(t.request, client.cookie).upload(bytes, "late-tamper.pdf");
    const [doc] = (
      (await (await t.request("/api/portal/documents", withCookie(client.cookie))).json()) as {
        documents: Listed[];
      }
    ).documents;
    const id = doc?.id as string;
    const file = { id, flip: () => flip(join(t.dataDir, "documents", fileIdOf(t, id)), 2_900_000) };
    const res = await t.request(
      `/api/admin/submissions/${client.submission.id}/documents/${id}`,
      withCookie(admin),
    );
    expect(res.status).toBe(200);
    // The check passed; the file changes before the stream reaches its last segments.
    file.flip();
    let got = 0;
    let failed: unknown = null;
    try {
      for await (const chunk of res.body as ReadableStream<Uint8Array>) got += chunk.length;
    } catch (error) {
      failed = error;
    }
    expect(failed).not.toBeNull();
    // Nothing from the changed segment on: the segment holding byte 2,900,000 of the sealed file starts
    // at plaintext byte 64 KiB * 44.
    expect(got).toBeLessThanOrEqual(44 * 65_536);
    expect(auditOf(t, "document.integrity_failed").filter((e) => e.detail.document === file.id)).toEqual([
      {
        username: USER,
        detail: { submissionId: client.submission.id, document: file.id, stage: "mid-stream", by: "staff" },
      },
    ]);
    expect(lines.some((l) => l.includes('"document_integrity_failed"') && l.includes('"mid-stream"'))).toBe(
      true,
    );
  });
});
