import { join } from "node:path";
import { loadConfig } from "../config";
import { adminCli } from "../modules/auth";
import { createDueService } from "../modules/desk";
import { retentionCli } from "../modules/privacy";
import { resetMfaCli } from "../modules/staff";
import { backup } from "../ops/backup";
import { databaseFor, dataStoreFor } from "../ops/commands";
import { DATABASE_FILE } from "../ops/data-store";
import { keysCli } from "../ops/keys-cli";
import { systemClock } from "../store";

/** The operator's commands other than serve and digest; what each opens is declared in src/ops/commands.ts. */
export async function runCommand(argv: string[]): Promise<number | undefined> {
  const [command] = argv;
  if (command === "admin" && argv[1] === "reset-mfa") {
    const config = loadConfig(process.env);
    return resetMfaCli(argv.slice(2), {
      openDb: () => databaseFor("admin reset-mfa", config),
      now: systemClock,
    });
  }
  if (command === "admin") {
    const config = loadConfig(process.env);
    const action = argv[1] === "passwd" ? "admin passwd" : "admin create";
    return adminCli(argv.slice(1), { config, openDb: () => databaseFor(action, config), now: systemClock });
  }
  if (command === "keys") {
    return keysCli(argv.slice(1), {
      openStore: () => {
        const config = loadConfig(process.env);
        return { ...dataStoreFor("keys rotate", config), dataDir: config.dataDir };
      },
    });
  }
  if (command === "retention") {
    const config = loadConfig(process.env);
    return retentionCli(argv.slice(1), { openDb: () => databaseFor("retention", config), now: systemClock });
  }
  if (command === "backup") {
    const target = argv[1];
    if (!target || target.startsWith("-")) {
      process.stderr.write("Usage: tracewell backup <file>\n");
      return 2;
    }
    const config = loadConfig(process.env);
    const result = backup(join(config.dataDir, DATABASE_FILE), config.dataDir, target);
    process.stdout.write(
      `Backed up to ${result.database} (${result.bytes} bytes)${result.uploads ? `, uploads to ${result.uploads}` : ""}${result.documents ? `, documents to ${result.documents}` : ""}\n`,
    );
    return 0;
  }
  if (command === "subscriptions") {
    const { subscriptionsCli } = await import("../modules/subscriptions");
    const config = loadConfig(process.env);
    return subscriptionsCli(argv.slice(1), {
      openStore: () => dataStoreFor("subscriptions", config),
      calendarOf: (store) => createDueService({ store, config, now: store.clock }).clock,
      now: systemClock,
    });
  }
  if (command === "healthcheck") {
    const config = loadConfig(process.env);
    const res = await fetch(`http://127.0.0.1:${config.port}/healthz`, {
      signal: AbortSignal.timeout(2000),
    }).catch(() => undefined);
    return res?.status === 200 ? 0 : 1;
  }
  return undefined;
}
