/**
 * Builds dist/tracewell: the client bundle (hashed), the stylesheet (UnoCSS), static files from web/public,
 * precompressed .br/.gz copies, a generated module that embeds all of them, then the single executable.
 *   bun scripts/build.ts            full build
 *   bun scripts/build.ts --assets   everything but the executable (tests and dev use this)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";
import { build as unocss } from "@unocss/cli";
import type { BunPlugin } from "bun";
import { minify as terser } from "terser";
import { brotli, gzip } from "../src/lib/compress";
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
const reactsOwnSyncExternalStore: BunPlugin = {
  name: "react-use-sync-external-store",
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
      path: join(ROOT, "web", "lib", "use-sync-external-store.ts"),
    }));
  },
};

type ClientBuild = { script: string; preload: string[]; pageChunks: Record<string, string[]> };

async function buildClient(): Promise<ClientBuild> {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "web", "entry-client.tsx")],
    outdir: ASSETS_OUT,
    target: "browser",
    format: "esm",
    splitting: true,
    // Folds the tiny shared chunks (an icon, a card) into chunks their importers already load: fewer requests,
    // and gzip does better on one larger file. Kept small: a chunk folds into one loaded by a superset of its
    // importers, and at 16 KB admin-only code (an icon of the delete buttons) was folded into chunks every
    // public page loads, costing them about 1 KB (ADR 011). 2560 is the smallest that folds the service
    // pages' small shared chunks (0.3 KB off each against 2048; up to 4096 no better, 8192 worse).
    minChunkSize: 2560,
    minify: true,
    sourcemap: "none",
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [reactsOwnSyncExternalStore],
  });
  if (!result.success || !result.metafile) {
    for (const log of result.logs) console.error(log);
    throw new Error("Client build failed");
  }
  // A second minifier pass: terser's compressor finds about 2% more than Bun's on this code, which is what
  // keeps the public pages inside their JavaScript budget (ADR 011). Chunk names keep Bun's hashes, which
  // already change with every change of the source.
  for (const output of result.outputs) {
    if (!output.path.endsWith(".js")) continue;
    const minified = await terser(await output.text(), {
      module: true,
      compress: { passes: 2 },
      // Bun has already given top-level names one or two letters; renaming them again would only turn
      // every import into "import { Ab as e }".
      mangle: { module: false },
      format: { comments: false },
    });
    if (minified.code === undefined) throw new Error(`terser produced nothing for ${output.path}`);
    await Bun.write(output.path, minified.code);
  }
  // The metafile says which chunk each dynamically imported page became and what it imports in turn, so the
  // server can preload exactly the current page's chunks.
  const outputs = result.metafile.outputs as Record<
    string,
    { entryPoint?: string; exports?: string[]; imports: { path: string; kind: string }[] }
  >;
  const url = (out: string) => `/assets/${basename(out)}`;
  const key = (path: string) => `./${basename(path)}`;
  const staticImports = (out: string, seen = new Set<string>()): Set<string> => {
    for (const imp of outputs[out]?.imports ?? []) {
      if (imp.kind !== "import-statement" || seen.has(key(imp.path))) continue;
      seen.add(key(imp.path));
      staticImports(key(imp.path), seen);
    }
    return seen;
  };
  const entryOut = Object.keys(outputs).find((o) => outputs[o]?.entryPoint?.endsWith("entry-client.tsx"));
  if (!entryOut) throw new Error("Client build produced no entry point");
  const entryDeps = staticImports(entryOut);
  // Keyed by each page module's exports (a route names its page by export), each with the chunks it imports
  // beyond the entry's.
  const pageChunks: Record<string, string[]> = {};
  for (const [out, meta] of Object.entries(outputs)) {
    const source = meta.entryPoint?.split("\\").join("/");
    if (out === entryOut || !source) continue;
    const needed = () =>
      [out, ...staticImports(out)].filter((o) => !entryDeps.has(o) && o !== entryOut).map(url);
    // Pages, and the admin's and the portal's route tables (web/routes.ts), which their pages need first.
    if (source.includes("web/pages/") || source.includes("web/admin/") || source.includes("web/routes/"))
      for (const name of meta.exports ?? []) pageChunks[name] = needed();
  }
  return { script: url(entryOut), preload: [...entryDeps].map(url), pageChunks };
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
