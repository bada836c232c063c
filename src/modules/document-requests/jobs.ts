import { addDays } from "../../contracts/firm-calendar";
import { allowed } from "../../contracts/lifecycle";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import { calendarJob, type FirmCalendar } from "../desk";
import { engagementFacts, engagementLifecycle } from "../engagements";
import type { MailOutbox } from "../mail";
import { type ItemRow, itemsRepo } from "./repo/items";
import { MILESTONES, type Milestone, remindersRepo } from "./repo/reminders";
import { REMINDER_MAIL } from "./service";

/** The job's name in scheduled_runs, beside the digest's and the statements'. */
export const DOCUMENT_REMINDERS_JOB = "document-reminders";

/** Each milestone's day, counted from the item's due date. */
const OFFSET: Record<Milestone, number> = {
  "3-days-before": -3,
  "1-day-before": -1,
  "due-today": 0,
  "3-days-after": 3,
};

export type ReminderRun = {
  day: string;
  /** False on a weekend, a public holiday or a closure: nothing is sent that day. */
  businessDay: boolean;
  /** One per client: the engagement, its request and what it is reminded of. */
  reminders: {
    engagementId: number;
    submissionId: number;
    items: { itemId: number; milestone: Milestone }[];
  }[];
};

/**
 * The reminders of documents due (issue 48, ADR 295): on each of the firm's business days, every outstanding
 * item (requested or sent back) whose milestone (3 days before its due date, 1 day before, the day itself, 3 days
 * after) fell since the business day before (so a milestone on a Saturday, a Sunday or a holiday goes on the next
 * business day) is gathered with the client's other items into one mail per client for that day. An item
 * provided, accepted, answered unavailable, waived or withdrawn is no longer reminded of; a paused engagement is
 * left out; the lifecycle table says which engagements take reminders. Each item's milestone is recorded once and
 * each engagement's day once, so running the day twice (a second timer, the operator's command) sends nothing
 * more.
 */
export function createReminderJobs(deps: {
  store: DataStore;
  calendar: FirmCalendar;
  outbox: Pick<MailOutbox, "enqueue" | "wake">;
  logger: Logger;
  now: () => Date;
}) {
  const { store, calendar, logger, now } = deps;
  const items = itemsRepo(store);
  const reminders = remindersRepo(store);
  const lifecycle = engagementLifecycle(store);
  const facts = engagementFacts(store.db);
  const lifecycleSubmission = (engagementId: number) => facts.byId(engagementId)?.submissionId ?? null;
  const reminded = (engagementId: number) => {
    const state = lifecycle.ofEngagement(engagementId);
    return state !== null && allowed(state, "remind-documents");
  };

  /** The last business day before `day` (a month back at most, whatever the closures). */
  function businessDayBefore(day: string): string {
    let d = addDays(day, -1);
    for (let i = 0; i < 31 && !calendar.isBusinessDay(d); i++) d = addDays(d, -1);
    return d;
  }

  /** The latest milestone of the item that fell after `after` and on or before `day`, not reminded of yet. */
  function milestoneOf(item: ItemRow, after: string, day: string): Milestone | null {
    if (!item.dueOn) return null;
    const due = item.dueOn;
    const fell = MILESTONES.filter((m) => {
      const on = addDays(due, OFFSET[m]);
      return on > after && on <= day;
    });
    const latest = fell.at(-1) ?? null;
    return latest && !reminders.wasSent(item.id, latest) ? latest : null;
  }

  /** What `day` owes: each client's items, grouped. Reads only. */
  function gather(day: string): ReminderRun {
    if (!calendar.isBusinessDay(day)) return { day, businessDay: false, reminders: [] };
    const after = businessDayBefore(day);
    // An item's milestones span 3 days before to 3 days after its due date.
    const candidates = items.outstandingDue(addDays(after, -2), addDays(day, 3));
    const byEngagement = new Map<number, { itemId: number; milestone: Milestone }[]>();
    for (const item of candidates) {
      const milestone = milestoneOf(item, after, day);
      if (!milestone || !reminded(item.engagementId)) continue;
      byEngagement.set(item.engagementId, [
        ...(byEngagement.get(item.engagementId) ?? []),
        { itemId: item.id, milestone },
      ]);
    }
    return {
      day,
      businessDay: true,
      reminders: [...byEngagement].flatMap(([engagementId, due]) => {
        const submissionId = lifecycleSubmission(engagementId);
        return submissionId === null ? [] : [{ engagementId, submissionId, items: due }];
      }),
    };
  }

  /** The reminders `day` owes, recorded and queued in one write; a dry run lists them and writes nothing. */
  function runFor(day: string, dryRun = false): ReminderRun {
    const run = store.db.transaction(() => {
      const owed = gather(day);
      if (dryRun) return owed;
      const at = now().toISOString();
      const sent = owed.reminders.filter((r) => {
        const id = reminders.record(r.engagementId, day, at, r.items);
        if (id === null) return false;
        deps.outbox.enqueue({ kind: REMINDER_MAIL, submissionId: r.submissionId, refId: id });
        return true;
      });
      return { ...owed, reminders: sent };
    })();
    if (!dryRun && run.reminders.length > 0) deps.outbox.wake();
    logger.info("document_reminders_run", { day, dryRun, reminders: run.reminders.length });
    return run;
  }

  const job = calendarJob({
    store,
    name: DOCUMENT_REMINDERS_JOB,
    logger,
    now,
    owed: (lastDay) => {
      const today = calendar.local(now()).date;
      return lastDay === today ? null : today;
    },
    run: (day) => runFor(day),
  });

  return {
    runFor,
    today: () => calendar.local(now()).date,
    runIfDue: job.runIfDue,
    start: job.start,
    stop: job.stop,
  };
}

export type ReminderJobs = ReturnType<typeof createReminderJobs>;
