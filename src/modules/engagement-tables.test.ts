import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * The engagement's tables and the features that own them: the portal, its documents and its consultation name
 * in SQL only the tables they own, in their repo/, and ask the owner's index.ts for the rest (the desk owns the
 * requests themselves). The rule for every feature and table is the layout's (ADR 229 onward).
 */
const FEATURES = new Set(["portal", "documents", "consultation", "signing"]);
const OWNERS: Record<string, string> = {
  engagements: "portal",
  engagement_events: "portal",
  engagement_payments: "portal",
  portal_links: "portal",
  portal_sessions: "portal",
  documents: "documents",
  document_files_deleted: "documents",
  consultations: "consultation",
  consultation_changes: "consultation",
  contact_submissions: "desk",
};

const ROOT = resolve(import.meta.dir, "../..");
const MODULES = join(ROOT, "src", "modules");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each SQL string literal's tables: what follows FROM, JOIN, INTO, UPDATE and DELETE FROM. */
function tablesIn(source: string): string[] {
  const found: string[] = [];
  for (const literal of source.matchAll(/`[^`]*`|"(?:[^"\\\n]|\\.)*"/g)) {
    const text = literal[0];
    if (!/\b(SELECT|INSERT|UPDATE|DELETE)\b/.test(text)) continue;
    for (const m of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)/g)) found.push(m[1] as string);
  }
  return found;
}

describe("the engagement's tables", () => {
  test("the portal, documents and consultation name in SQL only their own tables, in their repo/", () => {
    const crossings: string[] = [];
    let seen = 0;
    for (const file of files(MODULES)) {
      const path = relative(ROOT, file);
      const feature = /^src\/modules\/([^/]+)\//.exec(path)?.[1] ?? "";
      if (!FEATURES.has(feature)) continue;
      for (const table of tablesIn(readFileSync(file, "utf8"))) {
        const owner = OWNERS[table];
        if (!owner) continue;
        seen++;
        if (owner !== feature || !path.startsWith(`src/modules/${owner}/repo/`))
          crossings.push(`${path}: ${table} (${owner}'s)`);
      }
    }
    expect(seen).toBeGreaterThan(15);
    expect([...new Set(crossings)].sort()).toEqual([]);
  });
});
