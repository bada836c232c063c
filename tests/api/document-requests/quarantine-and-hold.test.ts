import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { PortalDocumentRequests, StaffDocumentRequests } from "../../../src/contracts/document-requests";
import type { DocumentView } from "../../../src/contracts/documents";
import { QUARANTINE_DAYS, SCAN_MESSAGES } from "../../../src/contracts/scanning";
import type { SubmissionDetail } from "../../../src/contracts/submissions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { clamdFolder, EICAR, EICAR_SIGNATURE, startClamd } from "../../helpers/clamd";
import { b64, pdf } from "../../helpers/files";
import { portalClient } from "../../helpers/portal-client";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const DAY_MS = 86_400_000;

/** Every file under a folder, however deep. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
/** The files under the data folder holding `bytes` in plain. */
const plainIn = (dir: string, bytes: Uint8Array) =>
  filesUnder(dir).filter((f) => readFileSync(f).includes(Buffer.from(bytes)));

/**
 * A file clamd flags is refused but kept encrypted in quarantine, out of every list and download, the desk told
 * with the signature's name; a file that could not be scanned (clamd unreachable) is held as "not yet scanned"
 * until the scan job accepts or quarantines it (issue 48, ADR 304). Debian's clamd on a unix socket of the
 * test's own, started only when the test says, with a database that knows only the EICAR string.
 */
