import { describe, expect, test } from "bun:test";
import { articlePath, PATHS } from "../../../src/contracts/paths";
import { ALL_ARTICLES } from "../../../src/db/migrations/seeds/articles";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = new Date("2026-11-02T15:00:00.000Z");
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock });
const cookie = await signIn(request, USER, PASSWORD);
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const page = async (path: string) => {
  const res = await request(path, { headers: { accept: "text/html" } });
  return { status: res.status, html: await res.text() };
};
/** The slugs the list links to, in the order shown. */
const listed = (html: string) =>
  [...html.matchAll(/href="\/articles\/([a-z0-9-]+)"/g)].map((m) => m[1]).filter((s) => s !== "rss.xml");

describe("topics on articles", () => {
  test("the admin stores topics trimmed and once each, and refuses a topic too long with a 422", async () => {
    const created = await send("POST", "/api/admin/articles", {
      title: "Liens and Judgments in One Search",
      slug: "liens-and-judgments",
      description: "Where liens and judgments are recorded and how to search them together.",
      content: "## Start\n\nWith the county.",
      tags: [" Probate ", "Public  records", "Probate"],
      published: true,
    });
    expect(created.status).toBe(201);
    expect((await created.json()).tags).toEqual(["Probate", "Public records"]);
    const bad = await send("POST", "/api/admin/articles", {
      title: "Another",
      slug: "another",
      description: "A description.",
      tags: ["x".repeat(41)],
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.tags).toEqual(["A topic must be at most 40 characters"]);
  });

  test("/articles lists every article newest first; ?topic= shows only that topic's, without script", async () => {
    const all = listed((await page(PATHS.articles)).html);
    const byDate = [
      "liens-and-judgments",
      ...[...ALL_ARTICLES].sort((a, b) => b.date.localeCompare(a.date)).map((a) => a.slug),
    ];
    expect(all).toEqual(byDate);

    const { status, html } = await page(`${PATHS.articles}?topic=Probate`);
    expect(status).toBe(200);
    const probate = ALL_ARTICLES.filter((a) => a.topic.split(" · ").includes("Probate")).map((a) => a.slug);
    expect(listed(html)).toEqual(byDate.filter((s) => s === "liens-and-judgments" || probate.includes(s)));
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/articles\?topic=Probate"|<a[^>]*href="\/articles\?topic=Probate"[^>]*aria-current="page"/,
    );
    // The plain list is not answered from the filtered page, nor the other way round.
    expect(listed((await page(PATHS.articles)).html)).toEqual(byDate);
  });

  test("an article shows its topics as links to the filtered list", async () => {
    const { html } = await page(articlePath("liens-and-judgments"));
    expect(html).toContain('href="/articles?topic=Probate"');
    expect(html).toContain('href="/articles?topic=Public%20records"');
  });

  test("a topic no article has answers 200 with a way back to every article", async () => {
    const { status, html } = await page(`${PATHS.articles}?topic=Nothing%20here`);
    expect(status).toBe(200);
    expect(listed(html)).toEqual([]);
    expect(html).toContain("No articles on this topic yet.");
  });
});
