import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { PortalDocumentRequests } from "../../../src/contracts/document-requests";
import { SCAN_MESSAGES } from "../../../src/contracts/scanning";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { clamdFolder, EICAR, EICAR_SIGNATURE, startClamd } from "../../helpers/clamd";
import { b64, pdf } from "../../helpers/files";
import { portalClient } from "../../helpers/portal-client";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;

/**
 * Every upload scanned by Debian's clamd before it is accepted (issue 48, ADR 296), here with a clamd of the
 * test's own on a unix socket and a signature database that knows only the EICAR test string.
 */
const CLAMD_DIR = clamdFolder();
const SOCKET = join(CLAMD_DIR, "clamd.sock");
let clamd: Awaited<ReturnType<typeof startClamd>>;
beforeAll(async () => {
  clamd = await startClamd({ dir: CLAMD_DIR });
}, 90_000);
afterAll(() => clamd.stop());

describe("uploads scanned by clamd before they are accepted", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  // The socket's path is the test's: clamd is started before the first test, and the app opens it per scan.
  const t = makeTestApp({ ...NEW_YORK_DESK, CLAMD_URL: `unix:${SOCKET}` }, { now: () => clock.at });
  const stored = () => {
    const dir = join(t.dataDir, "documents");
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let item = 0;
  beforeAll(async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const sent = await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Bank statements" }] })),
    );
    item = ((await sent.json()) as { ids: number[] }).ids[0] ?? 0;
  }, 60_000);

  async function upload(bytes: Uint8Array, name: string) {
    const headers = { cookie: dana.cookie, "tus-resumable": "1.0.0", origin: "http://localhost:3000" };
    const created = await t.request("/api/portal/uploads", {
      method: "POST",
      headers: {
        ...headers,
        "upload-length": String(bytes.length),
        "upload-metadata": `filename ${b64(name)},requestItem ${b64(String(item))}`,
      },
    });
    expect(created.status).toBe(201);
    // Two requests, as tus-js-client sends a larger file: the scan reads the whole stored file once complete.
    const location = created.headers.get("location") as string;
    const half = 131_072;
    const first = await t.request(location, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Uint8Array(bytes.subarray(0, half)),
    });
    expect(first.status).toBe(204);
    return t.request(location, {
      method: "PATCH",
      headers: {
        ...headers,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(half),
      },
      body: new Uint8Array(bytes.subarray(half)),
    });
  }
  const documents = async () =>
    (
      (await (await t.request("/api/portal/documents", withCookie(dana.cookie))).json()) as {
        documents: unknown[];
      }
    ).documents;
  const requests = async () =>
    (await (
      await t.request("/api/portal/document-requests", withCookie(dana.cookie))
    ).json()) as PortalDocumentRequests;

  test("a clean file is accepted and answers its item", async () => {
    const res = await upload(pdf(300_000, "clean statement"), "October.pdf");
    expect(res.status).toBe(204);
    expect(await documents()).toHaveLength(1);
    expect((await requests()).items[0]?.state).toBe("provided");
  });

  test("the EICAR string inside a PDF is refused with a message the client can act on, and kept only in quarantine", async () => {
    const before = stored();
    const bytes = pdf(300_000);
    bytes.set(EICAR, 200_000);
    const res = await upload(bytes, "November.pdf");
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe(SCAN_MESSAGES.infected(EICAR_SIGNATURE));
    // Sealed in quarantine (ADR 304): on the disk, in no list.
    expect(stored()).toBe(before + 1);
    expect(await documents()).toHaveLength(1);
    expect((await requests()).items[0]?.files).toHaveLength(1);
    // The desk is told in the audit log, with the signature's name (never the file's).
    const audit = t.db
      .query<{ detail: string }, []>("SELECT detail FROM audit_log WHERE event = 'document.infected'")
      .all()
      .map((r) => JSON.parse(r.detail) as Record<string, unknown>);
    expect(audit).toEqual([
      { submissionId: dana.submission.id, direction: "client", signature: EICAR_SIGNATURE, size: 300_000 },
    ]);
  });

  test("the firm's own upload is scanned too", async () => {
    const body = Buffer.concat([Buffer.from("Notes for the client\n"), EICAR]);
    const res = await t.request(`/api/admin/submissions/${dana.submission.id}/documents`, {
      method: "POST",
      headers: {
        cookie: admin,
        origin: "http://localhost:3000",
        "content-type": "application/octet-stream",
        "content-length": String(body.length),
        "upload-metadata": `filename ${b64("report.txt")}`,
      },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(422);
    expect(await documents()).toHaveLength(1);
  });

  test("/readyz names the scanner; once clamd is gone, an upload is held as not yet scanned, never accepted unscanned", async () => {
    const ready = await t.request("/readyz");
    expect(((await ready.json()) as { checks: Record<string, unknown> }).checks.scanner).toBe("ok");
    await clamd.stop();
    const before = stored();
    const res = await upload(pdf(200_000, "December"), "December.pdf");
    expect(res.status).toBe(204);
    expect(stored()).toBe(before + 1);
    const held = (await documents()) as { name: string; completedAt: string | null; heldAt: string | null }[];
    expect(held.map((d) => [d.name, d.completedAt === null, d.heldAt]).sort()).toEqual([
      ["December.pdf", true, clock.at.toISOString()],
      ["October.pdf", false, null],
    ]);
    const down = await t.request("/readyz");
    expect(down.status).toBe(503);
    expect(
      ((await down.json()) as { checks: { scanner: { error: string } } }).checks.scanner.error,
    ).toContain("CLAMD_URL");
  });
});
