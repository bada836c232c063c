import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The layout's boundaries, read from the imports themselves: a module under src/modules/<feature>/ may use
 * another feature only through that feature's index.ts, and the server reaches into web/ only for the page
 * renderer's entry (web/server-entry.ts: the app and its route table). Migration seeds live beside the migrations,
 * and what both sides say (paths, labels, heads) lives in src/contracts.
 */
const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "src");
/** The one file of web/ the server may import: the page renderer's entry. */
const WEB_ENTRY = "web/server-entry.ts";

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

/**
 * Imports of a feature's inner files from outside src/modules (app.ts, main.ts, config.ts, the commands, the
 * migrations, src/http, src/ops): the app is composed from each feature's index.ts like any other feature.
 */
function outsideCrossings(): string[] {
  const out = new Set<string>();
  for (const { from, to } of imports()) {
    const b = featureOf(to);
    if (!featureOf(from) && b && to !== `src/modules/${b}/index.ts`) out.add(`${from} -> ${to}`);
  }
  return [...out].sort();
}

function webImports(): string[] {
  const out = new Set<string>();
  for (const { from, to } of imports())
    if (to.startsWith("web/") && to !== WEB_ENTRY) out.add(`${from} -> ${to}`);
  return [...out].sort();
}

/** A feature's services and repositories: service.ts, *-service.ts, *.repo.ts and whatever sits in a repo/ folder. */
const isServiceOrRepo = (path: string) =>
  /^src\/modules\/.+\/(service|[^/]+-service|[^/]+\.repo)\.ts$/.test(path) ||
  /^src\/modules\/(.+\/)?repo\/[^/]+\.tsx?$/.test(path);

