import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { Config } from "../config";
import { COMMAND_DATA } from "../contracts/commands-help";
import { openDatabase } from "../db/index";
import type { Logger } from "../log";
import { assertDataDirWritable } from "./data-dir";
import { DATABASE_FILE, openDataStore } from "./data-store";

export { COMMAND_DATA };

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
  if (COMMAND_DATA[command] === "read-only") return new Database(file, { readonly: true });
  assertDataDirWritable(config.dataDir);
  return openDatabase(file);
}
