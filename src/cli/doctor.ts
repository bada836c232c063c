import { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { composeRoot } from "../compose";
import { type Config, ConfigError, parseDataKeys } from "../config";
import { DOCTOR_HELP } from "../contracts/commands-help";
import { clamdLabel } from "../contracts/scanning";
import { createDataCipher, NO_DATA_KEY } from "../db/cipher";
import { keyCopyConfirmed } from "../db/data-key-holders";
import { closeDatabase, latestSchema, openDatabase } from "../db/index";
import { createSubmissionSearch } from "../modules/desk";
import { DATABASE_FILE } from "../ops/data-store";
import {
  clockFinding,
  dataFolderFindings,
  type Finding,
  keyCopyFinding,
  keyFindings,
  mailFinding,
  report,
  s3Finding,
  scannerFinding,
  schemaFinding,
  settingsFindings,
} from "../ops/doctor";
import { DATA_KEY_FILE } from "../secrets";
import { systemClock } from "../store";

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** The data keys this environment gives, and where from: DATA_KEY, else DATA_DIR/data-key. Never makes one. */
function configuredKeys(config: Config): { keys: Uint8Array[]; source: string; problem?: string } {
  if (config.dataKeys?.length) return { keys: config.dataKeys, source: "DATA_KEY" };
  const file = join(config.dataDir, DATA_KEY_FILE);
  if (!existsSync(file)) return { keys: [], source: "neither DATA_KEY nor DATA_DIR/data-key" };
  try {
    return { keys: parseDataKeys(readFileSync(file, "utf8")), source: file };
  } catch (error) {
    const why = error instanceof ConfigError ? error.message : String(error);
    return { keys: [], source: file, problem: `${file} cannot be read as a key: ${why}` };
  }
}

/**
 * `tracewell doctor [--send-test <address>]` (ADR 293). The features' checks come from the composition root, as
 * every command's do (ADR 277): the mail server is asked by the outbox's own sender, the bucket by the backups'
 * own target. The root is built over the data folder's database opened read-only (nothing is migrated or
 * written: a doctor run beside the server, or before an upgrade's first start, changes nothing), or over an empty
 * database in memory when the folder has none at this binary's schema yet.
 */
export async function doctorCommand(
  args: string[],
  deps: { env: Record<string, string | undefined>; io?: Partial<Io>; now?: () => Date } = {
    env: process.env,
  },
): Promise<number> {
  const io: Io = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    ...deps.io,
  };
  const sendAt = args.indexOf("--send-test");
  const testTo = sendAt >= 0 ? args[sendAt + 1] : undefined;
  const known =
    sendAt >= 0 ? args.length === 2 && sendAt === 0 && testTo && !testTo.startsWith("-") : args.length === 0;
  if (!known) {
    io.stderr(`Usage:\n${DOCTOR_HELP}\n`);
    return 2;
  }

  const settings = settingsFindings(deps.env);
  const { config } = settings;
  if (!config) {
    const rest: Finding = {
      check: "other checks",
      fix: false,
      text: "not run: they need settings the start accepts; fix the lines above, then run the doctor again",
    };
    const out = report([...settings.findings, rest]);
    io.stdout(out.text);
    return out.code;
  }

  const file = join(config.dataDir, DATABASE_FILE);
  const data = existsSync(file) ? new Database(file, { readonly: true, strict: true }) : null;
  const keys = configuredKeys(config);
  const cipher = keys.keys.length ? createDataCipher(keys.keys) : NO_DATA_KEY;
  const schema = data
    ? (data.query("PRAGMA user_version").get() as { user_version: number }).user_version
    : 0;
  // The features' statements are prepared for this binary's schema: an older (or newer) file gets an empty one.
  const rootDb = data && schema === latestSchema() ? data : openDatabase(":memory:");
  const clock = deps.now ?? systemClock;
  try {
    const root = composeRoot({
      config,
      store: { db: rootDb, cipher, search: createSubmissionSearch({ db: rootDb, cipher }), clock },
      sessionSecrets: ["the doctor signs no cookie, so this secret is never used"],
    });
    const findings: Finding[] = [
      ...settings.findings,
      ...dataFolderFindings(config.dataDir, root.backups.settings.dir),
      schemaFinding(data, config.dataDir),
      ...(keys.problem
        ? [{ check: "data key", fix: true, text: keys.problem }]
        : keyFindings({ db: data, cipher, dataDir: config.dataDir, source: keys.source, now: clock() })),
      mailFinding(await root.mailOutbox.probe(testTo), config.smtpUrl, testTo),
      keyCopyFinding({
        keySource: keys.source,
        keyFile: join(config.dataDir, DATA_KEY_FILE),
        keyId: cipher.keyIds[0],
        // The confirmation's table came with migration 045; an older file has none to read.
        confirmed:
          rootDb === data &&
          cipher.keyIds[0] !== undefined &&
          keyCopyConfirmed(data, cipher.keyIds[0]) !== null,
        backupDir: root.backups.settings.dir,
        offMachine: root.backups.settings.s3 !== null,
      }),
      s3Finding(await root.backups.probeS3()),
      scannerFinding(await root.documents.scannerReachable(), config.clamd ? clamdLabel(config.clamd) : null),
      clockFinding(config.desk.timeZone, clock()),
    ];
    const out = report(findings);
    io.stdout(out.text);
    return out.code;
  } finally {
    if (rootDb !== data) closeDatabase(rootDb);
    data?.close();
  }
}
