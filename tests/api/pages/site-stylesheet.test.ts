import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { MANIFEST } from "../../../src/generated/assets";
import { makeTestApp } from "../../helpers/app";

const { request } = makeTestApp();

/** The main public pages Lighthouse measures (issue 22). */
const PUBLIC_PAGES = ["/", "/services/asset-map", "/about", "/contact", "/articles", "/process"];

const inlined = (html: string) => html.match(/<style>(.*?)<\/style>/s)?.[1] ?? "";
const sheet = (url: string | undefined) => readFileSync(MANIFEST.files[url ?? ""]?.file ?? "", "utf8");

describe("the stylesheet a page inlines (ADR 165)", () => {
  test("public pages inline the site's sheet, the admin and the portal the whole one, and the CSP allows each", async () => {
    const site = sheet(MANIFEST.entry.siteCss);
    const whole = sheet(MANIFEST.entry.css);
    // The admin's and the portal's rules are a fifth of the whole: bytes every public page no longer carries.
    expect(site.length).toBeLessThan(whole.length * 0.9);
    for (const path of [...PUBLIC_PAGES, "/no-such-page"]) {
      const res = await request(path);
      expect({ path, site: inlined(await res.text()) === site }).toEqual({ path, site: true });
    }
    for (const path of ["/admin/login", "/portal"]) {
      const res = await request(path);
      const css = inlined(await res.text());
      expect({ path, whole: css === whole }).toEqual({ path, whole: true });
      const hash = new Bun.CryptoHasher("sha256").update(css).digest("base64");
      expect(res.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    }
    const csp = (await request("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`'sha256-${new Bun.CryptoHasher("sha256").update(site).digest("base64")}'`);
  }, 30_000);
});
