// Lighthouse (mobile defaults) on the built executable, in Debian's Chromium, on 127.0.0.1.
// Prints the four category scores per page and what loses points. Figures only; nothing is asserted.
//   node scripts/audit.mjs [path ...]
//   AUDIT_REPORTS=dir node scripts/audit.mjs   also writes each page's full Lighthouse report (JSON) there
//   AUDIT_WARM=1 node scripts/audit.mjs        asks for each page once first: the page as every visitor after the
//                                              first gets it (cached, best encoding), not the first render
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const root = join(import.meta.dirname, "..");
const port = Number(process.env.AUDIT_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/services/asset-map", "/contact", "/articles/hidden-assets-divorce-records", "/for-individuals"];

const dir = mkdtempSync(join(tmpdir(), "tracewell-audit-"));
const server = spawn(join(root, "dist", "tracewell"), [], {
  cwd: dir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dir, "data"),
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 200) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 25));
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
try {
  console.log("Lighthouse, mobile defaults (simulated slow 4G, 4x CPU slowdown)");
  for (const path of paths) {
    if (process.env.AUDIT_WARM) {
      await fetch(`${base}${path}`, { headers: { "accept-encoding": "br" } });
      await new Promise((r) => setTimeout(r, 500));
    }
    const run = () => lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
    let lhr = (await run()).lhr;
    // Now and then Chromium's trace misses the navigation start (NO_NAVSTART) and nothing is measured: the
    // report says so and asks for another run, so it gets one.
    if (lhr.runtimeError) {
      console.log(`${path.padEnd(44)} not measured (${lhr.runtimeError.code}); running it again`);
      lhr = (await run()).lhr;
    }
    if (process.env.AUDIT_REPORTS) {
      mkdirSync(process.env.AUDIT_REPORTS, { recursive: true });
      const name = path === "/" ? "home" : path.slice(1).replace(/\//g, "_");
      writeFileSync(join(process.env.AUDIT_REPORTS, `${name}.json`), JSON.stringify(lhr, null, 1));
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    console.log(
      `${path.padEnd(44)} performance ${score("performance")}  accessibility ${score("accessibility")}  best-practices ${score("best-practices")}  seo ${score("seo")}`,
    );
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]
      .map((id) => `${id.replace(/-/g, " ")} ${lhr.audits[id]?.displayValue ?? "?"}`)
      .join(", ");
    console.log(`   ${metrics}`);
    const losing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "manual",
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    if (losing.length) console.log(`   loses points: ${losing.join("; ")}`);
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
