import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { articlePath, PATHS } from "../../../src/contracts/paths";
import { openDatabase } from "../../../src/db";
import { ALL_ARTICLES } from "../../../src/db/migrations/seeds/articles";
import { articlesRepo } from "../../../src/modules/content/repo/articles";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request, dataDir } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });
const cookie = await signIn(request, USER, PASSWORD);

const API = "/api/admin/articles";
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const page = async (path: string) => {
  const res = await request(path, { headers: { accept: "text/html" } });
  return { status: res.status, html: await res.text() };
};
type Row = {
  id: number;
  slug: string;
  title: string;
  published: boolean;
  publishedAt: string;
  tags: string[];
};
const rows = async (): Promise<Row[]> => (await request(API, withCookie(cookie))).json();

describe("the site's own articles are stored content", () => {
  test("every one is a published row at first start, at its URL, with its date and its topics as tags", async () => {
    const stored = await rows();
    for (const article of ALL_ARTICLES) {
      const row = stored.find((r) => r.slug === article.slug);
      expect(row).toMatchObject({ title: article.title, published: true });
      expect(row?.publishedAt.slice(0, 10)).toBe(article.date);
      expect(row?.tags).toEqual(article.topic.split(" · "));
      const { status, html } = await page(articlePath(article.slug));
      expect(status).toBe(200);
      expect(html).toContain(`<time dateTime="${article.date}">`);
      const headings = [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
      expect(headings.length).toBeGreaterThanOrEqual(article.sections.length);
    }
  });

  test("a built-in article edited in the admin shows the new text on its page and on /articles", async () => {
    const [first] = ALL_ARTICLES;
    const row = (await rows()).find((r) => r.slug === first!.slug)!;
    const res = await send("PATCH", `${API}/${row.id}`, { title: "Hidden Assets, Revised" });
    expect(res.status).toBe(200);
    expect((await page(articlePath(first!.slug))).html).toContain("Hidden Assets, Revised</h1>");
    expect((await page(PATHS.articles)).html).toContain("Hidden Assets, Revised");
  });

  test("a deleted built-in article stays deleted when the database is opened again", async () => {
    const gone = ALL_ARTICLES[1]!;
    const row = (await rows()).find((r) => r.slug === gone.slug)!;
    expect((await send("DELETE", `${API}/${row.id}`)).status).toBe(200);
    expect((await page(articlePath(gone.slug))).status).toBe(404);
    const again = openDatabase(join(dataDir, "tracewell.db"));
    try {
      const repo = articlesRepo(again);
      expect(repo.bySlug(gone.slug)).toBeUndefined();
      expect(repo.bySlug(ALL_ARTICLES[2]!.slug)?.published).toBe(true);
    } finally {
      again.close();
    }
  });
});
