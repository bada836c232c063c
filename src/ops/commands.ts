import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { Config } from "../config";
import { openDatabase } from "../db/index";
import type { Logger } from "../log";
import { DATABASE_FILE, openDataStore } from "./data-store";

/**
 * What each command of the executable opens in the data folder (ADR 093). Only the commands that read or write
 * personal data open it with the data key; the others never load, check or make a key, so the break-glass
 * commands work where the key is kept apart from the data (DATA_KEY in the service's environment).
 * - "data key": the data store, its key checked against what is stored (src/ops/data-store.ts). Only `serve`
 *   makes a key, at the first start; a command that finds none refuses, naming DATA_KEY.
 * - "database": the SQLite file alone, migrated, without a key: the command reads and writes no personal value.
 * - "read-only": the SQLite file alone, read-only, without a key.
 * - "none": nothing in the data folder.
 */
export const COMMAND_DATA = {
  serve: "data key",
  "admin create": "database",
  "admin passwd": "database",
  "admin reset-mfa": "database",
  "keys generate": "none",
  "keys rotate": "data key",
  backup: "data key",
  restore: "data key",
  retention: "read-only",
  digest: "data key",
  subscriptions: "data key",
  healthcheck: "none",
} as const satisfies Record<string, "data key" | "database" | "read-only" | "none">;

export type Command = keyof typeof COMMAND_DATA;

type Needing<N extends string> = {
  [C in Command]: (typeof COMMAND_DATA)[C] extends N ? C : never;
}[Command];

/** The data store with its key, for a command declared "data key". */
export function dataStoreFor(command: Needing<"data key">, config: Config, opts: { logger?: Logger } = {}) {
  return openDataStore(config, { ...opts, makeKey: command === "serve" });
}

/** The database without any key, for a command declared "database" or "read-only". */
export function databaseFor(command: Needing<"database" | "read-only">, config: Config): Database {
  const file = join(config.dataDir, DATABASE_FILE);
  return COMMAND_DATA[command] === "read-only" ? new Database(file, { readonly: true }) : openDatabase(file);
}
