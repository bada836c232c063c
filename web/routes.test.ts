import { describe, expect, test } from "bun:test";
import { DEFAULT_BRAND } from "../src/contracts/brand-defaults";
import { PATHS } from "./lib/paths";
import { NotFoundPage } from "./pages/not-found-page";
import { matchPath, ROUTES, resolvePage } from "./routes";

const ctx = { brand: DEFAULT_BRAND, publicUrl: "https://www.tracewell.example" };

describe("route table", () => {
  test("every path is unique and starts with a slash", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.startsWith("/")).toBe(true);
  });

  test("the home page resolves with status 200 and its own meta", () => {
    const page = resolvePage(PATHS.home, ctx);
    expect(page.status).toBe(200);
    expect(page.route?.path).toBe(PATHS.home);
    expect(page.layout).toBe("public");
    expect(page.meta.title).toContain("Tracewell");
  });

  test("unknown paths resolve to the 404 page", () => {
    for (const path of ["/nope", "/services", "/services/unknown", "//", "/index.html"]) {
      const page = resolvePage(path, ctx);
      expect(page.status).toBe(404);
      expect(page.component).toBe(NotFoundPage);
      expect(page.meta.title).toBe("Page Not Found");
      expect(page.meta.noindex).toBe(true);
    }
  });

  test("matching is exact, not by prefix", () => {
    expect(matchPath("/")?.route.path).toBe("/");
    expect(matchPath("/x")).toBeNull();
  });

  test("every indexable route's meta has a title and a description of useful length", () => {
    for (const route of ROUTES.filter((r) => r.indexable && !r.path.includes(":"))) {
      const meta = route.meta({}, ctx);
      expect(meta, route.path).not.toBeNull();
      expect(meta?.title.length, route.path).toBeGreaterThan(3);
      expect(meta?.description.length, route.path).toBeGreaterThanOrEqual(50);
      expect(meta?.description.length, route.path).toBeLessThanOrEqual(175);
    }
  });
});
