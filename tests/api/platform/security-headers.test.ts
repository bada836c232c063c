import { describe, expect, test } from "bun:test";
import { DOCS, PATHS } from "../../../src/contracts/paths";
import { MANIFEST } from "../../../src/generated/assets";
import { responseKind } from "../../../src/http/security";
import { makeTestApp } from "../../helpers/app";

const { request, app } = makeTestApp();

const policy = async (path: string) => {
  const res = await request(path);
  return { path, status: res.status, csp: res.headers.get("content-security-policy") };
};

/** The directives of a policy, by name. */
const directives = (csp: string | null) =>
  Object.fromEntries((csp ?? "").split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("Content-Security-Policy, by kind of response (ADR 071)", () => {
  test("pages allow their own scripts, styles (and the hashed inline sheet), images, fonts, API calls and forms", async () => {
    for (const path of [PATHS.home, PATHS.contact, "/no-such-page", `${PATHS.articles}/probate-red-flags`]) {
      const { csp } = await policy(path);
      const d = directives(csp);
      expect(csp).toStartWith("default-src 'none'; ");
      expect(d).toEqual({
        "default-src": "'none'",
        "script-src": "'self'",
        // The whole stylesheet's hash and the public site's (ADR 165).
        "style-src": expect.stringMatching(/^'self'( 'sha256-[A-Za-z0-9+/]{43}='){2}$/),
        "img-src": "'self'",
        "font-src": "'self'",
        "connect-src": "'self'",
        "manifest-src": "'self'",
        "form-action": "'self'",
        "base-uri": "'none'",
        "frame-ancestors": "'none'",
      });
    }
  });

  test("admin screens also allow data: images (the two-step sign-in QR code), nothing else more", async () => {
    const page = directives((await policy(PATHS.home)).csp);
    for (const path of [PATHS.adminLogin, PATHS.adminAccount, "/admin"]) {
      expect(directives((await policy(path)).csp)).toEqual({ ...page, "img-src": "'self' data:" });
    }
  });

  test("JSON, feeds and assets load nothing; downloads load nothing and are sandboxed", async () => {
    const none = "default-src 'none'; frame-ancestors 'none'";
    for (const path of [
      "/api/admin/auth/status",
      "/api/contact",
      "/healthz",
      "/sitemap.xml",
      "/robots.txt",
      "/site.webmanifest",
      PATHS.articlesFeed,
      MANIFEST.entry.script,
      MANIFEST.entry.css,
      "/brand/mark.svg",
    ]) {
      expect(await policy(path)).toMatchObject({ path, csp: none });
    }
    const docs = Object.keys(MANIFEST.files).filter((f) => f.startsWith("/docs/"));
    expect(docs.length).toBeGreaterThan(0);
    for (const path of [
      ...docs,
      "/uploads/missing.pdf",
      "/api/admin/submissions/export.csv",
      "/api/admin/data-requests/1/export",
      "/api/portal/documents/Qm9yZWFzZW50aW5lbDEy",
      "/api/admin/submissions/1/documents/Qm9yZWFzZW50aW5lbDEy",
      "/api/portal/letter.pdf",
      "/api/admin/submissions/1/engagement/letter.pdf",
    ]) {
      expect(await policy(path)).toMatchObject({ path, csp: `${none}; sandbox` });
    }
  });

  test("every API route whose path names a file (a letter's PDF, an export) is answered as a sandboxed download", () => {
    const files = app.routes
      .filter((r) => r.method === "GET" && r.path.startsWith("/api/") && /\/[^/:]+\.[a-z]+$/.test(r.path))
      .map((r) => r.path.replace(/:[A-Za-z]+/g, "1"));
    expect(files).toContain("/api/portal/letter.pdf");
    expect(files).toContain("/api/admin/submissions/1/engagement/letter.pdf");
    for (const path of files)
      expect([path, responseKind(`http://x.example${path}`)]).toEqual([path, "download"]);
  });

  test("the kind is read from the path alone, queries and look-alike paths included", () => {
    expect(responseKind("http://x.example/")).toBe("page");
    expect(responseKind("http://x.example/sitemap.xml?x=1")).toBe("data");
    expect(responseKind("http://x.example/sitemap.xml.html")).toBe("page");
    expect(responseKind("http://x.example/administrator")).toBe("page");
    expect(responseKind("http://x.example/admin?next=1")).toBe("admin-page");
    expect(responseKind("http://x.example/api/admin/submissions/export.csv?status=new")).toBe("download");
    expect(responseKind("http://x.example/api/admin/data-requests/12/export")).toBe("download");
    expect(responseKind("http://x.example/api/admin/data-requests/12/exports")).toBe("data");
    expect(responseKind("http://x.example/api/portal/documents/Qm9yZWFzZW50aW5lbDEy")).toBe("download");
    expect(responseKind("http://x.example/api/portal/documents")).toBe("data");
    expect(
      responseKind("http://x.example/api/admin/submissions/3/documents/Qm9yZWFzZW50aW5lbDEy/report"),
    ).toBe("data");
    expect(responseKind(`http://x.example${DOCS.engagementLetter}`)).toBe("download");
    expect(responseKind("http://x.example")).toBe("page");
  });
});
