import { LOG_LEVELS } from "./config";

export type LogLevel = (typeof LOG_LEVELS)[number];
export type Logger = Record<LogLevel, (event: string, fields?: Record<string, unknown>) => void>;

/**
 * One JSON object per line on stdout. Callers pass event names and ids, never personal data: no names,
 * e-mail addresses, message bodies or secrets reach the log.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const make = (l: LogLevel) => (event: string, fields?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(l) < threshold) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: l, event, ...fields })}\n`);
  };
  return { debug: make("debug"), info: make("info"), warn: make("warn"), error: make("error") };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
