import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { MANIFEST } from "../../../src/generated/assets";
import { makeTestApp } from "../../helpers/app";
import { waitUntil } from "../../helpers/wait";

const { request, db } = makeTestApp();

describe("pages", () => {
  test("the home page is a complete server-rendered document", async () => {
    const res = await request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain("<h1");
    expect(html).toContain("Find what&#x27;s hidden. Prove what&#x27;s true.");
    expect(html).toContain('<script type="application/json" id="page-data">');
    expect(html).toMatch(
      new RegExp(
        `<script type="module" src="${MANIFEST.entry.boot}" data-chunks="(/assets/[\\w-]+\\.js ?)+"></script>`,
      ),
    );
    // The stylesheet is inlined, and the CSP allows exactly that text by its hash (beside the admin's, ADR 165).
    const css = html.match(/<style>(.*?)<\/style>/s)?.[1] ?? "";
    expect(css.length).toBeGreaterThan(10_000);
    const hash = new Bun.CryptoHasher("sha256").update(css).digest("base64");
    expect(res.headers.get("content-security-policy")).toMatch(
      new RegExp(`style-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, "\\$&")}'`),
    );
  });

  test("the admin's and the portal's pages name their route table's chunk with their own; public pages do not", async () => {
    const chunks = async (path: string) =>
      ((await (await request(path)).text()).match(/data-chunks="([^"]*)"/)?.[1] ?? "").split(" ");
    const [admin] = MANIFEST.pageChunks.ADMIN_ROUTES ?? [];
    const [portal] = MANIFEST.pageChunks.PORTAL_ROUTES ?? [];
    expect(admin).toBeDefined();
    expect(portal).toBeDefined();
    expect(await chunks("/admin/login")).toContain(admin as string);
    expect(await chunks("/portal")).toContain(portal as string);
    for (const path of ["/", "/services/asset-map", "/contact"]) {
      expect(await chunks(path)).not.toContain(admin as string);
      expect(await chunks(path)).not.toContain(portal as string);
    }
  });

  test("unknown paths answer 404 with the 404 page", async () => {
    const res = await request("/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("The page you&#x27;re looking for doesn&#x27;t exist or has been moved.");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test("a trailing slash redirects to the canonical path", async () => {
    const res = await request("/process/?a=1");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/process?a=1");
  });

  test("unknown API paths answer JSON 404, for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await request("/api/nothing-here", { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
  });

  test("hydration data carries what the client needs and nothing that can close the script", async () => {
    const html = await (await request("/")).text();
    const json = html.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/)?.[1];
    const data = JSON.parse(json ?? "null");
    expect(data.brand.name).toBe("Tracewell");
    expect(data.publicUrl).toBe("http://localhost:3000");
    expect(Number.isNaN(Date.parse(data.now))).toBe(false);
  });
});

