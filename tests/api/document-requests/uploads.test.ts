import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { PortalDocumentRequests, StaffDocumentRequests } from "../../../src/contracts/document-requests";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { b64, pdf } from "../../helpers/files";
import { portalClient } from "../../helpers/portal-client";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const api = (id: number) => `/api/admin/submissions/${id}/document-requests`;
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;

describe("files sent against an item of the list", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    { ...NEW_YORK_DESK, ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD },
    { now: () => clock.at },
  );
  const stored = () => {
    const dir = join(t.dataDir, "documents");
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let lee = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let items: number[] = [];

  /** A tus upload in one PATCH, naming `item` in Upload-Metadata as the portal does (its id, base64). */
  async function upload(cookie: string, item: string | number | null, bytes = pdf(20_000)) {
    const headers = { cookie, "tus-resumable": "1.0.0", origin: "http://localhost:3000" };
    const meta = [
      `filename ${b64("statement.pdf")}`,
      ...(item === null ? [] : [`requestItem ${b64(String(item))}`]),
    ];
    const created = await t.request("/api/portal/uploads", {
      method: "POST",
      headers: { ...headers, "upload-length": String(bytes.length), "upload-metadata": meta.join(",") },
    });
    const location = created.headers.get("location");
    if (!location) return created;
    return t.request(location, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Uint8Array(bytes),
    });
  }
  const portalList = (cookie: string) =>
    json<PortalDocumentRequests>(t.request("/api/portal/document-requests", withCookie(cookie)));

  test("a file sent against an item makes it provided, and is listed with it on both sides", async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    const sent = await t.request(
      api(dana.submission.id),
      withCookie(
        admin,
        post({ items: [{ title: "Bank statements", dueOn: "2026-11-20" }, { title: "Tax returns" }] }),
      ),
    );
    items = (await json<{ ids: number[] }>(sent)).ids;
    const done = await upload(dana.cookie, items[0] ?? 0);
    expect(done.status).toBe(204);
    const mine = await portalList(dana.cookie);
    expect(mine.items[0]).toMatchObject({
      state: "provided",
      files: [{ name: "statement.pdf", size: 20_000 }],
    });
    expect(mine.progress).toEqual({ received: 1, asked: 2, overdue: 0 });
    // The same file is in the engagement's documents, once: there is one store of files.
    const docs = await json<{ documents: { id: string }[] }>(
      t.request("/api/portal/documents", withCookie(dana.cookie)),
    );
    expect(docs.documents.map((d) => d.id)).toEqual([String(mine.items[0]?.files[0]?.id)]);
    const staff = await json<StaffDocumentRequests>(t.request(api(dana.submission.id), withCookie(admin)));
    expect(staff.items[0]?.history.map((h) => [h.by, h.action])).toEqual([
      ["staff", "requested"],
      ["client", "provided"],
    ]);
  });

  test("an item of another engagement, one that is not an id, or one that takes no files: refused before a byte is stored", async () => {
    const before = stored();
    const cross = await upload(lee.cookie, items[0] ?? 0);
    expect(cross.status).toBe(404);
    expect((await json<{ error: string }>(cross)).error).toBe("No such item on this engagement's list");
    const unknown = await upload(dana.cookie, 999_999);
    expect(unknown.status).toBe(404);
    const notId = await upload(dana.cookie, "../1");
    expect(notId.status).toBe(400);
    expect((await json<{ error: string }>(notId)).error).toBe(
      "requestItem in Upload-Metadata must be the id of an item on your list",
    );
    expect(stored()).toBe(before);
    expect((await portalList(lee.cookie)).items).toEqual([]);
  });

  test("staff send it back, the client sends another, staff accept it; an accepted item takes no more files", async () => {
    const revise = await t.request(
      `${api(dana.submission.id)}/${items[0]}/revise`,
      withCookie(admin, post({ reason: "Page 3 of the October statement is missing." })),
    );
    expect(revise.status).toBe(200);
    expect((await portalList(dana.cookie)).items[0]).toMatchObject({
      state: "revision-requested",
      reason: "Page 3 of the October statement is missing.",
    });
    clock.at = new Date("2026-11-16T15:10:00.000Z");
    expect((await upload(dana.cookie, items[0] ?? 0, pdf(30_000))).status).toBe(204);
    expect((await portalList(dana.cookie)).items[0]?.state).toBe("provided");
    const accepted = await t.request(
      `${api(dana.submission.id)}/${items[0]}/accept`,
      withCookie(admin, post()),
    );
    expect(accepted.status).toBe(200);
    const after = (await portalList(dana.cookie)).items[0];
    expect(after?.state).toBe("accepted");
    // Its files in the order they arrived.
    expect(after?.files.map((f) => f.receivedAt)).toEqual(
      [...(after?.files ?? [])].map((f) => f.receivedAt).sort(),
    );
    expect(after?.files).toHaveLength(2);
    const before = stored();
    const late = await upload(dana.cookie, items[0] ?? 0);
    expect(late.status).toBe(409);
    expect((await json<{ error: string }>(late)).error).toBe(
      "This item no longer takes files: it was accepted, waived or withdrawn.",
    );
    expect(stored()).toBe(before);
    // Accepted is final for staff too: no edit, no withdrawal.
    const edit = await t.request(
      `${api(dana.submission.id)}/${items[0]}`,
      withCookie(admin, { ...post({ title: "Other" }), method: "PATCH" }),
    );
    expect(edit.status).toBe(409);
    expect((await json<{ error: string }>(edit)).error).toBe(
      "This item was accepted: it can no longer be changed or withdrawn.",
    );
  });

  test("a file the client removes no longer answers its item: with none left, it is asked for again", async () => {
    const done = await upload(dana.cookie, items[1] ?? 0);
    expect(done.status).toBe(204);
    const [, returns] = (await portalList(dana.cookie)).items;
    expect(returns?.state).toBe("provided");
    const removed = await t.request(
      `/api/portal/documents/${returns?.files[0]?.id}`,
      withCookie(dana.cookie, { method: "DELETE", headers: { origin: "http://localhost:3000" } }),
    );
    expect(removed.status).toBe(204);
    expect((await portalList(dana.cookie)).items[1]).toMatchObject({ state: "requested", files: [] });
  });

  test("a file sent against no item goes into the documents as before, answering nothing", async () => {
    expect((await upload(dana.cookie, null)).status).toBe(204);
    const list = await portalList(dana.cookie);
    expect(list.items[1]).toMatchObject({ state: "requested", files: [] });
  });
});
