import { join } from "node:path";
import { ConfigError } from "../../config";
import {
  dayNumber,
  dayOf,
  parseSchedule,
  type Schedule,
  ScheduleError,
  scheduleNamesMinuteOf,
} from "../../contracts/firm-calendar";
import { wallClock } from "../../contracts/time-format";
import { DOCUMENTS_DIR, UPLOADS_DIR } from "../../ops/backup";

/** Where the database sits inside an archive and inside a restored data folder. */
export const DATABASE_IN_ARCHIVE = "tracewell.db";
/** The data folder's folders an archive holds whole: uploaded images and files, the portal's sealed documents. */
export const FOLDERS_IN_ARCHIVE = [UPLOADS_DIR, DOCUMENTS_DIR] as const;
export const ARCHIVE_SUFFIX = ".twbackup";
export const BACKUPS_API = "/api/admin/backups";
/** A schedule that has made no good backup for this long shows a warning (dashboard, digest, log). */
export const STALE_AFTER_MS = 26 * 60 * 60 * 1000;

/** A backup setting that cannot be used: stops the start, or the command, with a message naming it. */
export class BackupSettingError extends ConfigError {
  override name = "BackupSettingError";
}

/** A five-field cron expression (minute hour day-of-month month day-of-week), read in the firm's time zone. */
export type Cron = Schedule;
export type Keep = { daily: number; weekly: number; monthly: number };
export type S3Target = {
  url: string;
  bucket: string;
  prefix: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};
export type BackupSettings = {
  schedule: Cron | null;
  dir: string;
  keep: Keep;
  s3: S3Target | null;
  timeZone: string;
};

export const DEFAULT_SCHEDULE = "30 2 * * *";
export const DEFAULT_KEEP: Keep = { daily: 7, weekly: 4, monthly: 12 };

/** BACKUP_SCHEDULE's cron fields, read by the firm's calendar; a bad one stops the start naming the variable. */
export function parseCron(source: string): Cron {
  if (source.trim().split(/\s+/).length !== 5)
    throw new BackupSettingError(
      `Invalid BACKUP_SCHEDULE: ${JSON.stringify(source)} is not a schedule: write daily, off, or five cron fields (minute hour day month weekday, as 30 2 * * *).`,
    );
  try {
    return parseSchedule(source);
  } catch (error) {
    if (error instanceof ScheduleError)
      throw new BackupSettingError(
        `Invalid BACKUP_SCHEDULE: the ${error.message}: write daily, off, or five cron fields (minute hour day month weekday, as 30 2 * * *).`,
      );
    throw error;
  }
}

/** The wall-clock fields of an instant in a time zone. */
export function localParts(at: Date, timeZone: string) {
  const { year, month, day, hour, minute, weekday } = wallClock(at, timeZone);
  return { year, month, day, hour, minute, weekday };
}

/** Whether the minute of `at`, on the firm's clock, is one the schedule names (cron's day rule included). */
export const cronMatches = (cron: Cron, at: Date, timeZone: string): boolean =>
  scheduleNamesMinuteOf(cron, at, timeZone);

export function parseKeep(value: string | undefined): Keep {
  if (value === undefined || value.trim() === "") return DEFAULT_KEEP;
  const keep = { ...DEFAULT_KEEP, daily: 0, weekly: 0, monthly: 0 };
  for (const item of value.split(",")) {
    const m = /^\s*(\d+)\s*(daily|weekly|monthly)\s*$/.exec(item);
    if (!m)
      throw new BackupSettingError(
        `Invalid BACKUP_KEEP: ${JSON.stringify(value)} is not a keep rule: write it like "7 daily, 4 weekly, 12 monthly", or unset it for that default.`,
      );
    keep[m[2] as keyof Keep] = Number(m[1]);
  }
  if (keep.daily + keep.weekly + keep.monthly === 0)
    throw new BackupSettingError(
      "Invalid BACKUP_KEEP: it keeps no backup at all: name at least one to keep (7 daily, 4 weekly, 12 monthly).",
    );
  return keep;
}

