import { expect, test } from "bun:test";
import { sameOriginPath } from "./same-origin-path";

const SITE = "https://www.tracewell.example";

/** Where a browser on `page` goes when told `location`. */
const resolved = (location: string, page = `${SITE}/some/page`) => new URL(location, page);

test("a path of this site stays as it is, query and fragment included", () => {
  for (const path of [
    "/",
    "/admin/submissions?status=new&q=x#row-3",
    "/services/asset-map",
    "/articles/caf%C3%A9",
    "/a/b/",
  ]) {
    expect(sameOriginPath(path)).toBe(path);
  }
  // The parser's serialisation: what a browser would send anyway.
  expect(sameOriginPath("/articles/café")).toBe("/articles/caf%C3%A9");
  expect(sameOriginPath("/a/./b/../c")).toBe("/a/c");
});

const HOSTILE = [
  "//evil.example",
  "//evil.example/",
  "///evil.example/",
  "////evil.example",
  "/\\evil.example/",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/../..//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "//evil.example:443/x",
  "//user:pass@evil.example/",
  "https://evil.example/",
  "http://evil.example",
  "https:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/%2e%2e",
  "/%2F%2Fevil.example",
  "//%65vil.example",
  "//[::1]/",
  "//127.0.0.1/",
];

test("hostile values give a path of this site: the browser never leaves it", () => {
  for (const raw of HOSTILE) {
    const path = sameOriginPath(raw);
    expect({ raw, path, startsWithOneSlash: /^\/(?![/\\])/.test(path) }).toEqual({
      raw,
      path,
      startsWithOneSlash: true,
    });
    expect({ raw, origin: resolved(path).origin }).toEqual({ raw, origin: SITE });
    // From any page of the site, however deep or odd its own path.
    expect({ raw, origin: resolved(path, `${SITE}//evil.example/x/`).origin }).toEqual({ raw, origin: SITE });
  }
});

test("what names another site or a scheme gives the fallback; leading slashes collapse to one", () => {
  expect(sameOriginPath("//evil.example/")).toBe("/evil.example/");
  expect(sameOriginPath("/\\evil.example/")).toBe("/evil.example/");
  expect(sameOriginPath("/.//evil.example")).toBe("/evil.example");
  expect(sameOriginPath("https://evil.example/")).toBe("/");
  expect(sameOriginPath("javascript:alert(1)", "/admin/login")).toBe("/admin/login");
  expect(sameOriginPath("")).toBe("/");
});
