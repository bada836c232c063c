import type { Database } from "bun:sqlite";
import { existsSync, readdirSync, statfsSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError, loadConfig } from "../config";
import {
  hostIssue,
  inlineCommentIssue,
  mailFromIssue,
  notifyToIssue,
  processUser,
  publicUrlIssue,
  s3CredentialsIssue,
  sessionSecretIssue,
  systemdPathIssue,
  userName,
} from "../config-checks";
import { formatDateTime, zoneLabel } from "../contracts/time-format";
import type { DataCipher } from "../db/cipher";
import { liveKeyHolders } from "../db/data-key-holders";
import { storedFileKeyIds } from "../db/encrypted-files";
import { sampleOf, storedValues } from "../db/encryption";
import { latestSchema } from "../db/index";
import { BackupSettingError, backupSettings, type S3Probe } from "../modules/backups";
import { dataDirProblem } from "./data-dir";

/**
 * `tracewell doctor` (ADR 293): what an operator would otherwise learn from a failed start, a mail given up or a
 * backup that never reached the bucket, asked now. Each check gives one line: what it found, or what to fix. The
 * checks read and probe; they write nothing in the data folder but the probe file the server's own start writes.
 */
/** A finding is fine, a risk to act on (`warn`: said, the exit stays 0), or something to fix (exit 1). */
export type Finding = { check: string; fix: boolean; warn?: boolean; text: string };

type Env = Record<string, string | undefined>;

const ok = (check: string, text: string): Finding => ({ check, fix: false, text });
const fix = (check: string, text: string): Finding => ({ check, fix: true, text });
const warn = (check: string, text: string): Finding => ({ check, fix: false, warn: true, text });

/**
 * Every setting the start would refuse, each named with its fix (the start stops at the first; the doctor lists
 * them all), and the config when the start would accept it.
 */
