import { join } from "node:path";
import pkg from "../package.json";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { closeDatabase, openDatabase } from "./db";
import { MANIFEST } from "./generated/assets";
import { createLogger } from "./log";
import { ADMIN_HELP, adminCli } from "./modules/auth/cli";
import { loadSessionSecrets } from "./secrets";

export const DATABASE_FILE = "tracewell.db";

const HELP = `${pkg.name} ${pkg.version}: the Tracewell website, intake and admin in one executable.

Usage:
  tracewell [serve]      Serve the site (the default).
${ADMIN_HELP}
  tracewell --help       Show this help.
  tracewell --version    Print the version.

Environment (see .env.example):
  PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), PUBLIC_URL, SESSION_SECRET, SMTP_URL, MAIL_FROM,
  INTAKE_NOTIFY_TO, TRUST_PROXY, ADMIN_USERNAME, ADMIN_PASSWORD, DEMO, REQUIRE_MFA, LOG_LEVEL, BRAND_*.
`;

async function main(argv: string[]): Promise<number> {
  const [command = "serve"] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (command === "admin") {
    const config = loadConfig(process.env);
    return adminCli(argv.slice(1), {
      config,
      openDb: () => openDatabase(join(config.dataDir, DATABASE_FILE)),
    });
  }
  if (command !== "serve") {
    process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
    return 2;
  }
  return serve();
}

async function serve(): Promise<number> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const db = openDatabase(join(config.dataDir, DATABASE_FILE));
  loadSessionSecrets(config);
  const app = createApp({ config, db, manifest: MANIFEST, logger });
  app.listen({ port: config.port, hostname: config.host });
  const server = app.server;
  const mailOutbox = app.decorator.mailOutbox;
  mailOutbox.start();
  logger.info("listening", {
    url: `http://${config.host}:${server?.port}`,
    publicUrl: config.publicUrl,
    version: pkg.version,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    await server?.stop(false);
    await mailOutbox.stop();
    closeDatabase(db);
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return new Promise<number>(() => {});
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
