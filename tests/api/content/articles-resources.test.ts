import { describe, expect, test } from "bun:test";
import { PDFDocument } from "pdf-lib";
import { formatFileSize } from "../../../src/contracts/file-size";
import { articlePath, DOCS, PATHS } from "../../../src/contracts/paths";
import { BUILT_IN_ARTICLES, FIXED_ARTICLES } from "../../../src/db/migrations/seeds/articles";
import { RESOURCE_DOWNLOADS } from "../../../src/db/migrations/seeds/resources";
import { SAMPLE_REPORT } from "../../../src/db/migrations/seeds/sample-report";
import { formatLongDate } from "../../../web/lib/dates";
import { makeTestApp, ORIGIN } from "../../helpers/app";

const { request } = makeTestApp();

const FIXED_SLUGS = [
  "hidden-assets-divorce-records",
  "asset-tracing-101-follow-the-money",
  "beneficial-ownership-shells-entity-mapping",
  "lawful-digital-breadcrumbs",
  "probate-estates-locate-accounts",
];
const BUILT_IN_SLUGS = ["asset-discovery-in-divorce", "public-records-corroboration", "probate-red-flags"];

async function page(path: string) {
  const res = await request(path);
  return { res, html: await res.text() };
}

/** Text content of an HTML fragment: tags dropped, entities that matter here decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

const tagContent = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => text(m[1] ?? ""));
const metaContent = (html: string, attr: string, name: string) =>
  html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`))?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? "");
/** Visible words of an article's body: from the end of its header to its author line. */
function bodyWords(html: string): number {
  const start = html.indexOf("</header>", html.indexOf("<article"));
  const end = html.indexOf('data-testid="article-author"');
  return text(html.slice(start, end))
    .split(" ")
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

describe("/articles", () => {
  test("lists the five fixed articles, each with title, description and a Read link", async () => {
    const { res, html } = await page(PATHS.articles);
    expect(res.status).toBe(200);
    expect(tagContent(html, "h1")).toEqual(["Checklists and explainers from our casework"]);
    const links = hrefs(html);
    for (const slug of FIXED_SLUGS) {
      const article = FIXED_ARTICLES.find((a) => a.slug === slug);
      if (!article) throw new Error(`missing fixed article ${slug}`);
      expect(tagContent(html, "h2")).toContain(article.title);
      expect(text(html)).toContain(article.description);
      expect(links).toContain(`/articles/${slug}`);
      expect(text(html)).toContain(`Read : ${article.title}`);
    }
    expect(FIXED_ARTICLES.map((a) => a.slug)).toEqual(FIXED_SLUGS);
  });
});

describe("article pages", () => {
  for (const slug of FIXED_SLUGS) {
    test(`${slug} is a full article: 800+ words, headings, lists, date, reading time, author, Request Intake`, async () => {
      const article = FIXED_ARTICLES.find((a) => a.slug === slug);
      if (!article) throw new Error(`missing ${slug}`);
      const { res, html } = await page(articlePath(slug));
      expect(res.status).toBe(200);
      expect(tagContent(html, "h1")).toEqual([article.title]);
      expect(text(html)).toContain(article.description);
      expect(bodyWords(html)).toBeGreaterThanOrEqual(800);
      expect(tagContent(html, "h2").length).toBeGreaterThanOrEqual(5);
      expect(html).toMatch(/<(ul|ol)[ >]/);
      expect(html).toContain(`<time dateTime="${article.date}">${formatLongDate(article.date)}</time>`);
      expect(text(html)).toMatch(/\d+ min read/);
      expect(text(html)).toContain("Written by Tracewell");
      expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Request Intake/);
    });
  }

  for (const slug of BUILT_IN_SLUGS) {
    test(`${slug} renders through the article detail view`, async () => {
      const article = BUILT_IN_ARTICLES.find((a) => a.slug === slug);
      if (!article) throw new Error(`missing ${slug}`);
      const { res, html } = await page(articlePath(slug));
      expect(res.status).toBe(200);
      expect(html).toMatch(/<a[^>]*href="\/articles"[^>]*>.*Back to Articles/);
      expect(tagContent(html, "h1")).toEqual([article.title]);
      expect(text(html)).toContain(article.description);
      expect(text(html)).toContain(formatLongDate(article.date));
      expect(text(html)).toMatch(/\d+ min read/);
      for (const section of article.sections) expect(tagContent(html, "h2")).toContain(section.heading);
      expect(text(html)).toContain("Written by Tracewell");
      expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Request Intake/);
    });
  }

  test("an unknown slug answers 404 with Article Not Found and Back to Articles", async () => {
    const { res, html } = await page("/articles/no-such-article");
    expect(res.status).toBe(404);
    expect(tagContent(html, "h1")).toEqual(["Article Not Found"]);
    expect(html).toMatch(/<a[^>]*href="\/articles"[^>]*>.*Back to Articles/);
    expect(metaContent(html, "name", "robots")).toBe("noindex, nofollow");
    expect(html).toContain("<title>Article Not Found | Tracewell</title>");
  });

  test("each article has its own title and description, og:type article, Article and BreadcrumbList JSON-LD", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const article of [...FIXED_ARTICLES, ...BUILT_IN_ARTICLES]) {
      const { html } = await page(articlePath(article.slug));
      const title = text(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
      titles.add(title);
      descriptions.add(metaContent(html, "name", "description") ?? "");
      expect(title).toBe(`${article.title} | Tracewell`);
      expect(metaContent(html, "property", "og:type")).toBe("article");
      const objects = jsonLd(html);
      const ld = objects.find((o) => o["@type"] === "Article");
      expect(ld).toMatchObject({
        headline: article.title,
        datePublished: article.date,
        author: { "@id": `${ORIGIN}/#firm` },
        publisher: { "@id": `${ORIGIN}/#firm` },
      });
      expect(objects.some((o) => o["@type"] === "AccountingService" && o["@id"] === `${ORIGIN}/#firm`)).toBe(
        true,
      );
      const crumbs = objects.find((o) => o["@type"] === "BreadcrumbList") as
        | { itemListElement: { name: string; item: string }[] }
        | undefined;
      expect(crumbs?.itemListElement.map((i) => i.item)).toEqual([
        `${ORIGIN}/`,
        `${ORIGIN}/articles`,
        `${ORIGIN}/articles/${article.slug}`,
      ]);
    }
    for (const path of [PATHS.articles, PATHS.resources]) {
      const { html } = await page(path);
      titles.add(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
      descriptions.add(metaContent(html, "name", "description") ?? "");
    }
    expect(titles.size).toBe(10);
    expect(descriptions.size).toBe(10);
  });

  test("every link into articles, resources and downloads resolves", async () => {
    const pages = [PATHS.articles, PATHS.resources, ...[...FIXED_SLUGS, ...BUILT_IN_SLUGS].map(articlePath)];
    const targets = new Set<string>();
    for (const path of pages) {
      for (const href of hrefs((await page(path)).html)) {
        if (/^\/(articles|resources|docs)(\/|$)/.test(href)) targets.add(href.split("#")[0] ?? href);
      }
    }
    expect(targets.size).toBeGreaterThanOrEqual(10);
    for (const target of targets) {
      const res = await request(target);
      expect({ target, status: res.status }).toEqual({ target, status: 200 });
    }
  });
});

