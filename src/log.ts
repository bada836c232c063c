import { LOG_LEVELS } from "./config";

export type LogLevel = (typeof LOG_LEVELS)[number];
export type Logger = Record<LogLevel, (event: string, fields?: Record<string, unknown>) => void> & {
  /** The line every HTTP request gets, at info: the same object `info("request", line)` would write. */
  request(line: RequestLine): void;
};

export type RequestLine = { id: string; method: string; path: string; status: number; ms: number };

/**
 * One JSON object per line on stdout. Callers pass event names and ids, never personal data: no names,
 * e-mail addresses, message bodies or secrets reach the log.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = batchedStdout()): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const make = (l: LogLevel) => (event: string, fields?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(l) < threshold) return;
    write(`${JSON.stringify({ time: isoNow(), level: l, event, ...fields })}\n`);
  };
  const requests = threshold <= LOG_LEVELS.indexOf("info");
  return {
    debug: make("debug"),
    info: make("info"),
    warn: make("warn"),
    error: make("error"),
    // Written for every request, so built by hand rather than by spreading the fields into a new object
    // for JSON.stringify: under load that object and its serialisation were most of the line's cost (ADR 012).
    // The id is ours (a UUID) and the status a number; method and path come from the client and are quoted.
    request: (l) => {
      if (!requests) return;
      write(
        `{"time":"${isoNow()}","level":"info","event":"request","id":"${l.id}","method":${JSON.stringify(l.method)},"path":${JSON.stringify(l.path)},"status":${l.status},"ms":${l.ms}}\n`,
      );
    },
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, request() {} };

/** Lines wait at most this long, or until this many characters are pending. */
const BATCH_MS = 10;
const BATCH_CHARS = 64 * 1024;

/**
 * Writes lines to stdout in batches: a line waits at most BATCH_MS for the ones after it, and whatever is
 * pending when the process exits goes out then. Under load, a write per request line cost more than answering
 * a cached page (ADR 012); batched, the write is a small part of it.
 */
export function batchedStdout(out: (chunk: string) => void = (c) => void process.stdout.write(c)) {
  let pending = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const chunk = pending;
    pending = "";
    out(chunk);
  };
  process.on("exit", flush);
  return (line: string) => {
    pending += line;
    if (pending.length >= BATCH_CHARS) flush();
    else if (timer === undefined) timer = setTimeout(flush, BATCH_MS).unref();
  };
}

/** The time of a line; many lines share a millisecond under load, so each millisecond is formatted once. */
let lastMs = Number.NaN;
let lastIso = "";
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
