/**
 * Builds dist/tracewell: the client bundle (hashed), the stylesheet (UnoCSS), static files from web/public,
 * precompressed .br/.gz copies, a generated module that embeds all of them, then the single executable.
 *   bun scripts/build.ts            full build
 *   bun scripts/build.ts --assets   everything but the executable (tests and dev use this)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";
import { build as unocss } from "@unocss/cli";
import { type InputOptions, type OutputAsset, type OutputChunk, type Plugin, rolldown } from "rolldown";
import { brotli, gzip } from "../src/lib/compress";
import { SCRIPT_BYTES_BUDGET, SCRIPT_FILES_BUDGET } from "./budget.mjs";
import { documentSizesModule, generateDocuments } from "./docs/generate";
import { buildFonts } from "./fonts";

const ROOT = join(import.meta.dir, "..");
const DIST = join(ROOT, "dist");
const PUBLIC_OUT = join(DIST, "public");
const ASSETS_OUT = join(PUBLIC_OUT, "assets");
const GENERATED = join(ROOT, "src", "generated");
const assetsOnly = process.argv.includes("--assets");

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".txt", ".xml", ".json", ".webmanifest", ".ico"]);

function hashName(file: string, content: Uint8Array): string {
  const ext = extname(file);
  return `${basename(file, ext)}-${Bun.hash(content).toString(36).slice(0, 10)}${ext}`;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** wouter's use-sync-external-store shim, replaced by React's own hook (web/lib/use-sync-external-store.ts). */
const REACTS_OWN_SYNC_EXTERNAL_STORE = {
  "use-sync-external-store/shim": join(ROOT, "web", "lib", "use-sync-external-store.ts"),
  "use-sync-external-store/shim/index.js": join(ROOT, "web", "lib", "use-sync-external-store.ts"),
};

type ClientBuild = {
  script: string;
  preload: string[];
  pageChunks: Record<string, string[]>;
  /** Each public page (web/pages/) and the files it loads beyond the boot script: the entry's, then its own. */
  publicPages: Record<string, string[]>;
};

const CLIENT_INPUT: InputOptions = {
  input: join(ROOT, "web", "entry-client.tsx"),
  cwd: ROOT,
  platform: "browser",
  tsconfig: join(ROOT, "tsconfig.json"),
  transform: { define: { "process.env.NODE_ENV": '"production"' }, jsx: { runtime: "automatic" } },
  resolve: { alias: REACTS_OWN_SYNC_EXTERNAL_STORE },
  onLog(level, log, handle) {
    // lucide-react marks its modules "use client" for React Server Components, which this app does not use.
    if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
    handle(level, log);
  },
};

const chunksOf = (output: (OutputChunk | OutputAsset)[]) =>
  new Map(output.filter((o): o is OutputChunk => o.type === "chunk").map((c) => [c.fileName, c]));

/** A chunk's modules and those of every chunk it imports statically. */
function staticModules(chunks: Map<string, OutputChunk>, from: OutputChunk, into = new Set<string>()) {
  for (const id of Object.keys(from.modules)) into.add(id);
  for (const file of from.imports) {
    const next = chunks.get(file);
    if (next && !into.has(`chunk:${file}`)) {
      into.add(`chunk:${file}`);
      staticModules(chunks, next, into);
    }
  }
  return into;
}

/**
 * Which chunk each module goes in, read off a first, automatic split (ADR 302). Left alone, the bundler gives every
 * set of importers its own chunk: a public page loaded 23 to 28 files, 17 of them slivers of the entry's own
 * graph. Instead: "shell" holds everything the entry imports (React, the router, the header and footer), since
 * every page runs it first; each public page has one chunk of its own beside its module; what several public pages
 * share is grouped by the set of pages sharing it, and where a page would then load more than `setsPerPage` such
 * groups, the group that costs least to load everywhere (its size times the pages that do not use it) joins
 * "site", which every public page loads. The admin's and the portal's pages keep the automatic split.
 */
