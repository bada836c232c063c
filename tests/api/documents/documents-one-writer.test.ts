import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DOCUMENT_MESSAGES as M } from "../../../src/contracts/documents";
import { createLogger } from "../../../src/log";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { pdf, sha } from "../../helpers/files";
import { portalClient, tus } from "../../helpers/portal-client";

/**
 * One writer per upload (issue 24, item 10): a PATCH holds its upload from before its first byte is written to
 * after its last is counted, whatever else asks for it meanwhile (another PATCH, the client's remove, the hourly
 * expiry), and lets go however it ends. And the engagement's quota is reserved when an upload is created, so
 * creations at the same moment cannot share the same room.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const MAX = 400_000;
const TOTAL = 1_000_000;

/**
 * A body whose first `at` bytes arrive at once and whose rest waits for `go()`, as a slow connection sends it.
 * `reading` settles once the server has taken the first part and asks for more: it is writing by then.
 */
function heldBody(bytes: Uint8Array, at: number) {
  let asked = 0;
  let reading = () => {};
  let go = () => {};
  let cut = (_error: Error) => {};
  const readingNow = new Promise<void>((resolve) => {
    reading = resolve;
  });
  const released = new Promise<void>((resolve, reject) => {
    go = resolve;
    cut = reject;
  });
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        asked++;
        if (asked === 1) return controller.enqueue(bytes.slice(0, at));
        reading();
        try {
          await released;
        } catch (error) {
          return controller.error(error);
        }
        controller.enqueue(bytes.slice(at));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { body, reading: readingNow, go: () => go(), cut: (error: Error) => cut(error) };
}

type Listed = { id: string; name: string; size: number; sha256: string | null; completedAt: string | null };

describe("one writer per upload", () => {
  const lines: string[] = [];
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      UPLOAD_MAX_BYTES: String(MAX),
      UPLOAD_MAX_TOTAL_BYTES: String(TOTAL),
    },
    { now: () => clock.at, logger: createLogger("info", (line) => void lines.push(line)) },
  );
  let admin = "";
  let client = { cookie: "", engagementId: 0, submission: { id: 0 } };
  const headers = (cookie: string, offset: number) => ({
    cookie,
    origin: "http://localhost:3000",
    "tus-resumable": "1.0.0",
    "content-type": "application/offset+octet-stream",
    "upload-offset": String(offset),
  });
  const patchWith = (cookie: string, location: string, offset: number, body: ReadableStream<Uint8Array>) =>
    t.request(location, { method: "PATCH", headers: headers(cookie, offset), body });
  const list = async (cookie: string) =>
    ((await (await t.request("/api/portal/documents", withCookie(cookie))).json()) as { documents: Listed[] })
      .documents;
  const integrityAlarms = () => ({
    audit: t.db.query("SELECT count(*) AS n FROM audit_log WHERE event = 'document.integrity_failed'").get(),
    log: lines.filter((l) => l.includes("document_integrity_failed")).length,
  });

  test("a second PATCH at the same offset while the first writes is a 409; the file arrives whole and no alarm is raised", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    client = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const bytes = pdf(300_000);
    const created = await tus(t.request, client.cookie).create(bytes.length, "Chase statement.pdf");
    const location = created.headers.get("location") as string;

    const first = heldBody(bytes, 100_000);
    const firstAnswer = patchWith(client.cookie, location, 0, first.body);
    await first.reading;
    // The same bytes at the same offset, as a second tab or a retry that did not wait would send them.
    const second = await tus(t.request, client.cookie).patch(location, 0, bytes);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toBe(M.busy);
    expect(second.headers.get("tus-resumable")).toBe("1.0.0");

    first.go();
    const done = await firstAnswer;
    expect(done.status).toBe(204);
    expect(done.headers.get("upload-offset")).toBe(String(bytes.length));

    const doc = (await list(client.cookie)).find((d) => d.name === "Chase statement.pdf");
    expect(doc).toMatchObject({ size: bytes.length, sha256: sha(bytes) });
    const download = await t.request(
      `/api/admin/submissions/${client.submission.id}/documents/${doc?.id}`,
      withCookie(admin),
    );
    expect(download.status).toBe(200);
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
    expect(integrityAlarms()).toEqual({ audit: { n: 0 }, log: 0 });
  }, 60_000);

  test("the client's remove and the hourly expiry leave an upload alone while a PATCH writes it", async () => {
    const bytes = pdf(200_000);
    const created = await tus(t.request, client.cookie).create(bytes.length, "Brokerage 2023.pdf");
    const location = created.headers.get("location") as string;
    const id = location.split("/").at(-1) as string;

    const writing = heldBody(bytes, 70_000);
    const answer = patchWith(client.cookie, location, 0, writing.body);
    await writing.reading;
    const removed = await tus(t.request, client.cookie).delete(location);
    expect(removed.status).toBe(409);
    expect(((await removed.json()) as { error: string }).error).toBe(M.stillSending);
    // Past its expiry while the last bytes are on their way: the expiry leaves it to its writer.
    clock.at = new Date("2026-11-17T15:00:00.000Z");
    expect(await t.app.decorator.documents.expire()).toBe(0);

    writing.go();
    expect((await answer).status).toBe(204);
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const doc = (await list(client.cookie)).find((d) => d.id === id);
    expect(doc).toMatchObject({ size: bytes.length, sha256: sha(bytes) });
    expect(doc?.completedAt).not.toBeNull();
    expect(integrityAlarms()).toEqual({ audit: { n: 0 }, log: 0 });
  }, 60_000);

  test("a PATCH cut off lets go of its upload: the next PATCH at the offset held is taken", async () => {
    const bytes = pdf(150_000);
    const created = await tus(t.request, client.cookie).create(bytes.length, "Wire confirmations.pdf");
    const location = created.headers.get("location") as string;

    const cut = heldBody(bytes, 80_000);
    const answer = patchWith(client.cookie, location, 0, cut.body);
    await cut.reading;
    cut.cut(new Error("connection reset"));
    expect((await answer).status).toBe(400);

    const head = await tus(t.request, client.cookie).head(location);
    expect(head.headers.get("upload-offset")).toBe("0");
    const resumed = await tus(t.request, client.cookie).patch(location, 0, bytes);
    expect(resumed.status).toBe(204);
    const doc = (await list(client.cookie)).find((d) => d.name === "Wire confirmations.pdf");
    expect(doc?.sha256).toBe(sha(bytes));
  }, 60_000);

  test("eight uploads created at once never reserve more than UPLOAD_MAX_TOTAL_BYTES", async () => {
    const lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    const docsDir = join(t.dataDir, "documents");
    const before = existsSync(docsDir) ? readdirSync(docsDir).length : 0;
    const size = 300_000;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => tus(t.request, lee.cookie).create(size, `Statement ${i + 1}.pdf`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    // 3 x 300,000 fit in 1,000,000; a fourth would not.
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    for (const refused of answers.filter((a) => a.status === 413))
      expect(((await refused.json()) as { error: string }).error).toBe(M.overTotal(TOTAL));
    const reserved = (await list(lee.cookie)).reduce((sum, d) => sum + d.size, 0);
    expect(reserved).toBeLessThanOrEqual(TOTAL);
    // A refused creation leaves nothing on the disk.
    expect(readdirSync(docsDir).length).toBe(before + 3);
  }, 60_000);
});
