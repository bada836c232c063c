import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4317);

/** Browser tests run under Node against the built binary, in Debian's Chromium (no browser download). */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  // On CI one retry keeps a slow machine's hiccup from dropping a landing; the list reporter still names every test
  // that needed it as flaky, and a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: "off",
  },
  webServer: {
    command: "./tests/e2e/start-binary.sh",
    cwd: "../..",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 20_000,
    env: { E2E_PORT: String(PORT) },
  },
});
