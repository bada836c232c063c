import { describe, expect, test } from "bun:test";
import { articlePath, PATHS } from "../../../src/contracts/paths";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
let clock = new Date("2026-11-02T15:00:00.000Z");
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock });
const cookie = await signIn(request, USER, PASSWORD);
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const text = async (path: string) => (await request(path, { headers: { accept: "text/html" } })).text();
const status = async (path: string) => (await request(path, { headers: { accept: "text/html" } })).status;

const SLUG = "year-end-lien-sweep";
const PATH = articlePath(SLUG);
const AT = "2026-11-03T09:00:00.000Z";
const article = {
  title: "The Year-End Lien Sweep",
  slug: SLUG,
  description: "What a December search of lien indexes finds that a spring one misses.",
  content: "## Why December\n\nFilings bunch up before the year closes.",
  published: true,
  publishAt: AT,
};

describe("scheduled publishing", () => {
  // Before the clock moves on: the admin session would have lapsed by then.
  test("a publish time that is not a time with its zone is a 422 naming the field", async () => {
    for (const publishAt of ["tomorrow", "2026-11-03T09:00", 42]) {
      const res = await send("POST", "/api/admin/articles", { ...article, slug: "bad-time", publishAt });
      expect({ publishAt, status: res.status }).toEqual({ publishAt, status: 422 });
      expect((await res.json()).errors.publishAt).toEqual([
        "Publish time must be a date and time with its zone, such as 2026-11-03T09:00:00Z",
      ]);
    }
  });

  test("a published article with a future time is nowhere public until then, then everywhere without a restart", async () => {
    // Pages visited first, so a cached copy from before the time must not hide the article after it.
    expect(await text(PATHS.articles)).not.toContain(article.title);
    const created = await send("POST", "/api/admin/articles", article);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ published: true, publishedAt: AT });

    expect(await status(PATH)).toBe(404);
    expect(await text(PATHS.articles)).not.toContain(article.title);
    expect(await text("/sitemap.xml")).not.toContain(PATH);
    expect(await text(PATHS.articlesFeed)).not.toContain(PATH);

    clock = new Date("2026-11-03T08:59:59.000Z");
    expect(await text(PATHS.articles)).not.toContain(article.title);

    clock = new Date(AT);
    expect(await status(PATH)).toBe(200);
    expect(await text(PATHS.articles)).toContain(article.title);
    expect(await text("/sitemap.xml")).toContain(`${ORIGIN}${PATH}`);
    const rss = await text(PATHS.articlesFeed);
    expect(rss).toContain(`<link>${ORIGIN}${PATH}</link>`);
    expect(rss).toContain("<pubDate>Tue, 03 Nov 2026");
    expect(await text(PATH)).toContain('<time dateTime="2026-11-03">');
  });
});
