import { describe, expect, test } from "bun:test";
import { DEFAULT_BRAND } from "../src/contracts/brand-defaults";
import { PATHS } from "../src/contracts/paths";
import { loadPage, loadRoutes, matchPath, NOT_FOUND_PAGE, resolvePage, siteStylesheetFits } from "./routes";

const ctx = { brand: DEFAULT_BRAND, publicUrl: "https://www.tracewell.example" };

describe("the admin's and the portal's routes, loaded when first needed", () => {
  test("a path under the admin is unknown until its area has loaded; resolving it loads the area", async () => {
    // An instance of the module of its own: test files share modules, and another may have loaded the areas.
    const specifier = "./routes.ts?areas-not-loaded";
    const { loadPage, matchPath, resolvePage }: typeof import("./routes") = await import(specifier);
    expect(matchPath(PATHS.adminDashboard)).toBeNull();
    expect(resolvePage(PATHS.adminDashboard, ctx)).toBeInstanceOf(Promise);
    expect(matchPath(PATHS.home)?.route.path).toBe(PATHS.home);
    const page = await loadPage(PATHS.adminDashboard, ctx);
    expect(page.status).toBe(200);
    expect(page.layout).toBe("admin");
    expect(matchPath(PATHS.adminDashboard)?.route.path).toBe(PATHS.adminDashboard);
    expect(matchPath(PATHS.portal)).toBeNull();
    expect((await loadPage(PATHS.portal, ctx)).route?.path).toBe(PATHS.portal);
  });

  test("every route outside the public site's table lies under its area's prefix", async () => {
    const areaRoutes = (await loadRoutes()).filter((r) => !siteStylesheetFits(r));
    expect(areaRoutes.length).toBeGreaterThan(10);
    for (const r of areaRoutes)
      expect(r.path === PATHS.portal || r.path.startsWith("/admin/"), r.path).toBe(true);
  });
});

describe("route table", () => {
  test("every path is unique and starts with a slash", async () => {
    const paths = (await loadRoutes()).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.startsWith("/")).toBe(true);
  });

  test("every route's module exports the page definition the route names", async () => {
    for (const route of await loadRoutes()) {
      const definition = await route.page.load();
      expect(typeof definition.component, route.path).toBe("function");
      expect(typeof definition.meta, route.path).toBe("function");
    }
  });

  test("the home page resolves with status 200 and its own meta", async () => {
    const page = await loadPage(PATHS.home, ctx);
    expect(page.status).toBe(200);
    expect(page.route?.path).toBe(PATHS.home);
    expect(page.layout).toBe("public");
    expect(page.meta.title).toContain("Tracewell");
  });

  test("once loaded, a page resolves without waiting (the client renders it synchronously)", async () => {
    await loadPage(PATHS.process, ctx);
    const page = resolvePage(PATHS.process, ctx);
    expect(page).not.toBeInstanceOf(Promise);
  });

  test("unknown paths resolve to the 404 page", async () => {
    for (const path of ["/nope", "/services", "/services/unknown", "//", "/index.html"]) {
      const page = await loadPage(path, ctx);
      expect(page.status).toBe(404);
      expect(page.page).toBe(NOT_FOUND_PAGE);
      expect(page.meta.title).toBe("Page Not Found");
      expect(page.meta.noindex).toBe(true);
    }
  });

  test("an article resolves from the content the server loaded; an unknown slug gets the article's 404 state", async () => {
    const slug = "hidden-assets-divorce-records";
    const path = `${PATHS.articles}/${slug}`;
    const stored = {
      slug,
      title: "Hidden Assets in Divorce",
      description: "Where the records are.",
      author: "Tracewell",
      readingTime: "9 min read",
      date: "2026-02-10",
      wordCount: 1900,
      html: "<p>Text</p>",
      tags: ["Family law"],
    };
    const article = await loadPage(path, { ...ctx, content: { path, article: stored } });
    expect(article.status).toBe(200);
    expect(article.meta.ogType).toBe("article");
    expect(article.meta.title).toBe(stored.title);

    const missing = await loadPage(`${PATHS.articles}/no-such-article`, ctx);
    expect(missing.status).toBe(404);
    expect(missing.meta.title).toBe("Article Not Found");
    expect(missing.page).toBe(article.page);
  });

  test("admin screens: editors are titled by params, a non-numeric submission id is the site's 404", async () => {
    expect((await loadPage(PATHS.adminArticleNew, ctx)).meta.title).toBe("New Article");
    expect((await loadPage(`${PATHS.adminArticles}/7`, ctx)).meta.title).toBe("Edit Article");
    expect((await loadPage(`${PATHS.adminSubmissions}/12`, ctx)).meta.title).toBe("Submission");
    const bad = await loadPage(`${PATHS.adminSubmissions}/abc`, ctx);
    expect(bad.status).toBe(404);
    expect(bad.page).toBe(NOT_FOUND_PAGE);
    expect(bad.layout).toBe("admin");
  });

  test("matching is exact, not by prefix", () => {
    expect(matchPath("/")?.route.path).toBe("/");
    expect(matchPath("/x")).toBeNull();
  });

  test("every indexable route's meta has a title and a description of useful length", async () => {
    for (const route of (await loadRoutes()).filter((r) => r.indexable && !r.path.includes(":"))) {
      const meta = (await route.page.load()).meta({}, ctx);
      expect(meta, route.path).not.toBeNull();
      expect(meta?.title.length, route.path).toBeGreaterThan(3);
      expect(meta?.description.length, route.path).toBeGreaterThanOrEqual(50);
      expect(meta?.description.length, route.path).toBeLessThanOrEqual(175);
    }
  });
});
