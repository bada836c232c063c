import { expect, test } from "bun:test";
import { cleanLandingPage, cleanReferrerHost, LANDING_PAGE_MAX } from "./visit-source";

test("a landing page is kept as a plain path of a site, without its query or fragment", () => {
  expect(cleanLandingPage("/")).toBe("/");
  expect(cleanLandingPage("/articles/hidden-assets-in-divorce")).toBe("/articles/hidden-assets-in-divorce");
  expect(cleanLandingPage("/services/asset-map/")).toBe("/services/asset-map");
  expect(cleanLandingPage("/services/asset-map?utm_source=news&email=a@b.example")).toBe(
    "/services/asset-map",
  );
  expect(cleanLandingPage(" /about#team ")).toBe("/about");
  expect(cleanLandingPage("/articles/caf%C3%A9")).toBe("/articles/caf%C3%A9");
});

test("anything else is no landing page: URLs, other sites, scripts, climbing paths, over-long values", () => {
  for (const bad of [
    "https://evil.example/services/asset-map",
    "//evil.example/services/asset-map",
    "/\\evil.example",
    "javascript:alert(1)",
    "services/asset-map",
    "/articles/../admin",
    "/a b",
    "/<script>",
    "/%zz",
    `/${"a".repeat(LANDING_PAGE_MAX)}`,
    "",
    42,
    null,
    undefined,
    ["/"],
  ]) {
    expect(cleanLandingPage(bad)).toBeNull();
  }
});

test("a referrer is a host name only, lower-cased, and never this site", () => {
  expect(cleanReferrerHost("www.Google.com")).toBe("www.google.com");
  expect(cleanReferrerHost("news.ycombinator.com.")).toBe("news.ycombinator.com");
  expect(cleanReferrerHost("xn--bcher-kva.example")).toBe("xn--bcher-kva.example");
  expect(cleanReferrerHost("tracewell.example", ["www.tracewell.example"])).toBeNull();
  expect(cleanReferrerHost("www.tracewell.example", ["tracewell.example"])).toBeNull();
  expect(cleanReferrerHost("blog.tracewell.example", ["tracewell.example"])).toBe("blog.tracewell.example");
  for (const bad of [
    "https://www.google.com/search?q=asset+search",
    "www.google.com/search",
    "www.google.com:443",
    "user@www.google.com",
    "localhost",
    "192.168.1.20",
    "-bad.example",
    "bad-.example",
    "a..example",
    `${"a".repeat(64)}.example`,
    `${"a.".repeat(130)}example`,
    "javascript:alert(1)",
    "",
    7,
  ]) {
    expect(cleanReferrerHost(bad)).toBeNull();
  }
});
