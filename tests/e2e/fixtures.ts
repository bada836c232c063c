import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base } from "@playwright/test";
import { answers, freePort, ROOT } from "./own-server";

export { expect } from "@playwright/test";

/**
 * The browser tests run in two workers, each a visitor's session against a demo server of its own: the built
 * executable started as an operator starts it (start-binary.sh), on a port the system says is free. A spec sees
 * only what it and the specs before it in its worker did, never a spec running beside it in the other worker.
 * A worker that is replaced after a failed test starts a server of its own again.
 */
export const test = base.extend<object, { demoOrigin: string }>({
  demoOrigin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const dir = mkdtempSync(join(tmpdir(), "tracewell-e2e-"));
      const server = spawn(join(ROOT, "tests", "e2e", "start-binary.sh"), [], {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, E2E_PORT: String(port), E2E_DIR: dir },
      });
      const stop = async () => {
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once("exit", resolve));
          server.kill("SIGTERM");
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      };
      if (!(await answers(origin, server))) {
        await stop();
        throw new Error("the worker's demo server did not start");
      }
      await use(origin);
      await stop();
    },
    { scope: "worker", timeout: 30_000 },
  ],
  baseURL: async ({ demoOrigin }, use) => use(demoOrigin),
});
