import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PATHS } from "../../../src/contracts/paths";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { formBody, validIntake } from "../../helpers/intake";

/**
 * No redirect of this site may leave its origin (issue 17): a browser follows a Location of "//evil.example"
 * to another site, and caches a 308. Every answer that redirects is tried with paths built to make its
 * Location point elsewhere, signed out and signed in.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" });

/** Request paths that a naive redirect turns into another site's address. */
const HOSTILE_PATHS = [
  "//evil.example/",
  "///evil.example/",
  "////evil.example/",
  "/\\evil.example/",
  "/\\/evil.example/",
  "/.//evil.example/",
  "/%2F/evil.example/",
  "//evil.example/?next=1",
  "//evil.example/admin/",
  "//evil.example:443/articles/",
  "//admin/",
  "/admin//evil.example",
  "/admin//evil.example/",
  "/admin/\\evil.example",
  "//admin/login/",
  "//admin//evil.example/",
  "//services/asset-map/",
  "//%09/evil.example/",
  "/%09/evil.example/",
];

/** Where a browser that received `location` for `requestUrl` goes: it must be this site. */
function followsTo(requestUrl: string, location: string): URL {
  return new URL(location, requestUrl);
}

async function expectSameOrigin(path: string, init?: RequestInit) {
  const res = await request(path, init);
  const location = res.headers.get("location");
  if (res.status >= 300 && res.status < 400)
    expect({ path, location }).toEqual({ path, location: expect.any(String) });
  if (location === null) return res;
  const target = followsTo(`${ORIGIN}${path}`, location);
  expect({ path, location, origin: target.origin }).toEqual({ path, location, origin: ORIGIN });
  // A path of this site as the browser reads it: one leading slash, no backslash.
  expect({ path, location, ok: /^\/(?![/\\])/.test(location) }).toEqual({ path, location, ok: true });
  return res;
}

describe("redirects stay on this site", () => {
  test("a path ending in a slash redirects to the same path without it, on this site", async () => {
    const res = await expectSameOrigin("/services/asset-map/?utm_source=news");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/services/asset-map?utm_source=news");
  });

  test("hostile paths, signed out: every Location is a path of this site", async () => {
    for (const path of HOSTILE_PATHS) {
      await expectSameOrigin(path);
      await expectSameOrigin(path, { headers: { accept: "text/html" } });
    }
  });

  test("the report's cases: //evil.example/, ///evil.example/ and /\\evil.example/ do not leave", async () => {
    for (const path of ["//evil.example/", "///evil.example/", "/\\evil.example/"]) {
      const res = await expectSameOrigin(path);
      expect(res.status).toBe(308);
      expect(res.headers.get("location")).toBe("/evil.example");
    }
  });

  test("hostile paths, signed in: the admin's page guard and the pages route", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    for (const path of HOSTILE_PATHS) await expectSameOrigin(path, withCookie(cookie));
    // The guard's own redirects: /admin and the sign-in screen once signed in.
    expect((await expectSameOrigin("/admin", withCookie(cookie))).headers.get("location")).toBe(
      PATHS.adminDashboard,
    );
    expect((await expectSameOrigin(PATHS.adminLogin, withCookie(cookie))).headers.get("location")).toBe(
      PATHS.adminDashboard,
    );
  });

  test("the intake posted without JavaScript is sent to the thanks page on this site", async () => {
    const sent = await expectSameOrigin(PATHS.contact, {
      ...post(undefined, {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "203.0.113.78",
        accept: "text/html",
      }),
      body: formBody(validIntake(new Date())),
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(PATHS.thanks);
  });
});

/** Every file of the server and the browser code, as text, with its path from the project root. */
function sources(): { file: string; text: string }[] {
  const root = join(import.meta.dir, "..", "..", "..");
  return ["src", "web"].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("generated"))
      .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(root, dir, f), "utf8") })),
  );
}

test("no code builds a Location or navigates the document but through the one same-origin helper", () => {
  // On the server, "location" (the header) and redirect helpers other than redirectTo; in the browser, a
  // document navigation whose target is not passed through sameOriginPath.
  const SERVER = [/\blocation\b/i, /Response\.redirect\(/, /\bredirect\s*\(/];
  const BROWSER = /\blocation\.(assign|replace)\(|\blocation\.href\s*=(?!=)|\bwindow\.location\s*=(?!=)/;
  const comment = /^\s*(\*|\/\/|\/\*)/;
  // The one "location" that is no header: where a PDF signature says it was made (its /Location entry).
  const pdfSignaturePlace = /\blocation:\s*about\.place\b/;
  // Nor is a calendar invitation's place (its LOCATION: the firm's phone number or video link).
  const calendarPlace = /\blocation:\s*ctx\.place\b/;
  const found: string[] = [];
  for (const { file, text } of sources()) {
    if (file === "src/http/redirect.ts") continue;
    text.split("\n").forEach((line, i) => {
      if (comment.test(line) || pdfSignaturePlace.test(line) || calendarPlace.test(line)) return;
      const server = file.startsWith("src/") && SERVER.some((re) => re.test(line));
      const browser = BROWSER.test(line) && !line.includes("sameOriginPath(");
      if (server || browser) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});