describe("/resources and downloads", () => {
  test("shows the three downloads and the redacted sample report, with title, description, format, real size and a Download link", async () => {
    const { res, html } = await page(PATHS.resources);
    expect(res.status).toBe(200);
    expect(RESOURCE_DOWNLOADS.map((r) => [r.title, r.format, r.path])).toEqual([
      ["Attorney Intake Checklist", "PDF", DOCS.attorneyIntakeChecklist],
      ["Records Request Template", "Word", DOCS.recordsRequestTemplate],
      ["Public-Records Sources", "PDF", DOCS.publicRecordsSources],
    ]);
    const downloads = [...RESOURCE_DOWNLOADS, { ...SAMPLE_REPORT, format: "PDF" }];
    const sizes = [...html.matchAll(/data-testid="resource-size">([^<]+)</g)].map((m) => m[1]);
    const cards = html
      .split('<li class="flex flex-col rounded-xl')
      .slice(1)
      .map((c) => c.slice(0, c.indexOf("</li>")));
    expect(cards).toHaveLength(4);
    for (const [i, r] of downloads.entries()) {
      const card = cards[i] ?? "";
      expect(tagContent(card, "h2")).toEqual([r.title]);
      expect(text(card)).toContain(r.description);
      expect(text(card)).toContain(`Format ${r.format}`);
      expect(card).toMatch(new RegExp(`<a href="${r.path}" download=""[^>]*>.*Download`));
      const file = await request(r.path);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="${r.path.split("/").pop()}"`,
      );
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(sizes[i]).toBe(formatFileSize(bytes.byteLength));
    }
    expect(text(html)).toContain("Informational only, not legal advice");
  });

  for (const path of [DOCS.attorneyIntakeChecklist, DOCS.publicRecordsSources, DOCS.engagementLetter]) {
    test(`${path} is a real PDF`, async () => {
      const res = await request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
      expect(pdf.getTitle()).toContain("Tracewell");
      expect(pdf.getAuthor()).toBe("Tracewell");
    });
  }

  test("the records request template is a Word document with a fill-in letter", async () => {
    const res = await request(DOCS.recordsRequestTemplate);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 2))).toBe("PK");
    const xml = zipEntry(bytes, "word/document.xml");
    expect(xml).toContain("Re: Public records request under ");
    expect(xml).toContain("[Agency name]");
    expect(xml).toContain("Withheld records.");
  });
});

describe("sitemap and robots", () => {
  // Every listed page is requested: on a busy machine that is more than the default five seconds.
  test("/sitemap.xml lists every indexable public page and article with absolute URLs", async () => {
    const res = await request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    for (const path of [
      "/",
      PATHS.articles,
      PATHS.resources,
      ...FIXED_SLUGS.map(articlePath),
      ...BUILT_IN_SLUGS.map(articlePath),
    ]) {
      expect(locs).toContain(`${ORIGIN}${path === "/" ? "/" : path}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) {
      expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(loc).not.toContain("/admin");
      expect(loc).not.toContain(PATHS.thanks);
      const listed = await request(loc.slice(ORIGIN.length));
      expect({ loc, status: listed.status }).toEqual({ loc, status: 200 });
    }
  }, 20_000);

  test("/robots.txt names the sitemap and disallows /admin", async () => {
    const res = await request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

/** Reads one stored or deflated entry of a zip file (enough for a .docx), by walking its local headers. */
function zipEntry(zip: Uint8Array, name: string): string {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let offset = 0;
  while (view.getUint32(offset, true) === 0x04034b50) {
    const method = view.getUint16(offset + 8, true);
    const compressedSize = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const entryName = new TextDecoder().decode(zip.slice(offset + 30, offset + 30 + nameLength));
    const start = offset + 30 + nameLength + extraLength;
    const data = zip.slice(start, start + compressedSize);
    if (entryName === name) {
      return new TextDecoder().decode(method === 8 ? Bun.inflateSync(data) : data);
    }
    offset = start + compressedSize;
  }
  throw new Error(`${name} not found in zip`);
}
