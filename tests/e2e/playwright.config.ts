import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

/**
 * Browser tests run under Node against the built binary, in Debian's Chromium (no browser download). Each worker
 * starts its own demo server (fixtures.ts), so a spec file runs whole in one worker and the workers share nothing:
 * two by default, one per core of the build machine; E2E_WORKERS=1 runs them one after another.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI one retry keeps a slow machine's hiccup from dropping a landing; the list reporter still names every test
  // that needed it as flaky, and a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: "off",
  },
});