/** What only HTTP code reaches for: Elysia, a Response built, a status set, a Request taken. */
const HTTP_REACHES: [string, RegExp][] = [
  ['imports "elysia"', /(?:from|import)\s*\(?\s*["']elysia["']/],
  ["new Response", /\bnew\s+Response\b/],
  ["Response.json", /\bResponse\.json\b/],
  ["set.status", /\bset\.status\b/],
  ["a Request", /\bRequest\b/],
];

/** Comments say what they like (a service may explain why it takes no Request); the code is what counts. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");

function httpInServices(): string[] {
  const out: string[] = [];
  for (const file of files(join(SRC, "modules"))) {
    const path = relative(ROOT, file);
    if (!isServiceOrRepo(path)) continue;
    const code = withoutComments(readFileSync(file, "utf8"));
    for (const [what, re] of HTTP_REACHES) if (re.test(code)) out.push(`${path}: ${what}`);
  }
  return out.sort();
}

/**
 * The parts every feature folder is made of (ADR 228): each a file or a folder of that name, tests beside them.
 */
const PARTS = new Set([
  "index.ts",
  "routes.ts",
  "routes",
  "service.ts",
  "service",
  "model.ts",
  "model",
  "repo",
  "cli.ts",
  "jobs.ts",
  "mail.ts",
  "mail",
  "lib",
]);

const features = () =>
  readdirSync(join(SRC, "modules")).filter((name) => statSync(join(SRC, "modules", name)).isDirectory());

/** Entries of a feature folder that are none of its parts. */
function outOfShape(): string[] {
  const out: string[] = [];
  for (const feature of features()) {
    for (const name of readdirSync(join(SRC, "modules", feature))) {
      if (/\.test\.tsx?$/.test(name) || PARTS.has(name)) continue;
      out.push(`src/modules/${feature}/${name}`);
    }
  }
  return out.sort();
}

/** SQL (a statement's opening words) written outside a feature's repo/ folder. */
const SQL =
  /\b(SELECT\s[\s\S]{0,400}?\sFROM\s|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s)/;

function sqlOutsideRepo(): string[] {
  const out: string[] = [];
  for (const feature of features()) {
    for (const file of files(join(SRC, "modules", feature))) {
      const path = relative(ROOT, file);
      if (/\/repo\//.test(path)) continue;
      if (SQL.test(withoutComments(readFileSync(file, "utf8")))) out.push(path);
    }
  }
  return out.sort();
}

/** A service method that takes what a route was sent, unread: `body: unknown` and the like. */
function untypedServiceInputs(): string[] {
  const out: string[] = [];
  for (const feature of features()) {
    for (const file of files(join(SRC, "modules", feature))) {
      const path = relative(ROOT, file);
      if (!/\/service(\.ts|\/)/.test(path)) continue;
      const code = withoutComments(readFileSync(file, "utf8"));
      for (const m of code.matchAll(/\b(body|query|params|input)\??\s*:\s*unknown\b/g))
        out.push(`${path}: ${m[0]}`);
    }
  }
  return out.sort();
}

describe("layout", () => {
  test("a feature uses another feature only through its index.ts", () => {
    expect(crossings()).toEqual([]);
  });

  test("app.ts, main.ts, config.ts, the commands and the migrations use a feature only through its index.ts", () => {
    // The rule must see what it holds: the composition's own imports of the features are counted.
    const composing = ["src/app.ts", "src/compose.ts"];
    expect(
      imports().filter(({ from, to }) => composing.includes(from) && featureOf(to)).length,
    ).toBeGreaterThan(10);
    expect(outsideCrossings()).toEqual([]);
  });

  test("the server imports nothing from web/ but the page renderer's entry", () => {
    expect(webImports()).toEqual([]);
  });

  // Services return domain values and throw typed errors; routes adapt them to HTTP (ADR 096).
  test("no service or repository reaches for HTTP: no Elysia, Response, status or Request", () => {
    expect(
      files(join(SRC, "modules")).filter((f) => isServiceOrRepo(relative(ROOT, f))).length,
    ).toBeGreaterThan(30);
    expect(httpInServices()).toEqual([]);
  });

  // The record of the data keys in use (ADR 135), of the keys the running servers hold and the copies kept of them
  // (ADR 286), and the data folder's encrypted files (ADR 223) are the cipher's own.
  test("src/db holds only the connection, its migrations and the cipher", () => {
    const kept = readdirSync(join(SRC, "db")).filter((n) => !n.endsWith(".test.ts"));
    expect(kept.sort()).toEqual([
      "cipher.ts",
      "data-key-holders.ts",
      "data-keys-in-use.ts",
      "encrypted-files.ts",
      "encryption.ts",
      "forget-deleted.ts",
      "index.ts",
      "migrations",
    ]);
  });

  test("every feature folder is made of the same parts", () => {
    expect(outOfShape()).toEqual([]);
  });

  test("SQL lives in a feature's repo/ folder", () => {
    expect(sqlOutsideRepo()).toEqual([]);
  });

  test("a service takes typed input: the route declared and read it", () => {
    expect(untypedServiceInputs()).toEqual([]);
  });
});

/**
 * The browser's side of the layout, tests included (a test that reaches into the server holds the screens to
 * what the server happens to be today). web/ takes from src/ only the contracts both sides say; the admin's
 * features (web/admin/<feature>/) use each other only through that feature's index.ts, web/admin/shared being
 * the kit every screen takes by path; and one client, web/lib/api.ts, makes every call to the API.
 */
const WEB = join(ROOT, "web");
const ADMIN = "web/admin";
/** The admin's kit: any screen imports its parts by path. */
const ADMIN_KIT = "shared";
/** The one browser API client. */
const API_CLIENT = "web/lib/api.ts";

function webFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every relative import (static, dynamic, re-export) of every file under web/, resolved to a file. */
function importsOfWeb(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  const re = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const file of webFiles(WEB)) {
    for (const m of readFileSync(file, "utf8").matchAll(re)) {
      const target = resolveSpec(file, m[1] as string);
      if (target) found.push({ from: relative(ROOT, file), to: relative(ROOT, target) });
    }
  }
  return found;
}

function webIntoServer(): string[] {
  const out = new Set<string>();
  for (const { from, to } of importsOfWeb())
    if (to.startsWith("src/") && !to.startsWith("src/contracts/")) out.add(`${from} -> ${to}`);
  return [...out].sort();
}

const adminFeatureOf = (path: string) => new RegExp(`^${ADMIN}/([^/]+)/`).exec(path)?.[1];

/** A test may open any screen it checks (one test holds every editor's messages); the screens' code may not. */
function adminCrossings(): string[] {
  const out = new Set<string>();
  for (const { from, to } of importsOfWeb()) {
    if (/\.test\.tsx?$/.test(from)) continue;
    const a = adminFeatureOf(from);
    const b = adminFeatureOf(to);
    if (!a || !b || a === b || b === ADMIN_KIT) continue;
    if (to !== `${ADMIN}/${b}/index.ts`) out.add(`${from} -> ${to}`);
  }
  return [...out].sort();
}

/** A call to the network made anywhere but the one client: fetch, XMLHttpRequest or a beacon. */
function callsBesideTheClient(): string[] {
  const out: string[] = [];
  for (const file of webFiles(WEB)) {
    const path = relative(ROOT, file);
    if (path === API_CLIENT || /\.test\.tsx?$/.test(path)) continue;
    const code = withoutComments(readFileSync(file, "utf8"));
    for (const m of code.matchAll(/\bfetch\s*\(|\bnew\s+XMLHttpRequest\b|\bsendBeacon\s*\(/g))
      out.push(`${path}: ${m[0]}`);
  }
  return out.sort();
}

/**
 * Time-driven work repeats through src/ops/every.ts (it logs a failed turn and never keeps a command alive); the
 * mail outbox's worker is the one other timer: it polls, is woken early, and waits for a send in flight to stop.
 */
const TIMER_OWNERS = ["src/ops/every.ts", "src/modules/mail/service.ts"];

test("time-driven work repeats only through the one timer", () => {
  const found = files(SRC)
    .map((file) => relative(ROOT, file))
    .filter((path) => /\bsetInterval\s*\(/.test(withoutComments(readFileSync(join(ROOT, path), "utf8"))))
    .filter((path) => !TIMER_OWNERS.includes(path));
  expect(found).toEqual([]);
});

describe("layout of web/", () => {
  test("web/ imports from src/ only the contracts", () => {
    expect(importsOfWeb().filter(({ to }) => to.startsWith("src/contracts/")).length).toBeGreaterThan(50);
    expect(webIntoServer()).toEqual([]);
  });

  test("an admin feature uses another only through its index.ts; the shared kit by path", () => {
    const features = readdirSync(join(ROOT, ADMIN)).filter((n) =>
      statSync(join(ROOT, ADMIN, n)).isDirectory(),
    );
    expect(features.length).toBeGreaterThan(5);
    expect(features.filter((f) => f !== ADMIN_KIT && !existsSync(join(ROOT, ADMIN, f, "index.ts")))).toEqual(
      [],
    );
    expect(adminCrossings()).toEqual([]);
  });

  test("the admin's shared kit imports no admin feature: features build on it, not it on them", () => {
    const kitIntoFeatures = importsOfWeb()
      .filter(({ from }) => adminFeatureOf(from) === ADMIN_KIT && !/\.test\.tsx?$/.test(from))
      .filter(({ to }) => adminFeatureOf(to) !== undefined && adminFeatureOf(to) !== ADMIN_KIT)
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(kitIntoFeatures).toEqual([]);
  });

  test("every call to the API goes through the one client, web/lib/api.ts", () => {
    expect(readFileSync(join(ROOT, API_CLIENT), "utf8")).toContain("fetch(");
    expect(callsBesideTheClient()).toEqual([]);
  });
});

/**
 * The run-time imports of a file: static imports, re-exports and side-effect imports, less those that bring only
 * types (`import type`, or braces whose every name is marked `type`), which leave nothing in the built code.
 * Dynamic `import()` is left out: it runs after every module has loaded, so it cannot change the start's order.
 */
function runtimeImportsOf(file: string): string[] {
  const code = withoutComments(readFileSync(file, "utf8"));
  const out: string[] = [];
  const re = /(?:^|[;\n])\s*(?:import|export)\s+(?:([^;"']*?)\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of code.matchAll(re)) {
    const clause = (m[1] ?? "").trim();
    if (/^type\s/.test(clause)) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause);
    const names = braces?.[1]
      ?.split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    if (names && names.length > 0 && names.every((n) => /^type\s/.test(n))) continue;
    const target = resolveSpec(file, m[2] as string);
    if (target) out.push(target);
  }
  return out;
}

/**
 * Every import cycle among `files` at run time, each written as the path that closes it ("a -> b -> a"), found
 * through the strongly connected parts of the import graph (Tarjan's algorithm): one path for each part, with the
 * part's size when it holds more files than the path.
 */
function importCycles(files: string[], root: string): string[] {
  const graph = new Map(files.map((f) => [f, runtimeImportsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) parts.push(part);
  };
  for (const f of [...graph.keys()].sort()) if (!index.has(f)) visit(f);
  // One cycle through each part: from its first file, the shortest way back to it inside the part.
  return parts
    .map((part) => {
      const inPart = new Set(part);
      const start = [...part].sort()[0] as string;
      const cameFrom = new Map<string, string>();
      const queue = [start];
      let end: string | undefined;
      while (queue.length > 0 && !end) {
        const v = queue.shift() as string;
        for (const w of graph.get(v) ?? []) {
          if (w === start) {
            end = v;
            break;
          }
          if (inPart.has(w) && !cameFrom.has(w)) {
            cameFrom.set(w, v);
            queue.push(w);
          }
        }
      }
      const path = [start];
      for (let v = end; v && v !== start; v = cameFrom.get(v)) path.splice(1, 0, v);
      const cycle = [...path, start].map((f) => relative(root, f)).join(" -> ");
      return part.length > path.length ? `${cycle} (one of the cycles among ${part.length} files)` : cycle;
    })
    .sort();
}

describe("no import cycles", () => {
  test("no file of src/ or web/ imports itself through others at run time", () => {
    const all = [...files(SRC), ...webFiles(WEB).filter((f) => !/\.test\.tsx?$/.test(f))];
    expect(all.length).toBeGreaterThan(500);
    // Printed whole, so a failure names the files to change.
    expect(importCycles(all, ROOT)).toEqual([]);
  });

  test("a cycle is found and written out, and imports of types alone are not one", () => {
    const dir = mkdtempSync(join(tmpdir(), "cycles-"));
    try {
      const write = (name: string, code: string) => writeFileSync(join(dir, name), code);
      write("a.ts", 'import { b } from "./b";\nexport const a = () => b;\n');
      write("b.ts", 'import { c } from "./c";\nexport const b = c;\n');
      write("c.ts", 'export { a } from "./a";\nexport const c = 1;\n');
      write("d.ts", 'import type { E } from "./e";\nimport { type F } from "./f";\nexport type D = E | F;\n');
      write("e.ts", 'import type { D } from "./d";\nexport type E = D;\n');
      write("f.ts", 'import { type D } from "./d";\nexport type F = D;\n');
      write("g.ts", 'import "./g";\n');
      const found = importCycles(
        ["a.ts", "b.ts", "c.ts", "d.ts", "e.ts", "f.ts", "g.ts"].map((n) => join(dir, n)),
        dir,
      );
      expect(found).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "g.ts -> g.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
