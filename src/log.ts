import { writeSync } from "node:fs";
import { LOG_LEVELS } from "./config";

export type LogLevel = (typeof LOG_LEVELS)[number];
export type Logger = Record<LogLevel, (event: string, fields?: Record<string, unknown>) => void> & {
  /**
   * The line every HTTP request gets, at info: the same object `info("request", line)` would write. `now`
   * writes it at once even for a read (the app says so while a change may hold the thread in its commit).
   */
  request(line: RequestLine, now?: boolean): void;
  /** Writes what is waiting in the batch, before something that may hold the thread (a commit). */
  flush(): void;
};

export type RequestLine = {
  id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The client's address, by the TRUST_PROXY rule the rate limits use (src/http/client-address.ts). */
  client?: string;
};

/**
 * Where lines go. `now` marks a line that must be on stdout before the caller goes on (with every line
 * before it): the caller is about to answer a change or an error, and a crash after the answer must not
 * lose the line that records it.
 */
export type LineSink = ((line: string, now?: boolean) => void) & { flush?: () => void };

/**
 * One JSON object per line on stdout. Callers pass event names and ids, never personal data: no names,
 * e-mail addresses, message bodies or secrets reach the log. The client's address is the one exception, on
 * request lines and refused sign-ins, because an operator blocks abuse by it (ADR 284).
 *
 * Events are rare and record what happened (an intake accepted, a mail sent, an error): they are written at
 * once. A request line is written at once when the request may have changed something (any method but GET
 * and HEAD) or failed (5xx); a read's line, the bulk under load, waits for the batch (ADR 012, ADR 094).
 */
export function createLogger(level: LogLevel, write: LineSink = batchedStdout()): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const make = (l: LogLevel) => (event: string, fields?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(l) < threshold) return;
    write(`${JSON.stringify({ time: isoNow(), level: l, event, ...fields })}\n`, true);
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
    flush: () => write.flush?.(),
    request: (l, now = false) => {
      if (!requests) return;
      write(
        `{"time":"${isoNow()}","level":"info","event":"request","id":"${l.id}","method":${JSON.stringify(l.method)},"path":${JSON.stringify(l.path)},"status":${l.status},"ms":${l.ms}${l.client === undefined ? "" : `,"client":${JSON.stringify(l.client)}`}}\n`,
        now || l.status >= 500 || (l.method !== "GET" && l.method !== "HEAD"),
      );
    },
  };
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  request() {},
  flush() {},
};

/** A batched line waits at most this long, or until this many characters are pending. */
const BATCH_MS = 10;
const BATCH_CHARS = 64 * 1024;

/**
 * Writes lines to stdout, batching those that may wait: a batched line goes out at most BATCH_MS after it
 * was logged (by a timer, or by the next line logged after that time), with the next line that may not
 * wait, or when the process exits. Under load, a write per request line cost more than answering a cached
 * page (ADR 012); batched, the write is a small part of it.
 *
 * A batch is written with a synchronous write to fd 1: Bun's process.stdout.write on a pipe only queues the
 * bytes for its event loop, which a busy server reaches late, and a SIGKILL loses the queue (ADR 094).
 */
export function batchedStdout(out: (chunk: string) => void = (c) => writeAll(1, c)): LineSink {
  let pending = "";
  let since = 0;
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
  const write = (line: string, now = false) => {
    if (!pending) since = Date.now();
    pending += line;
    // The time check covers a timer that fires late because the event loop was held (a synchronous commit).
    if (now || pending.length >= BATCH_CHARS || Date.now() - since >= BATCH_MS) flush();
    else if (timer === undefined) timer = setTimeout(flush, BATCH_MS).unref();
  };
  return Object.assign(write, { flush });
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes every byte of `text` to `fd` before returning. Bun makes stdout non-blocking once anything has
 * written to it through process.stdout, so a full pipe answers EAGAIN or takes part of the bytes: wait a
 * millisecond and write the rest, as a blocking write would. Any other failure (the reader is gone) drops the
 * chunk: there is nowhere left to say so.
 */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
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
