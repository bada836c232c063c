import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });
const cookie = await signIn(request, USER, PASSWORD);

const API = "/api/admin/articles";
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const text = async (path: string) => (await request(path, { headers: { accept: "text/html" } })).text();

/** The article's schema.org object from its page's head. */
async function articleLd(path: string): Promise<Record<string, unknown>> {
  const html = await text(path);
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
  const article = blocks.find((b) => b["@type"] === "Article");
  if (!article) throw new Error(`no Article JSON-LD on ${path}`);
  return article;
}

const person = async (body: Record<string, unknown>) => {
  const res = await send("POST", "/api/admin/people", body);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
};

const dana = await person({
  name: "Dana Whitfield",
  role: "Principal",
  credentials: "CPA, CFE",
  published: true,
});
const sam = await person({ name: "Sam Okafor", role: "Researcher", published: false });

const article = {
  title: "Tracing Funds Through Shell Companies",
  slug: "tracing-funds-through-shell-companies",
  description:
    "How registered agents, annual reports and UCC filings tie a shell company to the person behind it.",
  content: "## Start with the registered agent\n\nThe agent's address is public.\n",
  author: "Field Team",
  published: true,
};
const PATH = `/articles/${article.slug}`;
const BYLINE = "Dana Whitfield, Principal (CPA, CFE)";

describe("an article written by one of the firm's people", () => {
  let id = 0;

  test("names the person: stored by reference, on the page with a link to them on About, in JSON-LD, the list and the feed", async () => {
    const res = await send("POST", API, { ...article, authorPersonId: dana.id });
    expect(res.status).toBe(201);
    const row = await res.json();
    id = row.id;
    expect(row).toMatchObject({ authorPersonId: dana.id, author: "Field Team" });

    const html = await text(PATH);
    expect(html).toContain(`href="/about#person-${dana.id}"`);
    expect(html).toMatch(/Written by (<!-- -->)?<a [^>]*>Dana Whitfield<\/a>, Principal \(CPA, CFE\)/);
    expect(html).not.toContain("Field Team");
    expect((await articleLd(PATH)).author).toEqual({
      "@type": "Person",
      name: "Dana Whitfield",
      jobTitle: "Principal",
      honorificSuffix: "CPA, CFE",
      url: `${ORIGIN}/about#person-${dana.id}`,
      worksFor: { "@id": `${ORIGIN}/#firm` },
    });
    expect(await text("/articles")).toContain(BYLINE);
    expect(await text("/articles/rss.xml")).toContain(`<dc:creator>${BYLINE}</dc:creator>`);
    // The About page carries the anchor the byline links to.
    expect(await text("/about")).toContain(`id="person-${dana.id}"`);
  });

  test("an unknown person, one not published, or not an id at all, is 422 at the field; nothing changes", async () => {
    for (const authorPersonId of [999_999, sam.id]) {
      const res = await send("PATCH", `${API}/${id}`, { authorPersonId });
      expect(res.status).toBe(422);
      expect((await res.json()).errors.authorPersonId).toEqual([
        "Choose one of the firm's published people, or none.",
      ]);
    }
    const bad = await send("POST", API, { ...article, slug: "another-one", authorPersonId: "dana" });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(["authorPersonId"]);
    expect((await (await send("GET", `${API}/${id}`)).json()).authorPersonId).toBe(dana.id);
  });

  test("a person unpublished: the article falls back to its own author, and is still editable; published again, named again", async () => {
    expect((await send("PATCH", `/api/admin/people/${dana.id}`, { published: false })).status).toBe(200);
    const html = await text(PATH);
    expect(html).not.toContain("Dana Whitfield");
    expect(html).toContain("Written by <!-- -->Field Team");
    expect((await articleLd(PATH)).author).toEqual({ "@type": "Organization", name: "Field Team" });
    expect(await text("/articles/rss.xml")).toContain("<dc:creator>Field Team</dc:creator>");
    expect(await text("/articles")).not.toContain("Dana Whitfield");
    // The reference is kept: an edit that does not touch it is not refused for it.
    const edit = await send("PATCH", `${API}/${id}`, { description: `${article.description} Updated.` });
    expect(edit.status).toBe(200);
    expect((await edit.json()).authorPersonId).toBe(dana.id);

    expect((await send("PATCH", `/api/admin/people/${dana.id}`, { published: true })).status).toBe(200);
    expect(await text(PATH)).toContain(`href="/about#person-${dana.id}"`);
  });

  test("a person deleted: the reference goes and the article shows its own author, never a missing person", async () => {
    expect((await send("DELETE", `/api/admin/people/${dana.id}`)).status).toBe(200);
    expect((await (await send("GET", `${API}/${id}`)).json()).authorPersonId).toBeNull();
    const html = await text(PATH);
    expect(html).toContain("Written by <!-- -->Field Team");
    expect(html).not.toContain("Dana Whitfield");
    expect(html).not.toContain("#person-");
  });

  test("no person named while the firm has people: the firm writes, as before", async () => {
    const jo = await person({ name: "Jo Marsh", role: "Analyst", published: true });
    const res = await send("POST", API, { ...article, slug: "firm-written", author: "" });
    expect(res.status).toBe(201);
    const row = (await res.json()) as { id: number; authorPersonId: number | null };
    expect(row.authorPersonId).toBeNull();
    expect((await articleLd("/articles/firm-written")).author).toEqual({ "@id": `${ORIGIN}/#firm` });
    expect(await text("/articles/firm-written")).toContain("Written by <!-- -->Tracewell");
    // And naming one, then none again (null), is allowed.
    const set = await send("PATCH", `${API}/${row.id}`, { authorPersonId: jo.id });
    expect((await set.json()).authorPersonId).toBe(jo.id);
    const cleared = await send("PATCH", `${API}/${row.id}`, { authorPersonId: null });
    expect(cleared.status).toBe(200);
    expect((await cleared.json()).authorPersonId).toBeNull();
  });
});
