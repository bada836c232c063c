import { loadConfig } from "../config";
import { createLogger } from "../log";
import { dataStoreFor } from "../ops/commands";
import { digestCommand } from "./calendar-commands";

/** `tracewell digest`: queues today's digest and sends it before exiting (src/cli/calendar-commands.ts). */
export function digestNow(): Promise<number> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  return digestCommand({ config, logger, openStore: () => dataStoreFor("digest", config, { logger }) });
}