export function settingsFindings(
  env: Env,
  cwd = process.cwd(),
): { findings: Finding[]; config: Config | null } {
  const issues = [
    inlineCommentIssue(env),
    systemdPathIssue(env),
    hostIssue(env.HOST?.trim()),
    publicUrlIssue(env.PUBLIC_URL?.trim()),
    sessionSecretIssue(env.SESSION_SECRET),
    mailFromIssue(env.MAIL_FROM),
    notifyToIssue(env.INTAKE_NOTIFY_TO),
    s3CredentialsIssue(env),
  ];
  let config: Config | null = null;
  try {
    config = loadConfig(env, cwd);
    backupSettings(env, { dataDir: config.dataDir, timeZone: config.desk.timeZone });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    issues.push(error.message);
    if (error instanceof BackupSettingError) config = null;
  }
  const unique = [...new Set(issues.filter((i): i is string => i !== undefined))];
  if (unique.length === 0)
    return { findings: [ok("settings", "every setting reads as the start needs it")], config };
  return { findings: unique.map((i) => fix("settings", i)), config };
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const size = (n: number) => (n >= GIB ? `${(n / GIB).toFixed(1)} GB` : `${Math.round(n / MIB)} MB`);

function bytesUnder(path: string): number {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return 0;
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

/** What the free space must hold beyond the next backup: the WAL's growth and a day of intakes, with room. */
export const FREE_SPACE_MARGIN = 256 * MIB;

/**
 * The data folder: its owner (the user the doctor runs as, which must be the service's), its mode (the user's
 * alone), that a file can be written in it, and free space for the next backup (an archive weighs about the
 * database and the documents, written in BACKUP_DIR) with a margin.
 */
export function dataFolderFindings(dataDir: string, backupDir: string): Finding[] {
  const check = "data folder";
  const stat = statSync(dataDir, { throwIfNoEntry: false });
  if (!stat) {
    const problem = dataDirProblemWithoutMaking(dataDir);
    return problem
      ? [fix(check, `DATA_DIR ${dataDir} does not exist and cannot be made: ${problem}`)]
      : [ok(check, `DATA_DIR ${dataDir} does not exist yet: the server's first start makes it`)];
  }
  if (!stat.isDirectory())
    return [fix(check, `DATA_DIR ${dataDir} is not a folder: point DATA_DIR at a folder`)];
  const out: Finding[] = [];
  const uid = process.getuid?.() ?? -1;
  const owner = `${userName(stat.uid) ?? "uid"} (uid ${stat.uid})`;
  const mode = (stat.mode & 0o7777).toString(8).padStart(4, "0");
  if (stat.uid !== uid)
    out.push(
      fix(
        check,
        `${dataDir} is owned by ${owner}, not by ${processUser()} who runs this: run the doctor as the service's user (tracewell-as-service doctor), or give the folder to that user (chown -R ${userName(uid) ?? uid} ${dataDir})`,
      ),
    );
  if ((stat.mode & 0o077) !== 0)
    out.push(
      fix(
        check,
        `${dataDir} has mode ${mode}: other users may read the clients' data: chmod 0700 ${dataDir}`,
      ),
    );
  const problem = dataDirProblem(dataDir);
  if (problem) out.push(fix(check, `${problem.reason} (${problem.code}): the server cannot store anything`));
  const fs = statfsSync(dataDir);
  const free = fs.bavail * fs.bsize;
  const total = fs.blocks * fs.bsize;
  const sameDisk = statSync(existsSync(backupDir) ? backupDir : dataDir).dev === stat.dev;
  const nextBackup = sameDisk
    ? bytesUnder(join(dataDir, "tracewell.db")) + bytesUnder(join(dataDir, "documents"))
    : 0;
  const needed = nextBackup + FREE_SPACE_MARGIN;
  const freeText = `${size(free)} free of ${size(total)}`;
  if (free < needed)
    out.push(
      fix(
        check,
        `the disk holding ${dataDir} has ${freeText}, less than the next backup (${size(nextBackup)}) and ${size(FREE_SPACE_MARGIN)} of room: free space, move BACKUP_DIR to another disk, or lower BACKUP_KEEP`,
      ),
    );
  if (out.length > 0) return out;
  return [ok(check, `${dataDir} is owned by ${owner}, mode ${mode}, writable, ${freeText}`)];
}

/** Why a folder that does not exist could not be made, without making it. */
function dataDirProblemWithoutMaking(dir: string): string | undefined {
  let parent = dir;
  while (!existsSync(parent)) {
    const up = join(parent, "..");
    if (up === parent) break;
    parent = up;
  }
  const problem = dataDirProblem(parent);
  return problem ? problem.reason : undefined;
}

/**
 * The key fingerprints (each key's id, the first 8 characters of its SHA-256): those this environment holds, and
 * those the stored values and files were written with. A key the data needs and the environment lacks, or one
 * that does not decrypt its values, is what the start would refuse; a running server without the writing key is
 * what `keys rotate` would refuse.
 */
export function keyFindings(input: {
  db: Database | null;
  cipher: DataCipher;
  dataDir: string;
  source: string;
  now: Date;
}): Finding[] {
  const check = "data key";
  const { db, cipher } = input;
  const held = cipher.keyIds;
  const heldText = held.length ? `${input.source} holds ${held.join(", ")}` : "no key is set";
  const stored = db ? storedValues(db) : { byKey: new Map<string, number>(), clear: 0 };
  const files = storedFileKeyIds(input.dataDir);
  const needed = [...new Set([...stored.byKey.keys(), ...files])].sort();
  const missing = needed.filter((id) => !held.includes(id));
  const out: Finding[] = [];
  if (missing.length > 0)
    out.push(
      fix(
        check,
        `the data was written with key${missing.length === 1 ? "" : "s"} ${missing.join(", ")}, and ${heldText}: set DATA_KEY to every key in use, newest first (or restore DATA_DIR/data-key); the server refuses to start until then`,
      ),
    );
  for (const id of needed.filter((k) => held.includes(k))) {
    const sample = db ? sampleOf(db, id) : null;
    if (sample === null) continue;
    try {
      cipher.decrypt(sample);
    } catch {
      out.push(
        fix(
          check,
          `a value written with key ${id} does not decrypt with the key of that id: the data is damaged, or DATA_KEY holds another key of the same fingerprint`,
        ),
      );
    }
  }
  const [writing] = held;
  const holders = db ? liveKeyHolders(db, input.now) : [];
  const lacking = writing ? holders.filter((h) => !h.keyIds.includes(writing)) : [];
  for (const h of lacking)
    out.push(
      fix(
        check,
        `the server running as pid ${h.pid} on ${h.host} holds ${h.keyIds.join(", ")}, not ${writing}: restart it with this DATA_KEY before "tracewell keys rotate"`,
      ),
    );
  if (out.length > 0) return out;
  if (!db || needed.length === 0)
    return [
      ok(
        check,
        `${heldText}; nothing is stored under a key yet${held.length ? "" : " (the first start makes one)"}`,
      ),
    ];
  const servers = holders.length
    ? `; ${holders.length} running server${holders.length === 1 ? " holds" : "s hold"} ${writing}`
    : "";
  return [ok(check, `${heldText}; the data needs ${needed.join(", ")}${servers}`)];
}

/** The database's schema against the binary's: ahead is refused at start, behind is migrated by it. */
export function schemaFinding(db: Database | null, dataDir: string): Finding {
  const check = "database";
  if (!db) return ok(check, `no database in ${dataDir} yet: the server's first start creates it`);
  const current = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  const latest = latestSchema();
  if (current > latest)
    return fix(
      check,
      `the database is at schema ${current}, written by a newer version (this one knows ${latest}): run the newer binary, or restore a backup this one took`,
    );
  const integrity = (db.query("PRAGMA quick_check").get() as { quick_check: string }).quick_check;
  if (integrity !== "ok")
    return fix(check, `the database fails SQLite's check (${integrity}): restore the newest good backup`);
  if (current < latest)
    return ok(
      check,
      `schema ${current}; the next start migrates it to ${latest}, after a copy of it as it is (upgrade_snapshot)`,
    );
  return ok(check, `schema ${current}, as this binary expects; SQLite's check passes`);
}

type SmtpError = { code?: string; responseCode?: number; response?: string; message?: string };

/** What a failed SMTP step means for the operator, from nodemailer's error code. */
function smtpFix(error: unknown, stage: "handshake" | "send", to?: string): string {
  const e = (error ?? {}) as SmtpError;
  const said = e.response ? ` (the server said "${e.response.trim()}")` : e.message ? ` (${e.message})` : "";
  if (stage === "send")
    return `the test mail to ${to} was refused${said}: check MAIL_FROM is an address the mail server may send from, and the address`;
  switch (e.code) {
    case "EAUTH":
      return `the mail server refused the sign-in${said}: check the user and password in SMTP_URL`;
    case "ETLS":
      return `STARTTLS failed${said}: check the port and scheme of SMTP_URL (smtps:// for 465, smtp:// with STARTTLS for 587)`;
    case "EDNS":
      return `the mail server's host name does not resolve${said}: check the host in SMTP_URL`;
    case "ETIMEDOUT":
      return `the mail server did not greet in time${said}: check the host and port in SMTP_URL, and the firewall`;
    case "ECONNECTION":
    case "ESOCKET":
      return `no connection to the mail server${said}: check the host and port in SMTP_URL, and that it runs`;
    default:
      return `the SMTP handshake failed${said}: check SMTP_URL`;
  }
}

/** SMTP_URL without its password: what the doctor may print. */
export function smtpTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    return "SMTP_URL";
  }
}