describe("security headers", () => {
  test("every response carries a strict CSP and the other headers", async () => {
    for (const path of ["/", "/no-such-page", "/healthz", MANIFEST.entry.css]) {
      const res = await request(path);
      // Each kind of response has its own policy (tests/api/platform/security-headers.test.ts); all start from nothing.
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toStartWith("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("x-powered-by")).toBeNull();
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test("HSTS is sent when the public URL is https", async () => {
    const secure = makeTestApp({ PUBLIC_URL: "https://www.tracewell.example" });
    const res = await secure.request("/");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("compression and caching", () => {
  test("HTML is served brotli or gzip as accepted, and decodes to the same page", async () => {
    const plain = await (await request("/")).text();
    const br = await request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const refused = await request("/", { headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  test("HTML revalidates with an ETag and answers 304 when unchanged", async () => {
    const first = await request("/");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await request("/", { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("rendered pages are cached in memory; 404s are not", async () => {
    const { app, request: req } = makeTestApp();
    const cache = app.decorator.pageCache;
    await req("/");
    await req("/");
    expect(cache.size).toBe(1);
    await req("/missing-1");
    await req("/missing-2");
    expect(cache.size).toBe(1);
  });

  test("hashed assets are immutable and precompressed", async () => {
    for (const url of [MANIFEST.entry.script, MANIFEST.entry.css]) {
      const res = await request(url, { headers: { "accept-encoding": "br" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-encoding")).toBe("br");
      const body = brotliDecompressSync(Buffer.from(await res.arrayBuffer()));
      // The precompressed copy is the file itself: the same bytes as the answer without an encoding.
      const plain = Buffer.from(await (await request(url)).arrayBuffer());
      expect(plain.length).toBeGreaterThan(100);
      expect(body.equals(plain)).toBe(true);
    }
    const js = await request(MANIFEST.entry.script);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("content-encoding")).toBeNull();
  });

  test("brand images and the web manifest are served", async () => {
    const png = await request("/brand/social-card.png");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    // PNG signature, then the IHDR width and height: a real 1200×630 image.
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(16)).toBe(1200);
    expect(view.getUint32(20)).toBe(630);
    const manifest = await request("/site.webmanifest");
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect((await manifest.json()).name).toBe("Tracewell");
  });
});

describe("health", () => {
  test("GET /healthz answers 200 after a database round trip", async () => {
    const res = await request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("GET /healthz fails when the database is gone", async () => {
    const broken = makeTestApp();
    broken.db.close();
    const res = await broken.request("/healthz");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
    expect(JSON.stringify(body)).not.toContain("Database");
  });
});

test("the schema is migrated: every entity of the specification exists as a STRICT table", () => {
  const tables = db
    .query("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string }[];
  const names = tables.map((t) => t.name);
  for (const name of [
    "contact_submissions",
    "articles",
    "resources",
    "case_studies",
    "admin_users",
    "sessions",
  ]) {
    expect(names).toContain(name);
    expect(tables.find((t) => t.name === name)?.sql).toMatch(/\)\s*STRICT$/);
  }
  expect((db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
  expect((db.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
});

test("a page that fails answers an HTML 500 naming the reference to quote, and logs it without internals", async () => {
  const lines: string[] = [];
  const { createLogger } = await import("../../../src/log");
  const broken = makeTestApp({}, { logger: createLogger("info", (l) => void lines.push(l)) });
  broken.db.close();
  const res = await broken.request("/healthz", { headers: { accept: "text/html" } });
  expect(res.status).toBe(500);
  const id = res.headers.get("x-request-id") ?? "";
  const html = await res.text();
  expect(html).toContain("Something went wrong on our side");
  expect(html).toContain(id);
  expect(html).not.toContain("Database");
  const logged = lines.map((l) => JSON.parse(l)).find((l) => l.event === "unhandled_error");
  expect(logged.id).toBe(id);
});

test("every answer gets one request log line, also those of the guards that answer before any route", async () => {
  const lines: string[] = [];
  const { createLogger } = await import("../../../src/log");
  const logged = makeTestApp({}, { logger: createLogger("info", (l) => void lines.push(l)) });
  const answers = [
    await logged.request("/"),
    // Cross-site: refused by the same-origin guard.
    await logged.request("/api/contact", { method: "POST", headers: { origin: "https://evil.example" } }),
    // Signed out: refused by the admin gate.
    await logged.request("/api/admin/articles"),
  ];
  expect(answers.map((r) => r.status)).toEqual([200, 403, 401]);
  // A read's line may wait for its batch: until the three are written.
  const requestLines = () => lines.map((l) => JSON.parse(l)).filter((l) => l.event === "request");
  const requests = await waitUntil("three request lines", () => requestLines().length >= 3 && requestLines());
  expect(requests.map((l) => [l.path, l.status])).toEqual([
    ["/", 200],
    ["/api/contact", 403],
    ["/api/admin/articles", 401],
  ]);
  for (const [i, line] of requests.entries()) expect(line.id).toBe(answers[i]?.headers.get("x-request-id"));
});
