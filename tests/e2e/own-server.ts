import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eventually } from "../helpers/wait";

/**
 * A spec's own server beside the shared demo one: the built binary on a fresh data folder, on ports the system
 * says are free, with a real SMTP server on 127.0.0.1 whose mail the spec reads. For specs that need mail, a
 * seeded data folder or settings of their own; the rest use the shared server.
 */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BINARY = join(ROOT, "dist", "tracewell");

export type OwnServer = {
  origin: string;
  dataDir: string;
  /** Every mail the server sent, parsed, in the order it arrived. */
  mail: ParsedMail[];
  stop(): Promise<void>;
};

/** A port nothing listens on now, chosen by the system: a fixed one may be the other worker's or another run's. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Waits until the started binary answers its health check at `local`, or has exited: whether it answers. */
export async function answers(local: string, server: ChildProcess): Promise<boolean> {
  const healthy = () =>
    fetch(`${local}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  await eventually(async () => (await healthy()) || server.exitCode !== null, {
    timeoutMs: 20_000,
    everyMs: 100,
  });
  return server.exitCode === null && (await healthy());
}

export type OwnServerOptions = {
  /** Names the temporary folder, so a leftover one says which spec left it. */
  name: string;
  /** Settings beyond the demo's (DEMO=1, its admin, mail to the SMTP server). */
  env?: Record<string, string>;
  /** Fills the data folder before the server starts (it is created empty). */
  seed?: (dataDir: string) => void;
  /** Mail goes nowhere (no SMTP_URL) when false. */
  smtp?: boolean;
  /** A production server (no demo data, no demo admin) when false. */
  demo?: boolean;
  /**
   * The host PUBLIC_URL and `origin` name, 127.0.0.1 unless told. Passkeys need "localhost": a WebAuthn relying
   * party is a domain, never an IP address, and localhost is a secure context over plain http.
   */
  publicHost?: "localhost";
};

export async function startOwnServer(opts: OwnServerOptions): Promise<OwnServer> {
  const mail: ParsedMail[] = [];
  const smtp =
    opts.smtp === false
      ? undefined
      : new SMTPServer({
          authOptional: true,
          disabledCommands: ["STARTTLS", "AUTH"],
          logger: false,
          onData(stream, _session, callback) {
            simpleParser(stream).then(
              (parsed) => {
                mail.push(parsed);
                callback();
              },
              (error) => callback(error),
            );
          },
        });
  const smtpPort = smtp ? await freePort() : 0;
  if (smtp) await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  const port = await freePort();
  const local = `http://127.0.0.1:${port}`;
  const origin = opts.publicHost ? `http://${opts.publicHost}:${port}` : local;
  const dir = mkdtempSync(join(tmpdir(), `tracewell-${opts.name}-e2e-`));
  const dataDir = join(dir, "data");
  mkdirSync(dataDir);
  opts.seed?.(dataDir);
  const server: ChildProcess = spawn(BINARY, [], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      ...(opts.demo === false ? {} : { DEMO: "1" }),
      LOG_LEVEL: "warn",
      ...(smtp
        ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: '"Tracewell" <intake@tracewell.example>' }
        : {}),
      ...opts.env,
    },
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
  if (await answers(local, server)) return { origin, dataDir, mail, stop };
  await stop();
  throw new Error(`the ${opts.name} spec's server did not start`);
}

/** The spec's own server as its tests read it, between the spec's first test and its last. */
export type SpecServer = {
  readonly origin: string;
  readonly dataDir: string;
  /** Every mail the server sent so far, in the order it arrived. */
  readonly mail: ParsedMail[];
  /** The mails so far whose subject starts with `subject`, in the order they arrived. */
  mailsAbout(subject: string): ParsedMail[];
};

/**
 * Starts the spec's own server before its first test and stops it after its last (call it once, at the top of the
 * spec file): one place for what every such spec did by hand.
 */
export function ownServerForSpec(opts: OwnServerOptions): SpecServer {
  let own: OwnServer | undefined;
  test.beforeAll(async () => {
    own = await startOwnServer(opts);
  });
  test.afterAll(async () => {
    await own?.stop();
  });
  const started = () => {
    if (!own) throw new Error(`the ${opts.name} spec's server is not running`);
    return own;
  };
  return {
    get origin() {
      return started().origin;
    },
    get dataDir() {
      return started().dataDir;
    },
    get mail() {
      return own?.mail ?? [];
    },
    mailsAbout: (subject) => (own?.mail ?? []).filter((m) => m.subject?.startsWith(subject)),
  };
}