export function mailFinding(
  probe:
    | { state: "off" }
    | { state: "ok"; from: string; sent: boolean }
    | { state: "failed"; stage: "handshake" | "send"; error: unknown },
  smtpUrl: string | undefined,
  testTo?: string,
): Finding {
  const check = "mail";
  if (probe.state === "off")
    return testTo
      ? fix(check, `SMTP_URL is not set, so no test mail can go to ${testTo}: set SMTP_URL (and MAIL_FROM)`)
      : ok(check, "SMTP_URL is not set: no mail leaves the server (it waits in the outbox until it is set)");
  const target = smtpTarget(smtpUrl ?? "");
  if (probe.state === "failed") return fix(check, `${target}: ${smtpFix(probe.error, probe.stage, testTo)}`);
  return ok(
    check,
    probe.sent
      ? `${target} answered the handshake and accepted a test mail from ${probe.from} to ${testTo}: check that it arrived`
      : `${target} answered the handshake (connect, EHLO, STARTTLS and sign-in as configured, QUIT); mail goes from ${probe.from}`,
  );
}

export function s3Finding(probe: S3Probe | null): Finding {
  const check = "backups off the machine";
  if (probe === null)
    return ok(check, "BACKUP_S3_URL is not set: backups stay on this machine (keep a copy elsewhere)");
  if (!probe.ok) return fix(check, probe.error.message);
  return ok(check, `${probe.where} at ${probe.endpoint}: a probe object was written, read back and deleted`);
}

