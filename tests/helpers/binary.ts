import { join } from "node:path";
import type { Subprocess } from "bun";
import { waitHealthy } from "./healthy";
import { freePorts } from "./ports";

/** The executable `bun run build` makes: what an operator installs and runs. */
export const BINARY = join(import.meta.dir, "..", "..", "dist", "tracewell");

/**
 * Everything a process started by a test sees of the environment: PATH, so it finds the tools an operator's
 * shell would, and the settings the test names. Nothing else of the runner's leaks in to change the outcome.
 */
const withPath = (settings: Record<string, string>) => ({ PATH: process.env.PATH ?? "", ...settings });

/** The environment of a test server: its data folder, its port on 127.0.0.1, and the test's own settings. */
export const binaryEnv = (dataDir: string, port: number, extra: Record<string, string> = {}) =>
  withPath({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ...extra });

type Binary = Subprocess<Uint8Array | "ignore", "pipe", "pipe">;

/** Started here and not yet exited, so a file's afterAll can stop what a failed expectation left running. */
const running = new Set<Binary>();

function spawn(args: string[], opts: { env: Record<string, string>; cwd?: string; stdin?: Uint8Array }) {
  const proc: Binary = Bun.spawn([BINARY, ...args], {
    env: opts.env,
    cwd: opts.cwd,
    stdin: opts.stdin ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** Kills (SIGKILL) every binary this process started that still runs. */
export function killStarted(): void {
  for (const proc of running) proc.kill("SIGKILL");
}

/** Reads a stream to its end into `append`, as it arrives, so a full pipe never blocks the server. */
async function drain(stream: ReadableStream<Uint8Array>, append: (text: string) => void) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) append(decoder.decode(chunk, { stream: true }));
  append(decoder.decode());
}

/**
 * Runs the executable to its end, as an operator runs a command (`backup`, `keys rotate`, a start that must
 * refuse). Asynchronous, so a server in this process (a mail server, a loaded site) keeps answering meanwhile.
 */
export async function runBinary(
  args: string[],
  opts: { env?: Record<string, string>; cwd?: string; stdin?: Uint8Array } = {},
) {
  const proc = spawn(args, { ...opts, env: withPath(opts.env ?? {}) });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

export type StartedBinary = {
  proc: Binary;
  base: string;
  port: number;
  /** Standard output so far: the JSON log lines (empty with `capture: false`). */
  log(): string;
  /** Standard error so far. */
  stderr(): string;
  /** Signals the server (SIGTERM unless told), waits for it to exit and its output to be read; its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
};

/**
 * Starts the server and waits until it is ready (GET /healthz answers 200, unless `ready` says otherwise). A
 * server that exits while starting, or never gets ready, fails the start at once with its code and stderr.
 * With `capture: false` standard output is left on `proc.stdout`, for a test that reads it as it streams.
 */
export async function startBinary(opts: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  cwd?: string;
  capture?: boolean;
  ready?: (base: string, proc: Binary) => Promise<unknown>;
}): Promise<StartedBinary> {
  const port = opts.port ?? (freePorts(1)[0] as number);
  const proc = spawn([], { env: binaryEnv(opts.dataDir, port, opts.env), cwd: opts.cwd });
  let stdout = "";
  let stderr = "";
  const reads = [drain(proc.stderr, (t) => (stderr += t))];
  if (opts.capture !== false) reads.push(drain(proc.stdout, (t) => (stdout += t)));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    proc.kill(signal);
    const code = await proc.exited;
    await Promise.all(reads);
    return code;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await (opts.ready ?? waitHealthy)(base, proc);
  } catch (error) {
    const exited = proc.exitCode !== null;
    const code = exited ? proc.exitCode : await stop("SIGKILL");
    await Promise.all(reads);
    const what = exited ? `exited with ${code} while starting` : `was killed: ${(error as Error).message}`;
    throw new Error(`The server ${what}. Its stderr:\n${stderr}`);
  }
  return { proc, base, port, log: () => stdout, stderr: () => stderr, stop };
}