function chunkPlan(
  first: Map<string, OutputChunk>,
  imports: Map<string, readonly string[]>,
  setsPerPage: number,
): (id: string) => string | null {
  const entry = [...first.values()].find((c) => c.isEntry);
  if (!entry) throw new Error("Client build produced no entry point");
  const shell = staticModules(first, entry);
  // The entry module itself stays in the entry chunk: it awaits the page's chunk before hydrating, and that chunk
  // imports the shell, which must not be the module still waiting for it.
  if (entry.facadeModuleId) shell.delete(entry.facadeModuleId);
  const size = new Map<string, number>();
  for (const chunk of first.values())
    for (const [id, m] of Object.entries(chunk.modules)) size.set(id, m.renderedLength);
  const pagesUsing = new Map<string, string[]>();
  const pages = new Set<string>();
  for (const chunk of first.values()) {
    const page = chunk.isDynamicEntry ? chunk.facadeModuleId?.split("\\").join("/") : undefined;
    if (!page?.includes("/web/pages/")) continue;
    const name = basename(page).replace(/\.tsx?$/, "");
    pages.add(name);
    for (const id of staticModules(first, chunk))
      if (!id.startsWith("chunk:") && !shell.has(id))
        pagesUsing.set(id, [...(pagesUsing.get(id) ?? []), name]);
  }
  // The shared modules by the set of pages sharing them: one group each, until the greedy merge below.
  const groups = new Map<string, { pages: string[]; bytes: number }>();
  const groupOf = new Map<string, string>();
  for (const [id, using] of pagesUsing) {
    if (using.length < 2) continue;
    const key = `shared-${[...using].sort().join("+")}`;
    const group = groups.get(key) ?? { pages: using, bytes: 0 };
    group.bytes += size.get(id) ?? 0;
    groups.set(key, group);
    groupOf.set(id, key);
  }
  const inSite = new Set<string>();
  // A group in "site" brings the groups its modules import: every page loads "site", so they would load them too.
  const joinSite = (key: string) => {
    const todo = [key];
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      if (inSite.has(next)) continue;
      inSite.add(next);
      for (const [id, group] of groupOf)
        if (group === next)
          for (const dep of imports.get(id) ?? []) {
            const depGroup = groupOf.get(dep);
            if (depGroup !== undefined && !inSite.has(depGroup)) todo.push(depGroup);
          }
    }
  };
  const setsOf = (page: string) =>
    [...groups].filter(([key, g]) => !inSite.has(key) && g.pages.includes(page)).map(([key]) => key);
  for (;;) {
    const crowded = [...pages].filter((page) => setsOf(page).length > setsPerPage);
    if (crowded.length === 0) break;
    const candidates = [...new Set(crowded.flatMap(setsOf))];
    const cost = (key: string) => {
      const g = groups.get(key);
      return g ? g.bytes * (pages.size - g.pages.length) : 0;
    };
    const cheapest = candidates.sort((a, b) => cost(a) - cost(b) || a.localeCompare(b))[0];
    if (cheapest === undefined) break;
    joinSite(cheapest);
  }
  return (id) => {
    if (shell.has(id)) return "shell";
    const key = groupOf.get(id);
    if (key !== undefined) return inSite.has(key) ? "site" : key;
    return pagesUsing.get(id)?.[0] ?? null;
  };
}

/**
 * Shared groups a public page may load beside "site": with the boot script, the entry, the shell, the bundler's
 * runtime, "site" and the page's two, one more keeps every public page at SCRIPT_FILES_BUDGET (8).
 */
const SHARED_GROUPS_PER_PAGE = SCRIPT_FILES_BUDGET - 7;

async function buildClient(): Promise<ClientBuild> {
  const imports = new Map<string, readonly string[]>();
  const graph: Plugin = {
    name: "module-graph",
    moduleParsed: (info) => void imports.set(info.id, info.importedIds),
  };
  const firstBuild = await rolldown({ ...CLIENT_INPUT, plugins: [graph] });
  const first = chunksOf((await firstBuild.generate({ format: "esm" })).output);
  await firstBuild.close();
  const bundle = await rolldown(CLIENT_INPUT);
  const { output } = await bundle.write({
    dir: ASSETS_OUT,
    format: "esm",
    minify: true,
    sourcemap: false,
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "[name]-[hash].js",
    // A module in a named chunk stays there: its dependencies keep the chunk the plan gave them.
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [{ name: chunkPlan(first, imports, SHARED_GROUPS_PER_PAGE) }],
    },
  });
  await bundle.close();
  const chunks = chunksOf(output);
  const url = (file: string) => `/assets/${file}`;
  const staticFiles = (from: OutputChunk, seen = new Set<string>()): Set<string> => {
    for (const file of from.imports) {
      if (seen.has(file)) continue;
      seen.add(file);
      const next = chunks.get(file);
      if (next) staticFiles(next, seen);
    }
    return seen;
  };
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error("Client build produced no entry point");
  const entryDeps = staticFiles(entry);
  // Keyed by each page module's exports (a route names its page by export), each with the chunks it imports
  // beyond the entry's, so the server preloads exactly the current page's chunks.
  const pageChunks: Record<string, string[]> = {};
  const publicPages: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const source = chunk.isDynamicEntry ? chunk.facadeModuleId?.split("\\").join("/") : undefined;
    if (!source) continue;
    const needed = [chunk.fileName, ...staticFiles(chunk)].filter(
      (f) => !entryDeps.has(f) && f !== entry.fileName,
    );
    // Pages, and the admin's and the portal's route tables (web/routes.ts), which their pages need first.
    if (source.includes("web/pages/") || source.includes("web/admin/") || source.includes("web/routes/"))
      for (const name of chunk.exports) pageChunks[name] = needed.map(url);
    if (source.includes("web/pages/"))
      publicPages[basename(source)] = [entry.fileName, ...entryDeps, ...needed].map(url);
  }
  return { script: url(entry.fileName), preload: [...entryDeps].map(url), pageChunks, publicPages };
}

