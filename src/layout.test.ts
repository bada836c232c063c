import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The layout's boundaries, read from the imports themselves: a module under src/modules/<feature>/ may use
 * another feature only through that feature's index.ts, and the server reaches into web/ only for the page
 * renderer's entry. The list below names each import from web/ that is still owed; a new one fails here, and a
 * listed one that disappears must be struck from it (so the list only ever shrinks).
 */
const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "src");
/** The one file of web/ the server may import: the page renderer's entry. */
const WEB_ENTRY = "web/app.tsx";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveSpec(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

function imports(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  const re = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const file of files(SRC)) {
    for (const m of readFileSync(file, "utf8").matchAll(re)) {
      const target = resolveSpec(file, m[1] as string);
      if (target) found.push({ from: relative(ROOT, file), to: relative(ROOT, target) });
    }
  }
  return found;
}

const featureOf = (path: string) => /^src\/modules\/([^/]+)\//.exec(path)?.[1];

function crossings(): string[] {
  const out = new Set<string>();
  for (const { from, to } of imports()) {
    const a = featureOf(from);
    const b = featureOf(to);
    if (a && b && a !== b && to !== `src/modules/${b}/index.ts`) out.add(`${from} -> ${to}`);
  }
  return [...out].sort();
}

function webImports(): string[] {
  const out = new Set<string>();
  for (const { from, to } of imports())
    if (to.startsWith("web/") && to !== WEB_ENTRY) out.add(`${from} -> ${to}`);
  return [...out].sort();
}

const OWED_WEB_IMPORTS: string[] = [
  "src/db/migrations/004-resources-seed.ts -> web/content/resources.ts",
  "src/db/migrations/016-firm-proof.ts -> web/content/resources.ts",
  "src/db/migrations/016-firm-proof.ts -> web/content/sample-report.ts",
  "src/db/migrations/019-built-in-articles.ts -> web/content/articles/catalog.ts",
  "src/modules/content/public.ts -> web/content/articles-page.ts",
  "src/modules/content/resources.ts -> web/generated/documents.ts",
  "src/modules/intake/visit-source.ts -> web/routes.ts",
  "src/modules/pages/index.ts -> web/routes.ts",
  "src/modules/pages/render.tsx -> web/routes.ts",
  "src/modules/seo/service.ts -> web/routes.ts",
];

describe("layout", () => {
  test("a feature uses another feature only through its index.ts", () => {
    expect(crossings()).toEqual([]);
  });

  test("the server imports nothing from web/ but the page renderer's entry", () => {
    expect(webImports()).toEqual(OWED_WEB_IMPORTS);
  });

  // The record of the data keys in use is the cipher's own (ADR 135).
  test("src/db holds only the connection, its migrations and the cipher", () => {
    const kept = readdirSync(join(SRC, "db")).filter((n) => !n.endsWith(".test.ts"));
    expect(kept.sort()).toEqual([
      "cipher.ts",
      "data-keys-in-use.ts",
      "encryption.ts",
      "forget-deleted.ts",
      "index.ts",
      "migrations",
    ]);
  });
});
