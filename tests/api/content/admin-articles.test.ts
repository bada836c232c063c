import { describe, expect, test } from "bun:test";
import { ALL_ARTICLES, FIXED_ARTICLES } from "../../../src/db/migrations/seeds/articles";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
let clock = new Date("2026-03-02T15:00:00.000Z");
const { request, db } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock });
const cookie = await signIn(request, USER, PASSWORD);

const API = "/api/admin/articles";
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(path, withCookie(cookie, { ...post(body, headers), method }));
const get = (path: string) => request(path, withCookie(cookie));
const page = (path: string) => request(path, { headers: { accept: "text/html" } });

const CONTENT = `## Start with the deed\n\nThe county recorder holds the **deed**, the mortgage and any lien.\n\n- Grantor and grantee index\n- UCC filings\n`;
const valid = {
  title: "Reading a County Recorder Index",
  slug: "reading-a-county-recorder-index",
  description: "How grantor and grantee indexes show what a person bought, sold and borrowed against.",
  content: CONTENT,
};

describe("/api/admin/articles", () => {
  test("create answers 201 with the row, the brand as author and a computed reading time", async () => {
    const res = await send("POST", API, valid);
    expect(res.status).toBe(201);
    const row = await res.json();
    const one = await get(`${API}/${row.id}`);
    expect({ status: one.status, body: await one.json() }).toEqual({ status: 200, body: { ...row } });
    expect(row).toMatchObject({
      id: expect.any(Number),
      ...valid,
      author: "Tracewell",
      readingTime: "1 min read",
      published: false,
      publishedAt: null,
    });
  });

  test("empty content claims no reading time: it says there is nothing to read yet", async () => {
    const res = await send("POST", API, {
      ...valid,
      title: "Notes on Lien Searches",
      slug: "empty-body",
      content: "",
    });
    expect(res.status).toBe(201);
    expect((await res.json()).readingTime).toBe("Nothing to read yet");
  });

  test("per-field 422 messages", async () => {
    const res = await send("POST", API, { title: " ", slug: "Not A Slug", description: "" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        title: ["Title is required"],
        slug: ["Use lowercase letters, digits and single hyphens only"],
        description: ["Description is required"],
      },
    });
  });

  test("a taken slug is 409, a built-in one's too (it is a stored article like any other)", async () => {
    const taken = await send("POST", API, { ...valid, title: "Another" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toBe("That slug is already used by another article.");
    const builtIn = await send("POST", API, { ...valid, slug: FIXED_ARTICLES[0]!.slug });
    expect(builtIn.status).toBe(409);
    expect((await builtIn.json()).errors.slug).toEqual(["That slug is already used by another article."]);
  });

  test("list filters by status, searches and sorts", async () => {
    const all = (await (await get(`${API}?sort=title`)).json()) as { title: string }[];
    const folded = (t: string) => t.toLowerCase();
    expect(all.map((a) => a.title)).toEqual(
      [...all.map((a) => a.title)].sort((a, b) => (folded(a) < folded(b) ? -1 : 1)),
    );
    expect((await (await get(`${API}?q=recorder`)).json()).length).toBe(1);
    // The site's own articles are stored published (migration 019); the new one is a draft.
    expect((await (await get(`${API}?status=published`)).json()).length).toBe(ALL_ARTICLES.length);
  });

  test("a draft is 404 in public; publishing shows it at once and sets publishedAt once", async () => {
    const path = `/articles/${valid.slug}`;
    expect((await page(path)).status).toBe(404);
    const list = await page("/articles");
    expect(await list.text()).not.toContain(valid.title);

    const [row] = (await (await get(`${API}?q=recorder`)).json()) as { id: number }[];
    const published = await send("PATCH", `${API}/${row!.id}`, { published: true });
    expect(published.status).toBe(200);
    const firstDate = (await published.json()).publishedAt;
    expect(firstDate).toBe(clock.toISOString());

    const res = await page(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h2>Start with the deed</h2>");
    expect(html).toContain("Written by <!-- -->Tracewell");
    expect(await (await page("/articles")).text()).toContain(valid.title);
    expect(await (await request("/sitemap.xml")).text()).toContain(`${ORIGIN}${path}`);
    const rss = await request("/articles/rss.xml");
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    expect(await rss.text()).toContain(`<link>${ORIGIN}${path}</link>`);

    clock = new Date("2026-03-02T15:05:00.000Z");
    await send("PATCH", `${API}/${row!.id}`, { published: false });
    expect((await page(path)).status).toBe(404);
    expect(await (await request("/sitemap.xml")).text()).not.toContain(path);
    const again = await send("PATCH", `${API}/${row!.id}`, { published: true });
    expect((await again.json()).publishedAt).toBe(firstDate);

    expect((await send("DELETE", `${API}/${row!.id}`)).status).toBe(200);
    expect((await page(path)).status).toBe(404);
    expect((await get(`${API}/${row!.id}`)).status).toBe(404);
  });

  test("stored Markdown cannot put script on the page", async () => {
    const res = await send("POST", API, {
      ...valid,
      title: "Hostile",
      slug: "hostile",
      published: true,
      content: '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror="alert(1)">',
    });
    expect(res.status).toBe(201);
    const html = await (await page("/articles/hostile")).text();
    const body = html.slice(html.indexOf("<body>"));
    expect(body).not.toContain("<script>alert(1)");
    expect(body).not.toMatch(/href="javascript:/i);
    expect(body).not.toMatch(/<img[^>]*onerror/i);
  });

  test("the /articles head links the RSS feed", async () => {
    const html = await (await page("/articles")).text();
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Tracewell Articles" href="/articles/rss.xml">',
    );
  });

  test("every change is audit-logged", () => {
    const events = db.query("SELECT event FROM audit_log WHERE event LIKE 'article.%' ORDER BY id").all() as {
      event: string;
    }[];
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(["article.create", "article.publish", "article.unpublish", "article.delete"]),
    );
  });

  test("cross-site changes are refused", async () => {
    const res = await request(
      API,
      withCookie(cookie, post(valid, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })),
    );
    expect(res.status).toBe(403);
  });
});