/**
 * Fails the build when a public page would load more script than the budget allows (scripts/budget.mjs, ADR 302),
 * counted as the browser fetches them: the boot script, the entry and what it imports, the page's chunks.
 */
async function checkScriptBudget(client: ClientBuild, boot: string): Promise<void> {
  const gzipped = async (path: string) =>
    gzip(new Uint8Array(await Bun.file(join(PUBLIC_OUT, path)).arrayBuffer())).byteLength;
  const over: string[] = [];
  for (const [page, files] of Object.entries(client.publicPages)) {
    const all = [boot, ...new Set(files)];
    let bytes = 0;
    for (const file of all) bytes += await gzipped(file);
    if (all.length > SCRIPT_FILES_BUDGET || bytes > SCRIPT_BYTES_BUDGET)
      over.push(
        `  ${page}: ${all.length} files, ${(bytes / 1024).toFixed(1)} KB gzip (${all.map((f) => basename(f)).join(" ")})`,
      );
  }
  if (over.length > 0)
    throw new Error(
      `Past the script budget (${SCRIPT_FILES_BUDGET} files, ${SCRIPT_BYTES_BUDGET / 1024} KB gzip a public page):\n${over.join("\n")}`,
    );
}

/**
 * The script every page names in its head (web/boot.ts): it starts the entry once the first frame is painted
 * (ADR 215). Built after the client, since it carries the entry's URL.
 */
async function buildBoot(client: ClientBuild): Promise<string> {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "web", "boot.ts")],
    outdir: ASSETS_OUT,
    target: "browser",
    format: "esm",
    minify: true,
    sourcemap: "none",
    naming: { entry: "[name]-[hash].[ext]" },
    // The entry is a URL the browser fetches, not a module to bundle in.
    external: ["/assets/*"],
    define: { ENTRY: JSON.stringify(client.script) },
  });
  const out = result.outputs[0];
  if (!result.success || !out) {
    for (const log of result.logs) console.error(log);
    throw new Error("Boot script build failed");
  }
  return `/assets/${basename(out.path)}`;
}

/**
 * The stylesheets: the fonts' @font-face rules (`fontFaces`), then UnoCSS's output, each under its hash. `css`
 * holds every rule; `siteCss` leaves out the classes only the admin and the portal use, so the sheet every public
 * page inlines is smaller (ADR 165).
 */
async function buildCss(fontFaces: string): Promise<{ css: string; siteCss: string }> {
  const sheet = async (name: string, patterns: string[]) => {
    const tmp = join(DIST, "tmp", name);
    await unocss({
      cwd: ROOT,
      patterns,
      outFile: tmp,
      config: join(ROOT, "uno.config.ts"),
      minify: true,
      preflights: true,
    });
    const css = new TextEncoder().encode(fontFaces + (await Bun.file(tmp).text()));
    const hashed = hashName(name, css);
    await Bun.write(join(ASSETS_OUT, hashed), css);
    return `/assets/${hashed}`;
  };
  const css = await sheet("app.css", ["web/**/*.{ts,tsx}"]);
  const siteCss = await sheet("site.css", ["web/**/*.{ts,tsx}", "!web/admin/**", "!web/portal/**"]);
  rmSync(join(DIST, "tmp"), { recursive: true, force: true });
  return { css, siteCss };
}

async function copyPublic(): Promise<void> {
  const src = join(ROOT, "web", "public");
  for (const file of walk(src)) {
    const out = join(PUBLIC_OUT, relative(src, file));
    mkdirSync(dirname(out), { recursive: true });
    await Bun.write(out, Bun.file(file));
  }
}

/** Writes .br and .gz beside each compressible file and returns the manifest entries. */
async function precompress(): Promise<
  Record<string, { file: string; type: string; br?: string; gz?: string; immutable: boolean }>
> {
  const files: Record<string, { file: string; type: string; br?: string; gz?: string; immutable: boolean }> =
    {};
  for (const file of walk(PUBLIC_OUT)) {
    const ext = extname(file);
    const type = TYPES[ext];
    if (!type) throw new Error(`No content type for ${relative(ROOT, file)}: add its extension to TYPES`);
    const url = `/${relative(PUBLIC_OUT, file).split("\\").join("/")}`;
    const entry: (typeof files)[string] = { file, type, immutable: url.startsWith("/assets/") };
    if (COMPRESSIBLE.has(ext)) {
      const raw = new Uint8Array(await Bun.file(file).arrayBuffer());
      await Bun.write(`${file}.br`, brotli(raw));
      await Bun.write(`${file}.gz`, gzip(raw));
      entry.br = `${file}.br`;
      entry.gz = `${file}.gz`;
    }
    files[url] = entry;
  }
  return files;
}