/**
 * A key the first start made (DATA_DIR/data-key) is the only copy until an owner says another is kept: one lost
 * disk then makes the data and every backup, the bucket's too, unreadable. Said until the setup list's
 * confirmation (issue 43: "a warning while the only backups sit on the key's disk").
 */
export function keyCopyFinding(input: {
  keySource: string;
  keyFile: string;
  keyId: string | undefined;
  confirmed: boolean;
  backupDir: string;
  offMachine: boolean;
}): Finding {
  const check = "key kept apart";
  if (input.keySource !== input.keyFile || !input.keyId)
    return ok(
      check,
      "the data key comes from DATA_KEY in the service's environment, not from the data folder",
    );
  if (input.confirmed)
    return ok(check, `an owner confirmed a copy of key ${input.keyId} is kept off this machine`);
  const where = input.offMachine
    ? `the backups in the bucket are unreadable without it`
    : `it sits on the same machine as every backup (${input.backupDir})`;
  return warn(
    check,
    `key ${input.keyId} exists only in ${input.keyFile}, and ${where}: one lost disk loses the data and the backups. Keep a copy off this machine (a password manager), then confirm it on the admin's setup list`,
  );
}

/** The virus scanner uploads pass through (CLAMD_URL, ADR 296): answering, or why not, or not set. */
export function scannerFinding(probe: "ok" | "off" | { error: string }, where: string | null): Finding {
  const check = "upload scanning";
  if (probe === "off")
    return ok(check, "CLAMD_URL is not set: uploads are checked by type only, not scanned for viruses");
  if (probe === "ok")
    return ok(check, `clamd at ${where} answers PING: every upload is scanned before it is kept`);
  return fix(
    check,
    `${probe.error}: uploads are held unscanned until it answers; check CLAMD_URL and that clamd runs (systemctl status clamav-daemon)`,
  );
}

/** The firm's clock: its zone, and what the firm's wall clock says now beside UTC, for the operator to compare. */
export function clockFinding(timeZone: string, now: Date): Finding {
  return ok(
    "clock",
    `the firm's time zone is ${timeZone} (${zoneLabel(timeZone, now)}): it is ${formatDateTime(now, timeZone)} there, ${now.toISOString()} UTC`,
  );
}

/** The report: one line a finding, "fix" first on what needs doing, and the exit code (1 when any does). */
export function report(findings: readonly Finding[]): { text: string; code: number } {
  const toFix = findings.filter((f) => f.fix).length;
  // Five columns before the check's name whatever the word, so the lines read as one table.
  const lines = findings.map((f) => `${f.fix ? "FIX  " : f.warn ? "warn " : "ok   "}${f.check}: ${f.text}`);
  const summary =
    toFix === 0
      ? "Nothing to fix."
      : `${toFix} thing${toFix === 1 ? "" : "s"} to fix: each FIX line says what.`;
  return { text: `${lines.join("\n")}\n${summary}\n`, code: toFix === 0 ? 0 : 1 };
}
