import type { Config } from "../../config";
import { scheduleInWords } from "../../contracts/schedule-words";
import type { Logger } from "../../log";
import { every } from "../../ops/every";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import { commandKeys } from "./cli";
import { backupSchedule, backupWarning } from "./jobs";
import { type BackupSettings, backupSettings, STALE_AFTER_MS } from "./model";
import { backupRunsRepo } from "./repo/backup-runs";
import { backupRoutes } from "./routes";
import { createBackupService } from "./service/index";
import { probeS3 } from "./service/targets";

/**
 * Backups (issue 31, ADRs 241-243): one encrypted archive of the data folder, taken on a schedule or by command,
 * verified after each run, kept by a keep rule in a folder and an S3-compatible bucket, restored by command.
 */
export { backupCli, commandKeys } from "./cli";
export { ArchiveError } from "./lib/archive-cipher";
export {
  archiveName,
  BACKUPS_API,
  BackupSettingError,
  type BackupSettings,
  backupSettings,
  toKeep,
} from "./model";
export { type BackupService, createBackupService, type RunRecord } from "./service/index";
export { type S3Probe, S3TargetError } from "./service/targets";
export { snapshotBeforeUpgrade, upgradeSnapshotDir } from "./service/upgrade";

/** The server's backups: the admin routes, the schedule, and the warning the dashboard and digest show. */
export function createBackups(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  logger: Logger;
  now: () => Date;
  app: { name: string; version: string };
  /** The environment the BACKUP_* and S3_* settings are read from. */
  env?: Record<string, string | undefined>;
  settings?: BackupSettings;
  /** The outbox's hold (a restored folder's) and its mail waiting for a data key, shown with the backups. */
  outbox?: { hold(): { since: string; reason: string } | null; release(): boolean; keyWaits(): number };
}) {
  const settings =
    deps.settings ??
    backupSettings(deps.env ?? process.env, {
      dataDir: deps.config.dataDir,
      timeZone: deps.config.desk.timeZone,
    });
  const runs = backupRunsRepo(deps.store.db);
  /** When the schedule started: a server that runs none (a test, a command) never warns of a missing one. */
  let since: Date | null = null;
  const service = createBackupService({
    settings,
    dataDir: deps.config.dataDir,
    keys: () => commandKeys(deps.config),
    app: deps.app,
    now: deps.now,
    logger: deps.logger,
    record: (run) => runs.add(run),
  });

  const warning = () => {
    const [last] = runs.recent(1);
    return backupWarning({
      scheduled: settings.schedule !== null && since !== null,
      last: last ?? null,
      lastGoodAt: runs.lastGood()?.at ?? null,
      now: deps.now(),
      staleAfterMs: STALE_AFTER_MS,
      since: since ?? deps.now(),
      timeZone: deps.config.desk.timeZone,
    });
  };

  const view = () => {
    const items = runs.recent(50);
    const [last] = items;
    return {
      schedule: settings.schedule ? settings.schedule.source : "off",
      /** "Every day at 2:30 AM EST": the schedule on the firm's clock, as the Backups screen says it. */
      scheduleInWords: scheduleInWords(settings.schedule, settings.timeZone, deps.now()),
      timeZone: settings.timeZone,
      keep: settings.keep,
      targets: service.targets(),
      running: service.running(),
      last: last ? { at: last.at, ok: last.ok, bytes: last.bytes, verified: last.verified } : null,
      warning: warning(),
      outbox: {
        held: deps.outbox?.hold() ?? null,
        waitingForDataKey: deps.outbox?.keyWaits() ?? 0,
      },
      items,
    };
  };

  return {
    service,
    settings,
    routes: backupRoutes(deps.auth, {
      view,
      startNow: () => {
        const started = !service.running();
        void service.run({ manual: true });
        return { started };
      },
      releaseOutbox: (by) => {
        const released = deps.outbox?.release() ?? false;
        if (released) deps.logger.info("outbox_released", { by });
        return { released };
      },
    }),
    warning,
    /** `tracewell doctor`'s look at the bucket: a probe object put, read and deleted; null without BACKUP_S3_URL. */
    probeS3: () => (settings.s3 ? probeS3(settings.s3, deps.now()) : Promise.resolve(null)),
    /** The newest backup that succeeded, or null. */
    lastGood: () => runs.lastGood(),
    /** Starts the schedule; returns its stop. A schedule that has gone 26 hours without a good backup logs it. */
    start: (opts: { tickMs?: number } = {}) => {
      since = deps.now();
      const schedule = backupSchedule({
        store: deps.store,
        schedule: settings.schedule,
        timeZone: settings.timeZone,
        now: deps.now,
        run: () => service.run(),
        logger: deps.logger,
        lastBackupAt: () => runs.recent(1)[0]?.at ?? null,
        since,
        tickMs: opts.tickMs,
      });
      if (settings.schedule) schedule.start();
      let warned = false;
      const stopWatch = every({
        name: "backup_watch",
        ms: 10 * 60_000,
        logger: deps.logger,
        immediately: false,
        run: () => {
          const w = warning();
          if (w && !warned) deps.logger.error("backup_failed", { warning: w });
          warned = w !== null;
        },
      });
      return () => {
        schedule.stop();
        stopWatch();
      };
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