/** A module that imports every file "with { type: 'file' }", so `bun build --compile` embeds them. */
function writeManifestModule(
  files: Awaited<ReturnType<typeof precompress>>,
  entry: { boot: string; script: string; css: string; siteCss: string; preload: string[]; fonts: string[] },
  pageChunks: Record<string, string[]>,
): void {
  mkdirSync(GENERATED, { recursive: true });
  const imports: string[] = [];
  const ref = (path: string) => {
    const name = `f${imports.length}`;
    imports.push(
      `import ${name} from ${JSON.stringify(relative(GENERATED, path).split("\\").join("/"))} with { type: "file" };`,
    );
    return name;
  };
  const rows = Object.entries(files).map(([url, f]) => {
    const parts = [`file: ${ref(f.file)}`, `type: ${JSON.stringify(f.type)}`, `immutable: ${f.immutable}`];
    if (f.br) parts.push(`br: ${ref(f.br)}`);
    if (f.gz) parts.push(`gz: ${ref(f.gz)}`);
    return `  ${JSON.stringify(url)}: { ${parts.join(", ")} },`;
  });
  const source = `// Generated by scripts/build.ts. Do not edit.
// @ts-nocheck: TypeScript has no types for \`with { type: "file" }\` imports; MANIFEST is typed below.
import type { AssetManifest } from "../http/assets";
${imports.join("\n")}

export const MANIFEST: AssetManifest = {
  entry: ${JSON.stringify(entry)},
  pageChunks: ${JSON.stringify(pageChunks)},
  files: {
${rows.join("\n")}
  },
};
`;
  writeFileSync(join(GENERATED, "assets.ts"), source);
}

/**
 * The binary's identity for --version (src/contracts/build-info.ts): the commit's short hash ("unknown" outside
 * git, as in a source tarball) and the UTC date, SOURCE_DATE_EPOCH's when set so a rebuild can match.
 */
function buildIdentity(): { commit: string; built: string } {
  const git = Bun.spawnSync(["git", "rev-parse", "--short=7", "HEAD"], { cwd: ROOT, stderr: "ignore" });
  const commit = git.exitCode === 0 ? git.stdout.toString().trim() : "";
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const at = Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
  return { commit: /^[0-9a-f]{7,}$/.test(commit) ? commit : "unknown", built: at.toISOString().slice(0, 10) };
}

async function compile(): Promise<void> {
  const identity = buildIdentity();
  const proc = Bun.spawn(
    [
      process.execPath,
      "build",
      "--compile",
      // Compiled ahead to bytecode, the start skips parsing the module graph (ADR 236). ESM, not the CommonJS
      // --bytecode defaults to: the page renderer's entry awaits its route table at the top level.
      "--bytecode",
      "--format=esm",
      "--minify-whitespace",
      "--minify-syntax",
      "--no-compile-autoload-dotenv",
      "--no-compile-autoload-bunfig",
      "--define",
      'process.env.NODE_ENV="production"',
      "--define",
      `TRACEWELL_COMMIT=${JSON.stringify(identity.commit)}`,
      "--define",
      `TRACEWELL_BUILT=${JSON.stringify(identity.built)}`,
      "--outfile",
      join(DIST, "tracewell"),
      join(ROOT, "src", "main.ts"),
    ],
    { cwd: ROOT, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if ((await proc.exited) !== 0) throw new Error("bun build --compile failed");
}

const started = performance.now();
rmSync(PUBLIC_OUT, { recursive: true, force: true });
mkdirSync(ASSETS_OUT, { recursive: true });
// Downloads first: the server's resources read their sizes, and precompress embeds them.
const documentSizes = await generateDocuments(PUBLIC_OUT);
mkdirSync(GENERATED, { recursive: true });
writeFileSync(join(GENERATED, "documents.ts"), documentSizesModule(documentSizes));
const client = await buildClient();
const boot = await buildBoot(client);
await checkScriptBudget(client, boot);
const fonts = await buildFonts(ROOT, ASSETS_OUT, hashName);
const sheets = await buildCss(fonts.css);
await copyPublic();
const files = await precompress();
writeManifestModule(
  files,
  { boot, script: client.script, ...sheets, preload: client.preload, fonts: fonts.preload },
  client.pageChunks,
);
if (!assetsOnly) await compile();
console.log(
  `build: ${Object.keys(files).length} files${assetsOnly ? "" : ", dist/tracewell"} in ${Math.round(performance.now() - started)} ms`,
);
