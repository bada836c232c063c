import { addDays, firmToday } from "../../../contracts/firm-calendar";
import {
  PURGE_HORIZON_DAYS,
  type RetentionDryRun,
  type RetentionPolicy,
  type RetentionRule,
  type RetentionView,
} from "../../../contracts/privacy";
import { type Logger, silentLogger } from "../../../log";
import { every } from "../../../ops/every";
import { inSlices, type Slicing } from "../../../ops/slices";
import type { DataStore } from "../../../store";
import { writeAudit } from "../../audit";
import type { Actor } from "../model";
import { type PurgeCandidate, retentionRepo } from "../repo/retention";
import { createErasure } from "./erasure";

/** How often the timer looks whether today's purge has run; it runs once per day of the firm's calendar. */
const CHECK_EVERY_MS = 60 * 60_000;

/** The rule in words, for receipts: which statuses, and how long after their last status change. */
export function ruleText(rule: RetentionRule, policy: RetentionPolicy): string {
  return rule === "engaged"
    ? `engaged: kept ${policy.engagedDays} days after the last status change`
    : `declined or closed: kept ${policy.unengagedDays} days after the last status change`;
}

/**
 * The retention policy and its purge. Ended requests (declined, closed, engaged) are deleted once their
 * retention has run out, counted in whole days of the firm's calendar from the firm's day of their last status
 * change (ADR 280), so the purge, the admin's list and the dry run agree with the day staff are living; new, in-review and quoted
 * requests are never deleted here. Each deletion leaves a receipt in the audit log with no personal data.
 */
export function createRetention(deps: {
  store: DataStore;
  now: () => Date;
  /** The firm's time zone: its days are the ones retention counts and purges on. */
  timeZone: string;
  logger?: Logger;
  /** Called after the policy changes (the privacy page states it: the page cache must forget it). */
  onPolicyChanged?: () => void;
}) {
  const { store } = deps;
  const { db } = store;
  const { now } = deps;
  const logger = deps.logger ?? silentLogger;
  const repo = retentionRepo(db, deps.timeZone);
  const today = () => firmToday(now(), deps.timeZone);
  const erasure = createErasure(store);

  const policy = (): RetentionPolicy => {
    const { unengagedDays, engagedDays } = repo.policy();
    return { unengagedDays, engagedDays };
  };

  /** Deletes what is due today, in one transaction with its receipts; safe to run twice (nothing is left). */
  const purgeNow = db.transaction((at: Date): PurgeCandidate[] => {
    const p = policy();
    const due = repo.dueBy(firmToday(at, deps.timeZone), p);
    for (const c of due)
      erasure.erase([c], { event: "retention.request_deleted", rule: ruleText(c.rule, p) }, at);
    repo.recordPurge(at.toISOString(), due.length);
    return due;
  });

  const purge = () => {
    const at = now();
    const deleted = purgeNow.immediate(at);
    if (deleted.length > 0) erasure.afterCommit();
    logger.info("retention_purge", { deleted: deleted.length, asOf: firmToday(at, deps.timeZone) });
    return { at: at.toISOString(), deleted: deleted.map((c) => c.reference) };
  };

  /** A batch of today's purge, in a transaction of its own with its receipts: those still there are erased. */
  const eraseBatch = db.transaction((batch: readonly PurgeCandidate[], p: RetentionPolicy, at: Date) => {
    for (const c of batch)
      erasure.erase([c], { event: "retention.request_deleted", rule: ruleText(c.rule, p) }, at);
  });

  /**
   * The start's purge, after the server listens (ADR 289): what is due today (read through the index, costing
   * what it deletes), erased a batch at a time between the event loop's turns, the run recorded once all are. A
   * stop halfway leaves the run unrecorded: the next start (or the hour's check) deletes the rest.
   */
  const purgeInSlices = async (slicing: Slicing & { batch?: number } = {}) => {
    const at = now();
    const p = policy();
    let due: PurgeCandidate[] | null = null;
    let done = 0;
    await inSlices(() => {
      due ??= repo.dueBy(firmToday(at, deps.timeZone), p);
      const batch = due.slice(done, done + (slicing.batch ?? 20));
      eraseBatch.immediate(batch, p, at);
      done += batch.length;
      return done < due.length;
    }, slicing);
    repo.recordPurge(at.toISOString(), done);
    if (done > 0) erasure.afterCommit();
    logger.info("retention_purge", { deleted: done, asOf: firmToday(at, deps.timeZone) });
  };

  const purgeSafely = () => {
    try {
      purge();
    } catch (error) {
      logger.error("retention_purge_failed", {
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  };

  /** The timer's tick: purges when no purge has run yet on the firm's today. */
  const runIfDue = (): boolean => {
    const last = repo.policy().lastPurgeAt;
    if (last && firmToday(last, deps.timeZone) >= today()) return false;
    purgeSafely();
    return true;
  };

  const view = (): RetentionView => {
    const row = repo.policy();
    const p = { unengagedDays: row.unengagedDays, engagedDays: row.engagedDays };
    const day = today();
    const upcoming = repo
      .dueBy(addDays(day, PURGE_HORIZON_DAYS), p)
      .map(({ id: _id, ...planned }) => planned);
    return { ...p, lastPurgeAt: row.lastPurgeAt, upcoming, horizonDays: PURGE_HORIZON_DAYS, today: day };
  };

  return {
    policy,
    view,

    /** The requests the purge deletes on `asOf` (YYYY-MM-DD), without deleting anything. */
    plan: (asOf: string) => repo.dueBy(asOf, policy()),

    /**
     * What a proposed policy (the query's unengagedDays and engagedDays) would delete at the next purge, today,
     * by the same query the purge and `tracewell retention --dry-run` use. Reads only; deletes nothing.
     */
    dryRun(proposed: RetentionPolicy): RetentionDryRun {
      const asOf = today();
      const deletions = repo.dueBy(asOf, proposed).map(({ id: _id, ...planned }) => planned);
      return { ...proposed, asOf, count: deletions.length, deletions };
    },

    /** Sets the policy; answers the policy and what it will delete. */
    update(next: RetentionPolicy, actor: Actor): RetentionView {
      const before = policy();
      const at = now();
      repo.setPolicy(next, at.toISOString());
      writeAudit(store, {
        event: "retention.policy_changed",
        actor,
        at,
        detail: {
          unengagedDaysBefore: before.unengagedDays,
          unengagedDays: next.unengagedDays,
          engagedDaysBefore: before.engagedDays,
          engagedDays: next.engagedDays,
        },
      });
      deps.onPolicyChanged?.();
      return view();
    },

    purge,

    runIfDue,

    /**
     * Purges at once, a batch at a time after the caller's turn (the server's listen), then whenever the firm's
     * day has moved on since the last run. Returns the timer's stop and the first purge's end.
     */
    startDaily(slicing: Slicing = {}): { stop: () => void; firstPurge: Promise<void> } {
      const firstPurge = purgeInSlices(slicing).catch((error: unknown) =>
        logger.error("retention_purge_failed", {
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
      );
      const stop = every({
        name: "retention",
        ms: CHECK_EVERY_MS,
        logger,
        run: runIfDue,
        immediately: false,
      });
      return { stop, firstPurge };
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