describe("files quarantined, and held while the scanner is down", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const dir = clamdFolder();
  const t = makeTestApp(
    { ...NEW_YORK_DESK, CLAMD_URL: `unix:${join(dir, "clamd.sock")}` },
    { now: () => clock.at },
  );
  const root = t.app.decorator.root;
  let clamd: Awaited<ReturnType<typeof startClamd>> | undefined;
  afterAll(async () => clamd?.stop());
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let statements = 0;
  let deeds = 0;

  async function upload(bytes: Uint8Array, name: string, item: number) {
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
    const location = created.headers.get("location") as string;
    const patch = (offset: number, body: Uint8Array) =>
      t.request(location, {
        method: "PATCH",
        headers: {
          ...headers,
          "content-type": "application/offset+octet-stream",
          "upload-offset": String(offset),
        },
        body: new Uint8Array(body),
      });
    return { res: await patch(0, bytes), location, patch };
  }
  const portalDocs = async () =>
    (
      (await (await t.request("/api/portal/documents", withCookie(dana.cookie))).json()) as {
        documents: DocumentView[];
      }
    ).documents;
  const staffDocs = async () =>
    (
      (await (
        await t.request(`/api/admin/submissions/${dana.submission.id}/documents`, withCookie(admin))
      ).json()) as { documents: DocumentView[] }
    ).documents;
  const portalList = async () =>
    (await (
      await t.request("/api/portal/document-requests", withCookie(dana.cookie))
    ).json()) as PortalDocumentRequests;
  const staffList = async () =>
    (await (
      await t.request(`/api/admin/submissions/${dana.submission.id}/document-requests`, withCookie(admin))
    ).json()) as StaffDocumentRequests;
  const rows = (scan: string) =>
    t.db
      .query<{ id: string; fileId: string }, [string]>(
        "SELECT public_id AS id, file_id AS fileId FROM documents WHERE scan = ?",
      )
      .all(scan);
  const downloads = async (id: string) => [
    (await t.request(`/api/portal/documents/${id}`, withCookie(dana.cookie))).status,
    (await t.request(`/api/admin/submissions/${dana.submission.id}/documents/${id}`, withCookie(admin)))
      .status,
  ];
  const infected = () => {
    const bytes = pdf(300_000);
    bytes.set(EICAR, 200_000);
    return bytes;
  };

  test("clamd unreachable: the upload is held as not yet scanned, never listed as provided or downloadable", async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const sent = await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Bank statements" }, { title: "Deeds" }] })),
    );
    [statements = 0, deeds = 0] = ((await sent.json()) as { ids: number[] }).ids;

    const clean = await upload(pdf(200_000, "October statement"), "October.pdf", statements);
    // The client's upload is done: the file is theirs to forget, ours to check.
    expect(clean.res.status).toBe(204);
    const bad = await upload(infected(), "deed.pdf", deeds);
    expect(bad.res.status).toBe(204);
    const held = rows("held");
    expect(held).toHaveLength(2);

    // The client sees both as received and being checked; neither provides its item.
    const portal = await portalDocs();
    expect(portal.map((d) => [d.name, d.completedAt, d.heldAt]).sort()).toEqual([
      ["October.pdf", null, clock.at.toISOString()],
      ["deed.pdf", null, clock.at.toISOString()],
    ]);
    const list = await portalList();
    expect(list.items.map((i) => [i.state, i.files.map((f) => [f.name, f.checking])])).toEqual([
      ["requested", [["October.pdf", true]]],
      ["requested", [["deed.pdf", true]]],
    ]);
    expect(list.progress.received).toBe(0);
    // Staff see the same: not yet scanned, nothing to accept.
    expect((await staffDocs()).every((d) => d.heldAt !== null && d.completedAt === null)).toBe(true);
    const accept = await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests/${statements}/accept`,
      withCookie(admin, post()),
    );
    expect(accept.status).toBe(409);
    // Downloadable by no one; and the upload takes no more bytes.
    for (const h of held) expect(await downloads(h.id)).toEqual([404, 404]);
    expect((await clean.patch(200_000, new Uint8Array(0))).status).toBe(409);
    // Plain bytes never reach the disk.
    expect(plainIn(t.dataDir, EICAR)).toEqual([]);
  });

  test("the scan job leaves them held while clamd is down, then accepts the clean one and quarantines the other", async () => {
    expect(await root.documents.service.scanHeld()).toEqual({
      accepted: 0,
      quarantined: 0,
      held: 2,
      removed: 0,
    });
    expect(rows("held")).toHaveLength(2);

    clamd = await startClamd({ dir });
    clock.at = new Date(clock.at.getTime() + 10 * 60_000);
    expect(await root.documents.service.scanHeld()).toEqual({
      accepted: 1,
      quarantined: 1,
      held: 0,
      removed: 0,
    });
    // A second run finds nothing to do.
    expect(await root.documents.service.scanHeld()).toEqual({
      accepted: 0,
      quarantined: 0,
      held: 0,
      removed: 0,
    });

    expect((await portalDocs()).map((d) => [d.name, d.completedAt])).toEqual([
      ["October.pdf", clock.at.toISOString()],
    ]);
    const list = await staffList();
    expect(list.items.map((i) => [i.state, i.files.map((f) => [f.name, f.checking])])).toEqual([
      ["provided", [["October.pdf", false]]],
      ["requested", []],
    ]);
    // The desk is told on the item's history, with the signature's name.
    expect(list.items[1]?.history.map((h) => [h.action, h.detail])).toEqual([
      ["requested", null],
      ["quarantined", EICAR_SIGNATURE],
    ]);
    const [q] = rows("quarantined");
    expect(await downloads(q?.id ?? "")).toEqual([404, 404]);
  }, 90_000);

  test("with clamd up, a flagged file is refused (422) and kept encrypted in quarantine, never downloadable", async () => {
    const before = readdirSync(join(t.dataDir, "documents")).length;
    const { res, location } = await upload(infected(), "November.pdf", statements);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe(SCAN_MESSAGES.infected(EICAR_SIGNATURE));
    // Kept: one more sealed file on the disk, in no one's list, and not a byte of it in plain.
    expect(readdirSync(join(t.dataDir, "documents"))).toHaveLength(before + 1);
    expect(rows("quarantined")).toHaveLength(2);
    expect(plainIn(t.dataDir, EICAR)).toEqual([]);
    expect((await portalDocs()).map((d) => d.name)).toEqual(["October.pdf"]);
    expect((await staffDocs()).map((d) => d.name)).toEqual(["October.pdf"]);
    for (const q of rows("quarantined")) expect(await downloads(q.id)).toEqual([404, 404]);
    // Its upload is gone as far as tus is concerned.
    const head = await t.request(location, {
      method: "HEAD",
      headers: { cookie: dana.cookie, "tus-resumable": "1.0.0" },
    });
    expect(head.status).toBe(404);
    const audit = t.db
      .query<{ detail: string }, []>("SELECT detail FROM audit_log WHERE event = 'document.infected'")
      .all()
      .map((r) => JSON.parse(r.detail) as { signature: string });
    expect(audit.map((a) => a.signature)).toEqual([EICAR_SIGNATURE, EICAR_SIGNATURE]);
    // And on the request's history, whether or not the file was sent against an item.
    const detail = (await (
      await t.request(`/api/admin/submissions/${dana.submission.id}`, withCookie(admin))
    ).json()) as SubmissionDetail;
    expect(
      detail.timeline.flatMap((e) =>
        e.kind === "portal" && e.step.event === "document.infected" ? [e.step.signature] : [],
      ),
    ).toEqual([EICAR_SIGNATURE, EICAR_SIGNATURE]);
  });

  test(`a quarantined file leaves the disk after ${QUARANTINE_DAYS} days`, async () => {
    const kept = rows("quarantined").map((q) => q.fileId);
    clock.at = new Date(clock.at.getTime() + (QUARANTINE_DAYS - 1) * DAY_MS);
    expect((await root.documents.service.scanHeld()).removed).toBe(0);
    clock.at = new Date(clock.at.getTime() + 2 * DAY_MS);
    expect((await root.documents.service.scanHeld()).removed).toBe(2);
    const left = readdirSync(join(t.dataDir, "documents"));
    expect(kept.filter((f) => left.includes(f))).toEqual([]);
    expect(rows("quarantined")).toEqual([]);
  });

  test("erasure of the person's request deletes a quarantined file's bytes from the disk", async () => {
    // A month on, both sessions have ended: a second request of the client's, signed today.
    admin = await signIn(t.request, OWNER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const sent = await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Brokerage statements" }] })),
    );
    const [brokerage = 0] = ((await sent.json()) as { ids: number[] }).ids;
    expect((await upload(infected(), "December.pdf", brokerage)).res.status).toBe(422);
    const [q] = rows("quarantined");
    const path = join(t.dataDir, "documents", q?.fileId ?? "");
    const sealed = readFileSync(path);
    expect(sealed.length).toBeGreaterThan(300_000);
    const deletion = await t.request(
      "/api/admin/data-requests",
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "deletion" })),
    );
    const erased = await t.request(
      `/api/admin/data-requests/${((await deletion.json()) as { id: number }).id}/erase`,
      withCookie(admin, post()),
    );
    expect(erased.status).toBe(200);
    expect(rows("quarantined")).toEqual([]);
    // Neither the sealed file nor any stretch of it is left under the data folder.
    const probe = sealed.subarray(100_000, 100_064);
    expect(plainIn(t.dataDir, probe)).toEqual([]);
    expect(readdirSync(join(t.dataDir, "documents"))).not.toContain(q?.fileId);
  });
});