export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m)
    throw new BackupSettingError(
      `Invalid BACKUP_S3_URL: ${JSON.stringify(url)} is not an S3 place: write it s3://bucket/prefix (the bucket's name, lower case, then an optional folder).`,
    );
  const prefix = (m[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { bucket: m[1] as string, prefix: prefix ? `${prefix}/` : "" };
}

/** The backup settings from the environment; a bad value stops the start with a message naming the variable. */
export function backupSettings(
  env: Record<string, string | undefined>,
  base: { dataDir: string; timeZone: string },
): BackupSettings {
  const raw = (env.BACKUP_SCHEDULE ?? "daily").trim();
  const schedule = raw === "off" ? null : parseCron(raw === "daily" || raw === "" ? DEFAULT_SCHEDULE : raw);
  const s3Url = env.BACKUP_S3_URL?.trim();
  return {
    schedule,
    dir: env.BACKUP_DIR?.trim() || join(base.dataDir, "backups"),
    keep: parseKeep(env.BACKUP_KEEP),
    timeZone: base.timeZone,
    s3: s3Url
      ? {
          url: s3Url,
          ...parseS3Url(s3Url),
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        }
      : null,
  };
}

/**
 * What made an archive, read from its name: the schedule ("scheduled", the only kind the keep rule deletes),
 * an operator ("manual": `tracewell backup`, "Take a backup now"), or a start before its migrations ("upgrade",
 * ADR 243). An operator's copy and the copy to roll back to are theirs to delete, never the rule's (ADR 287).
 */
export type ArchiveKind = "scheduled" | "manual" | "upgrade";

/** The UTC time to the millisecond, as a name carries it: two backups in one second never share a name. */
export const nameStamp = (at: Date) => at.toISOString().replace(/[-:.]/g, "");

/** An archive's name carries its kind and its time (UTC, to the millisecond), so a listing alone orders and keeps them. */
export const archiveName = (at: Date, kind: Exclude<ArchiveKind, "upgrade"> = "scheduled") =>
  `tracewell-${kind === "manual" ? "manual-" : ""}${nameStamp(at)}${ARCHIVE_SUFFIX}`;

/** The copy a start takes before it migrates a database at `schema`. */
export const upgradeSnapshotName = (schema: number, at: Date) =>
  `pre-upgrade-schema-${schema}-${nameStamp(at)}${ARCHIVE_SUFFIX}`;

const STAMP = String.raw`(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z`;
const NAMED = new RegExp(String.raw`^(?:tracewell-(manual-)?|pre-upgrade-schema-(\d+)-)${STAMP}\.twbackup$`);

/** An archive's kind and time from its name (names of earlier versions, to the second, included); null for another file. */
export function archiveOf(name: string): { kind: ArchiveKind; at: Date; schema?: number } | null {
  const m = NAMED.exec(name);
  if (!m) return null;
  const at = new Date(`${m[3]}-${m[4]}-${m[5]}T${m[6]}:${m[7]}:${m[8]}.${m[9] ?? "000"}Z`);
  if (m[2] !== undefined) return { kind: "upgrade", at, schema: Number(m[2]) };
  return { kind: m[1] ? "manual" : "scheduled", at };
}

export const archiveTime = (name: string): Date | null => archiveOf(name)?.at ?? null;

/**
 * The keep rule (grandfather-father-son): the newest archive of each of the last `daily` days that have one, of
 * each of the last `weekly` weeks (Monday to Sunday) and of the last `monthly` months, days as the firm's clock
 * reads them. Everything else goes. The newest archive is always kept.
 */
export function toKeep(items: { name: string; at: Date }[], keep: Keep, timeZone: string): Set<string> {
  const sorted = [...items].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  if (sorted[0]) kept.add(sorted[0].name);
  const bucketOf = {
    daily: (at: Date) => {
      const p = localParts(at, timeZone);
      return `${p.year}-${p.month}-${p.day}`;
    },
    weekly: (at: Date) => {
      const p = localParts(at, timeZone);
      // The Monday that starts the week, as a day number of the firm's calendar.
      return String(dayNumber(dayOf(p.year, p.month, p.day)) - ((p.weekday + 6) % 7));
    },
    monthly: (at: Date) => {
      const p = localParts(at, timeZone);
      return `${p.year}-${p.month}`;
    },
  };
  for (const kind of ["daily", "weekly", "monthly"] as const) {
    const seen = new Set<string>();
    for (const item of sorted) {
      if (seen.size >= keep[kind]) break;
      const bucket = bucketOf[kind](item.at);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      kept.add(item.name);
    }
  }
  return kept;
}
