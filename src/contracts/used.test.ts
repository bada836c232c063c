import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * A contract schema is what the screen and the server both hold a request to: one that nothing outside
 * src/contracts reads is a rule nobody applies, and the code that should use it carries a copy of its own.
 */
const ROOT = resolve(import.meta.dir, "../..");
const CONTRACTS = join(ROOT, "src", "contracts");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === "generated" || name === "node_modules" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

test("every schema src/contracts exports is used outside src/contracts", () => {
  const users = [...files(join(ROOT, "src")), ...files(join(ROOT, "web"))].filter(
    (f) => !f.startsWith(`${CONTRACTS}/`),
  );
  const text = users.map((f) => readFileSync(f, "utf8")).join("\n");
  const contracts = files(CONTRACTS);
  const all = contracts.map((f) => readFileSync(f, "utf8")).join("\n");
  const unused: string[] = [];
  for (const file of contracts) {
    for (const m of readFileSync(file, "utf8").matchAll(/^export const (\w+Schema)\b/gm)) {
      const name = m[1] as string;
      const word = new RegExp(`\\b${name}\\b`, "g");
      // A part of another contract schema (a list of topics inside an article) counts as used through it.
      const withinContracts = (all.match(word) ?? []).length;
      if (!word.test(text) && withinContracts < 2) unused.push(`${relative(ROOT, file)}: ${name}`);
    }
  }
  expect(unused).toEqual([]);
});
