import { describe, expect, test } from "bun:test";
import { articlePath } from "../../../src/contracts/paths";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
let clock = new Date("2026-11-02T15:00:00.000Z");
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock });
const cookie = await signIn(request, USER, PASSWORD);
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const get = async (path: string) => {
  const res = await request(path, withCookie(cookie));
  return { status: res.status, body: await res.json() };
};
const API = "/api/admin/articles";

type Revision = { id: number; savedAt: string; savedBy: string; title: string; content: string };

describe("article revisions", () => {
  let id = 0;
  test("each save is kept, newest first, with who saved it and when", async () => {
    const created = await send("POST", API, {
      title: "Reading a Deed",
      slug: "reading-a-deed",
      description: "What a deed records and what it leaves out.",
      content: "## Parties\n\nGrantor and grantee.\n\n## Price\n\nThe stamps show it.\n",
      published: true,
    });
    id = (await created.json()).id;
    clock = new Date("2026-11-02T15:10:00.000Z");
    await send("PATCH", `${API}/${id}`, {
      title: "Reading a Deed Closely",
      content: "## Parties\n\nGrantor and grantee, and their spouses.\n\n## Price\n\nThe stamps show it.\n",
    });
    const { status, body } = await get(`${API}/${id}/revisions`);
    expect(status).toBe(200);
    expect(body.map((r: Revision) => [r.title, r.savedAt, r.savedBy])).toEqual([
      ["Reading a Deed Closely", "2026-11-02T15:10:00.000Z", USER],
      ["Reading a Deed", "2026-11-02T15:00:00.000Z", USER],
    ]);
  });

  test("two revisions compare as the fields that changed and the lines added and removed", async () => {
    const [newer, older] = (await get(`${API}/${id}/revisions`)).body as Revision[];
    const { status, body } = await get(`${API}/${id}/revisions/compare?from=${older!.id}&to=${newer!.id}`);
    expect(status).toBe(200);
    expect(body.fields).toEqual([{ field: "title", from: "Reading a Deed", to: "Reading a Deed Closely" }]);
    expect(body.lines.filter((l: { kind: string }) => l.kind !== "same")).toEqual([
      { kind: "removed", text: "Grantor and grantee." },
      { kind: "added", text: "Grantor and grantee, and their spouses." },
    ]);
    expect((await get(`${API}/${id}/revisions/compare?from=${older!.id}&to=999999`)).status).toBe(404);
    expect((await get(`${API}/${id}/revisions/compare?from=x&to=${newer!.id}`)).status).toBe(404);
  });

  test("restoring a revision makes it the article again, on the site too, and is itself kept", async () => {
    const [, older] = (await get(`${API}/${id}/revisions`)).body as Revision[];
    clock = new Date("2026-11-02T15:20:00.000Z");
    const res = await send("POST", `${API}/${id}/revisions/${older!.id}/restore`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "Reading a Deed", content: older!.content });
    const html = await (
      await request(articlePath("reading-a-deed"), { headers: { accept: "text/html" } })
    ).text();
    expect(html).toContain("Reading a Deed</h1>");
    expect(html).not.toContain("their spouses");
    const after = (await get(`${API}/${id}/revisions`)).body as Revision[];
    expect(after.map((r) => r.title)).toEqual(["Reading a Deed", "Reading a Deed Closely", "Reading a Deed"]);
    expect((await send("POST", `${API}/${id}/revisions/424242/restore`)).status).toBe(404);
  });
});
