/**
 * Runs one or more test layers, each found by its file name's convention, so a new test runs without being
 * listed anywhere:
 *   unit       *.test.ts(x) beside the code in src/ and web/ (not component tests)
 *   api        tests/api/**\/*.test.ts(x): the app through app.handle, real SQLite, a real SMTP server
 *   process    tests/process/**\/*.test.ts: the built binary (bun run build first)
 *   component  *.dom.test.tsx anywhere: React components in happy-dom, in a bun test run of their own
 *              (happy-dom replaces fetch, Request and Response, which the other layers need as they are)
 * Browser tests (tests/e2e/*.e2e.ts) run under Node with Playwright: `bun run test:e2e`.
 *
 * Usage: bun scripts/test-layer.ts <layer> [<layer> ...] [-- extra bun test arguments]
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";

const ROOT = new URL("..", import.meta.url).pathname;
const COMPONENT = /\.dom\.test\.tsx$/;
const TIMEOUT_MS = 30_000;
/**
 * The API and process layers run their files in two processes at once, one per core of the build machine (each
 * file alone in its process, so no file leans on another's module state); TEST_WORKERS=1 runs them one by one.
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

export const LAYERS = {
  unit: { globs: ["src/**/*.test.{ts,tsx}", "web/**/*.test.{ts,tsx}"], dom: false, parallel: false },
  api: { globs: ["tests/api/**/*.test.{ts,tsx}"], dom: false, parallel: true },
  process: { globs: ["tests/process/**/*.test.{ts,tsx}"], dom: false, parallel: true },
  component: {
    globs: ["src/**/*.dom.test.tsx", "web/**/*.dom.test.tsx", "tests/**/*.dom.test.tsx"],
    dom: true,
    parallel: false,
  },
} as const;
export type Layer = keyof typeof LAYERS;

/** The test files of a layer, sorted, relative to the repository's root. */
export function layerFiles(layer: Layer): string[] {
  const { globs, dom } = LAYERS[layer];
  const files = new Set<string>();
  for (const pattern of globs) {
    for (const file of new Glob(pattern).scanSync({ cwd: ROOT })) {
      if (file.includes("node_modules/")) continue;
      if (COMPONENT.test(file) === dom) files.add(file);
    }
  }
  return [...files].sort();
}

/**
 * A fresh folder in memory (/dev/shm) for the tests' data folders, when the machine has one. The SQLite files
 * are real files all the same; what goes is the wait for a shared disk at every commit (synchronous = FULL).
 * TMPDIR set by the caller wins.
 */
function memoryBackedTmp(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    if (!statSync("/dev/shm").isDirectory()) return undefined;
    const dir = mkdtempSync(join("/dev/shm", "tracewell-tests-"));
    // Passable, not listable, by other users: a process test runs the binary as `nobody` in a folder below.
    chmodSync(dir, 0o711);
    return dir;
  } catch {
    return undefined;
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const split = args.indexOf("--");
  const names = split === -1 ? args : args.slice(0, split);
  const extra = split === -1 ? [] : args.slice(split + 1);
  const unknown = names.filter((n) => !(n in LAYERS));
  if (names.length === 0 || unknown.length > 0) {
    console.error(
      `Usage: bun scripts/test-layer.ts <${Object.keys(LAYERS).join("|")}> ... [-- bun test args]`,
    );
    process.exit(2);
  }
  const layers = names as Layer[];
  const dom = layers.map((l) => LAYERS[l].dom);
  if (dom.some((d) => d !== dom[0])) {
    console.error("Component tests run apart from the others (happy-dom replaces fetch): name them alone.");
    process.exit(2);
  }
  const files = layers.flatMap(layerFiles).map((f) => `./${f}`);
  if (files.length === 0) {
    console.error(`No test files in ${layers.join(", ")}.`);
    process.exit(1);
  }
  const preload = dom[0] ? ["--preload", "./tests/dom-preload.ts"] : [];
  // bun's 5 s default fails tests that render every page when the machine is busy; a hung test still fails.
  const timeout = extra.some((a) => a.startsWith("--timeout")) ? [] : ["--timeout", String(TIMEOUT_MS)];
  const parallel =
    WORKERS > 1 && layers.some((l) => LAYERS[l].parallel) && !extra.some((a) => a.startsWith("--parallel"))
      ? [`--parallel=${WORKERS}`]
      : [];
  const scratch = memoryBackedTmp();
  const run = Bun.spawnSync(["bun", "test", ...preload, ...timeout, ...parallel, ...extra, ...files], {
    cwd: ROOT,
    stdio: ["inherit", "inherit", "inherit"],
    env: scratch ? { ...process.env, TMPDIR: scratch } : process.env,
  });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  process.exit(run.exitCode ?? 1);
}
