/**
 * One process of a "two at once" test: the server's timer or the operator's command running the subscriptions'
 * day against a data folder another process holds too, on a fixed clock. Each opens everything first, then waits
 * for the go file (the test writes it once both said they are ready), so both turns start in the same instant.
 *
 *   bun tests/helpers/calendar-job-process.ts <server|command> <ISO time> <go file>
 */
import { existsSync, writeFileSync } from "node:fs";
import { createApp } from "../../src/app";
import { commandRoot } from "../../src/cli/calendar-commands";
import { loadConfig } from "../../src/config";
import { MANIFEST } from "../../src/generated/assets";
import { subscriptionsCli } from "../../src/modules/subscriptions";
import { openDataStore } from "../../src/ops/data-store";

const [mode, iso = "", go = ""] = process.argv.slice(2);
const at = new Date(iso);
const now = () => at;
const config = loadConfig(process.env);
/** Says this process is ready (`<go file>.<mode>`), then waits for the go. */
const ready = () => {
  writeFileSync(`${go}.${mode}`, "");
  while (!existsSync(go)) Bun.sleepSync(1);
};

if (mode === "server") {
  const store = openDataStore(config, { clock: now });
  const app = createApp({ config, store, manifest: MANIFEST });
  ready();
  const ran = app.decorator.subscriptionJobs.runIfDue();
  process.stdout.write(`${JSON.stringify({ charges: ran?.charges.length ?? 0 })}\n`);
  process.exit(0);
} else {
  const code = subscriptionsCli(["--as-of", at.toISOString().slice(0, 10)], {
    openStore: () => openDataStore(config, { clock: now }),
    // As `tracewell subscriptions` does (src/cli/calendar-commands.ts), with the wait once its root is built.
    subscriptionsOf: (store) => {
      const root = commandRoot(store, { config });
      ready();
      return root.subscriptions;
    },
  });
  process.exit(code);
}
