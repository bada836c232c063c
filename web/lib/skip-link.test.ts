import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * Every frame's skip link (the public site's, the admin's, the portal's) is the one `skip-link` of uno.config.ts:
 * fixed at all times, so showing it on focus moves nothing. A link that turns from screen-reader-only to static on
 * focus pushes the page down by its height.
 */
const WEB = resolve(import.meta.dir, "..");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx$/.test(name) ? [path] : [];
  });

test("each skip link is the fixed one, and none turns static on focus", () => {
  const skips: string[] = [];
  const moving: string[] = [];
  for (const file of files(WEB)) {
    const text = readFileSync(file, "utf8");
    if (text.includes("focus:not-sr-only")) moving.push(relative(WEB, file));
    if (/Skip to content/.test(text))
      skips.push(`${relative(WEB, file)}: ${/className="skip-link"/.test(text)}`);
  }
  expect(moving).toEqual([]);
  expect(skips.sort()).toEqual([
    "admin/shared/admin-frame.tsx: true",
    "app.tsx: true",
    "portal/portal-frame.tsx: true",
  ]);
});
