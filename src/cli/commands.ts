import { loadConfig } from "../config";
import { adminCli } from "../modules/auth";
import { retentionCli } from "../modules/privacy";
import { resetMfaCli } from "../modules/staff";
import { databaseFor, dataStoreFor } from "../ops/commands";
import { keysCli } from "../ops/keys-cli";
import { systemClock } from "../store";

/**
 * `tracewell outbox release`: lets a restored folder's outbox send (ADR 287). It touches the hold's file only, no
 * database and no key, so it works whatever the folder's schema; a running server sees it at its next poll.
 */
async function outboxCli(args: string[], dataDir: string): Promise<number> {
  const { OUTBOX_HELP } = await import("../contracts/commands-help");
  if (args.length !== 1 || args[0] !== "release") {
    process.stderr.write(`Usage:\n${OUTBOX_HELP}\n`);
    return 2;
  }
  const { outboxHold, releaseOutbox } = await import("../modules/mail");
  const held = outboxHold(dataDir);
  if (!releaseOutbox(dataDir)) {
    process.stdout.write(`The outbox of ${dataDir} is not held: its mail goes as usual.\n`);
    return 0;
  }
  process.stdout.write(
    `Released the outbox of ${dataDir} (held since ${held?.since || "its restore"}): the queued mail is sent now, by a running server within 15 s, else at its start.\n`,
  );
  return 0;
}

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
    return retentionCli(argv.slice(1), {
      openDb: () => databaseFor("retention", config),
      now: systemClock,
      timeZone: config.desk.timeZone,
    });
  }
  if (command === "backup" || command === "restore") {
    const { backupCli } = await import("../modules/backups");
    const config = loadConfig(process.env);
    const [{ createLogger }, { default: pkg }] = await Promise.all([
      import("../log"),
      import("../../package.json"),
    ]);
    return backupCli(argv, {
      config,
      env: process.env,
      logger: createLogger(config.logLevel),
      app: { name: pkg.name, version: pkg.version },
    });
  }
  if (command === "subscriptions" || command === "statements") {
    // The composition root and every feature, loaded only for these (ADR 236).
    const { subscriptionsCommand, statementsCommand } = await import("./calendar-commands");
    const config = loadConfig(process.env);
    const deps = { config, openStore: () => dataStoreFor(command, config) };
    return command === "subscriptions"
      ? subscriptionsCommand(argv.slice(1), deps)
      : statementsCommand(argv.slice(1), deps);
  }
  if (command === "document-reminders") {
    const { documentRemindersCommand } = await import("./calendar-commands");
    const config = loadConfig(process.env);
    return documentRemindersCommand(argv.slice(1), {
      config,
      openStore: () => dataStoreFor(command, config),
    });
  }
  if (command === "scan-uploads") {
    const { scanUploadsCommand } = await import("./calendar-commands");
    const config = loadConfig(process.env);
    return scanUploadsCommand({ config, openStore: () => dataStoreFor(command, config) });
  }
  if (command === "outbox") {
    const config = loadConfig(process.env);
    return outboxCli(argv.slice(1), config.dataDir);
  }
  if (command === "doctor") {
    const { doctorCommand } = await import("./doctor");
    return doctorCommand(argv.slice(1), { env: process.env });
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
