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

/**
 * What a reader can see in a source file: its string literals and its JSX text (a label written between tags is
 * no literal), which is the code with its comments left out. Identifiers cannot hold a hyphen, so "e-mail" in
 * what remains is always words someone reads.
 */
function readable(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return code.split("\n").map((line) => line.trim());
}

/**
 * The engagement letter is a legal document: a letter already sent is drawn again from this template until it is
 * signed, so its words change only with a new version of the letter, not with a spelling rule.
 */
const LEGAL_TEXT = new Set(["src/modules/engagements/lib/letter-template.ts"]);

/**
 * Issue 22: the product's messages read one way. SPEC.md writes "email" ("Invalid email address", the "Email"
 * label), so every message and every line of copy does too: the shared contracts (whose messages the forms and
 * the API show), the public pages' copy, the admin's labels, messages and toasts, the portal, and the server's
 * mail, audit details and operator texts that staff read.
 */
describe("one spelling of email", () => {
  for (const dir of [
    "src/contracts",
    "web/content",
    "web/admin",
    "web/portal",
    "web/pages",
    "web/components",
    "src",
  ]) {
    test(`no message or copy in ${dir} writes "e-mail"`, () => {
      const found = files(join(ROOT, dir))
        .map((file) => file.slice(ROOT.length + 1))
        .filter((file) => !LEGAL_TEXT.has(file))
        .flatMap((file) =>
          readable(readFileSync(join(ROOT, file), "utf8"))
            .filter((s) => /\be-mail/i.test(s))
            .map((s) => `${file}: ${s.slice(0, 80)}`),
        );
      expect(found).toEqual([]);
    });
  }
});
