import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The text of every string literal in a source file (quotes and template literals), comments left out. */
function literals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
}

/**
 * Issue 22: the site's messages read one way. SPEC.md writes "email" ("Invalid email address", the "Email"
 * label), so every message and every line of the public site's copy does too: the shared contracts (whose
 * messages the forms and the API show) and the public pages' copy.
 */
describe("one spelling of email", () => {
  for (const dir of ["src/contracts", "web/content"]) {
    test(`no message or copy in ${dir} writes "e-mail"`, () => {
      const found = files(join(ROOT, dir)).flatMap((file) =>
        literals(readFileSync(file, "utf8"))
          .filter((s) => /\be-mail/i.test(s))
          .map((s) => `${file.slice(ROOT.length + 1)}: ${s.slice(0, 80)}`),
      );
      expect(found).toEqual([]);
    });
  }
});
