import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { MANIFEST } from "../../../src/generated/assets";
import { type AssetFile, createAssetFastPath, serveAsset } from "../../../src/http/assets";
import { securityHeaders } from "../../../src/http/security";
import { createLogger } from "../../../src/log";
import { createPageFastPath, rawPath } from "../../../src/modules/pages";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

// Cached public pages are answered before the framework's pipeline (ADR 012). What a visitor, a cache or an
// operator sees must not tell the two ways apart.

const USER = "fastpath-admin";
const PASSWORD = "fast-path-admin-password-1";
const lines: string[] = [];
const { app, request } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
  { logger: createLogger("info", (l) => void lines.push(l)) },
);
const requestLines = () =>
  lines.map((l) => JSON.parse(l)).filter((l) => l.event === "request") as {
    id: string;
    method: string;
    path: string;
    status: number;
  }[];

/** Every header but those that differ per answer. */
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => name !== "x-request-id" && name !== "date"));

const PATHS = ["/", "/services/asset-map", "/process", "/articles/hidden-assets-divorce-records"];

describe("a cached page answers as the route that rendered it did", () => {
  for (const encoding of ["br", "gzip", "identity"]) {
    test(`same status, headers and bytes, ${encoding}`, async () => {
      const headers = { "accept-encoding": encoding };
      for (const path of PATHS) {
        app.decorator.pageCache.clear();
        // The first request renders and caches the page through the route; the second is a cache hit.
        const rendered = await request(path, { headers });
        const cached = await request(path, { headers });
        expect(cached.status).toBe(200);
        expect(headersOf(cached)).toEqual(headersOf(rendered));
        expect(cached.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
        const bytes = Buffer.from(await cached.arrayBuffer());
        expect(bytes.equals(Buffer.from(await rendered.arrayBuffer()))).toBe(true);
        const html = (
          encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes
        ).toString();
        expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      }
    });
  }

  test("carries the security headers and its own request id, which its log line names", async () => {
    await request("/process");
    lines.length = 0;
    const answers = [await request("/process"), await request("/process?ref=newsletter")];
    const [first = "", second = ""] = answers.map((res) => res.headers.get("x-request-id") ?? "");
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    for (const res of answers) {
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
    // One line per answer, the path without its query.
    expect(requestLines().map((l) => [l.id, l.method, l.path, l.status])).toEqual([
      [first, "GET", "/process", 200],
      [second, "GET", "/process", 200],
    ]);
  });

  test("answers 304 to its ETag, with the validators and no body", async () => {
    const first = await request("/");
    const etag = first.headers.get("etag") ?? "";
    lines.length = 0;
    const again = await request("/", { headers: { "if-none-match": etag, "accept-encoding": "br" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(again.headers.get("vary")).toBe("Accept-Encoding");
    expect(again.headers.get("content-encoding")).toBeNull();
    expect(again.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(await again.text()).toBe("");
    expect(requestLines().map((l) => [l.path, l.status, l.id])).toEqual([
      ["/", 304, again.headers.get("x-request-id") ?? ""],
    ]);
    // Another ETag gets the page.
    const changed = await request("/", { headers: { "if-none-match": '"other"' } });
    expect(changed.status).toBe(200);
  });

  test("HEAD still answers with the length and no body", async () => {
    await request("/about");
    const head = await request("/about", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(head.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await head.text()).toBe("");
  });

  test("a trailing slash still redirects, though the page is cached", async () => {
    await request("/process");
    const res = await request("/process/");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/process");
  });
});

describe("what the fast path leaves to the routes", () => {
  test("admin screens: a signed-in admin opening the cached sign-in page is sent on", async () => {
    const signedOut = await request("/admin/login");
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
    const cookie = await signIn(request, USER, PASSWORD);
    const signedIn = await request("/admin/login", withCookie(cookie));
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/admin/dashboard");
  });

  test("it answers only cached public pages, GET only", async () => {
    const { app: own, request: req } = makeTestApp();
    const cache = own.decorator.pageCache;
    const fast = createPageFastPath({ cache, headers: { "x-test": "1" }, now: () => new Date() });
    const get = (path: string, init?: RequestInit) =>
      fast(new Request(`${ORIGIN}${path}`, init), rawPath(`${ORIGIN}${path}`) ?? "", "id-1");
    // Not rendered yet: the route renders and caches it.
    expect(get("/process")).toBeUndefined();
    await req("/process");
    const hit = get("/process?x=1");
    expect(hit?.status).toBe(200);
    expect(hit?.headers.get("x-test")).toBe("1");
    expect(hit?.headers.get("x-request-id")).toBe("id-1");
    expect(get("/process", { method: "HEAD" })).toBeUndefined();
    expect(get("/process", { method: "POST", body: "a=1" })).toBeUndefined();
    expect(get("/process/")).toBeUndefined();
    expect(get("/no-such-page")).toBeUndefined();
    // Admin screens are cached too, but only the route (after the admin guard) may answer them.
    await req("/admin/login");
    expect(cache.size).toBe(2);
    expect(get("/admin/login")).toBeUndefined();
    // A content change clears the cache: the next request renders again.
    cache.clear();
    expect(get("/process")).toBeUndefined();
  });
});

describe("a hashed asset answers before the pipeline, as its route would", () => {
  const scripts = Object.keys(MANIFEST.files).filter((u) => u.startsWith("/assets/") && u.endsWith(".js"));
  const css = MANIFEST.entry.css;
  const file = (asset: AssetFile, encoding: "br" | "gzip" | "identity") =>
    (encoding === "br" ? asset.br : encoding === "gzip" ? asset.gz : asset.file) ?? "";

  for (const encoding of ["br", "gzip", "identity"] as const) {
    test(`same headers and bytes as the route and the security headers of an asset, ${encoding}`, async () => {
      for (const url of [MANIFEST.entry.script, css, scripts[1] ?? ""]) {
        const asset = MANIFEST.files[url];
        if (!asset) throw new Error(`${url} is not in the manifest`);
        const res = await request(url, { headers: { "accept-encoding": encoding } });
        expect(res.status).toBe(200);
        // What the route sends, with the headers every asset response gets.
        const route = serveAsset(asset, encoding);
        const expected = {
          ...Object.fromEntries(route.headers),
          ...securityHeaders({ hsts: false }, "asset"),
        };
        delete expected["content-length"];
        expect(headersOf(res)).toEqual(expected);
        // HEAD takes the route and the whole pipeline: it sends the same headers, and the length.
        const head = await request(url, { method: "HEAD", headers: { "accept-encoding": encoding } });
        const { "content-length": length, ...routeHeaders } = headersOf(head);
        expect(routeHeaders).toEqual(headersOf(res));
        expect(Number(length)).toBe(readFileSync(file(asset, encoding)).length);
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file(asset, encoding)))).toBe(true);
      }
    });
  }

  test("its log line names it", async () => {
    lines.length = 0;
    const res = await request(css);
    expect(requestLines().map((l) => [l.id, l.method, l.path, l.status])).toEqual([
      [res.headers.get("x-request-id") ?? "", "GET", css, 200],
    ]);
  });

  test("it answers hashed files under /assets/ only, GET only", () => {
    const fast = createAssetFastPath(MANIFEST, { "x-test": "1" });
    const get = (path: string, init?: RequestInit) =>
      fast(new Request(`${ORIGIN}${path}`, init), rawPath(`${ORIGIN}${path}`) ?? "", "id-2");
    const hit = get(`${css}?v=1`);
    expect(hit?.status).toBe(200);
    expect(hit?.headers.get("x-test")).toBe("1");
    expect(hit?.headers.get("x-request-id")).toBe("id-2");
    expect(get(css, { method: "HEAD" })).toBeUndefined();
    expect(get(css, { method: "POST", body: "a=1" })).toBeUndefined();
    expect(get("/assets/no-such-file.js")).toBeUndefined();
    expect(get("/assets/toString")).toBeUndefined();
    // Files with stable names (logos, downloads) take the route, which names downloads.
    expect(get("/brand/mark.svg")).toBeUndefined();
    expect(get("/docs/attorney-intake-checklist.pdf")).toBeUndefined();
  });

  test("a missing asset is still the route's 404", async () => {
    const res = await request("/assets/no-such-file.js");
    expect(res.status).toBe(404);
  });
});
