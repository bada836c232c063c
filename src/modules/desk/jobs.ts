import type { Config } from "../../config";
import type { WaitingRequest } from "../../contracts/desk";
import { spanOfDays } from "../../contracts/firm-calendar";
import { SERVICE_LABELS } from "../../contracts/intake-labels";
import { adminSubmissionPath, PATHS } from "../../contracts/paths";
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_REMIND_DAYS,
  type DataRequestKind,
  daysLeft,
} from "../../contracts/privacy";
import { formatWeekdayDay } from "../../contracts/time-format";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { MailMessage, MailOutbox } from "../mail";
import { scheduledRuns } from "./repo/desk-clock";
import { calendarJob } from "./service/calendar-job";
import type { DueService } from "./service/due";

export const DIGEST_KIND = "desk-digest";
const DIGEST_JOB = "desk-digest";
/** 08:00 in the firm's time zone. */
export const DIGEST_MINUTES = 8 * 60;

export type DigestResult =
  | {
      sent: false;
      reason: "not-a-business-day" | "before-08:00" | "already-sent" | "nothing-waits";
      day: string;
    }
  | { sent: true; day: string; overdue: number; dueToday: number; outboxId: number | null };

const longDate = (day: string) => formatWeekdayDay(day);

/**
 * The morning digest (ADR 054): on business days at 08:00 firm time, one e-mail to INTAKE_NOTIFY_TO with the
 * requests overdue and due today: reference, service, due time and a link, never a description or contact
 * details; and the open data-rights requests due within DATA_REQUEST_REMIND_DAYS or overdue (kind and due date,
 * never the address), so their 30 days are not missed either. Nothing is sent when nothing waits. The day's run is remembered in scheduled_runs and the mail is
 * queued with the dedupe key "digest:YYYY-MM-DD", so a restart never sends a second one.
 */
export function createDigest(deps: {
  store: DataStore;
  config: Config;
  due: DueService;
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake">;
  logger: Logger;
  now: () => Date;
  /** What else needs the operator this morning (a failed or missing backup), one line each. */
  warnings?: () => string[];
  /**
   * The open data-rights requests due by an instant (the privacy feature's, passed in: the desk reads no feature
   * that reads the desk).
   */
  dataRequestsDueBy: (iso: string) => { kind: DataRequestKind; dueAt: string }[];
}) {
  const { config, due, outbox, logger } = deps;
  const warnings = () => deps.warnings?.() ?? [];
  const { now } = deps;
  const runs = scheduledRuns(deps.store);
  const clock = due.clock;
  const to = config.intakeNotifyTo;

  /** Open data-rights requests due within DATA_REQUEST_REMIND_DAYS, or overdue: their 30 days are a promise too. */
  const dataRequestsDue = (at: Date) =>
    deps.dataRequestsDueBy(new Date(at.getTime() + spanOfDays(DATA_REQUEST_REMIND_DAYS)).toISOString());
  const dataLine = (r: { kind: DataRequestKind; dueAt: string }, at: Date) => {
    const left = daysLeft(r.dueAt, at);
    const when =
      left < 0
        ? `${-left} ${-left === 1 ? "day" : "days"} overdue`
        : `${left} ${left === 1 ? "day" : "days"} left`;
    return `- ${DATA_REQUEST_KIND_LABELS[r.kind]} request, due ${longDate(clock.local(new Date(r.dueAt)).date)} (${when})`;
  };

  const line = (r: Omit<WaitingRequest, "name">) =>
    [
      `- ${r.reference} · ${SERVICE_LABELS[r.desiredService as keyof typeof SERVICE_LABELS] ?? r.desiredService}`,
      `  Due ${r.due.dueText} (${r.due.label})`,
      `  ${config.publicUrl}${adminSubmissionPath(r.id)}`,
    ].join("\n");

  /** Deliveries owed: the same reference, service and link, due after the engagement's turnaround. */
  const deliveryLine = (r: ReturnType<DueService["deliveriesDueToday"]>[number]) =>
    [
      `- ${r.reference} · ${SERVICE_LABELS[r.desiredService as keyof typeof SERVICE_LABELS] ?? r.desiredService}`,
      `  Delivery due ${r.due.dueText} (${r.due.label})`,
      `  ${config.publicUrl}${adminSubmissionPath(r.id)}`,
    ].join("\n");

  /** The message as of the moment it is sent: requests answered since it was queued are left out. */
  function render(day: string, at: Date): MailMessage | null {
    const items = due.dueToday(at);
    const data = dataRequestsDue(at);
    const deliveries = due.deliveriesDueToday(at);
    const warned = warnings();
    if (items.length === 0 && data.length === 0 && deliveries.length === 0 && warned.length === 0)
      return null;
    const overdue = items.filter((r) => r.due.state === "overdue");
    const today = items.filter((r) => r.due.state !== "overdue");
    const deliveriesOverdue = deliveries.filter((r) => r.due.state === "overdue");
    const deliveriesToday = deliveries.filter((r) => r.due.state !== "overdue");
    const counts = [
      overdue.length > 0 ? `${overdue.length} overdue` : "",
      today.length > 0 ? `${today.length} due today` : "",
      deliveriesOverdue.length > 0
        ? `${deliveriesOverdue.length} ${deliveriesOverdue.length === 1 ? "delivery" : "deliveries"} overdue`
        : "",
      deliveriesToday.length > 0
        ? `${deliveriesToday.length} ${deliveriesToday.length === 1 ? "delivery" : "deliveries"} due today`
        : "",
      data.length > 0
        ? `${data.length} ${data.length === 1 ? "data request" : "data requests"} due soon`
        : "",
      warned.length > 0 ? "backups need attention" : "",
    ]
      .filter(Boolean)
      .join(", ");
    const sections = [
      warned.length > 0 ? ["Backups need attention", ...warned.map((w) => `- ${w}`)].join("\n") : "",
      overdue.length > 0 ? [`Overdue (${overdue.length})`, ...overdue.map(line)].join("\n") : "",
      today.length > 0 ? [`Due today (${today.length})`, ...today.map(line)].join("\n") : "",
      deliveriesOverdue.length > 0
        ? [`Deliveries overdue (${deliveriesOverdue.length})`, ...deliveriesOverdue.map(deliveryLine)].join(
            "\n",
          )
        : "",
      deliveriesToday.length > 0
        ? [`Deliveries due today (${deliveriesToday.length})`, ...deliveriesToday.map(deliveryLine)].join(
            "\n",
          )
        : "",
      data.length > 0
        ? [
            `Data requests due within ${DATA_REQUEST_REMIND_DAYS} days (${data.length})`,
            ...data.map((r) => dataLine(r, at)),
            `  ${config.publicUrl}${PATHS.adminDataRequests}`,
          ].join("\n")
        : "",
    ].filter(Boolean);
    return {
      to,
      subject: `Intake desk for ${longDate(day)}: ${counts}`,
      text: [
        items.length > 0
          ? `Good morning. These requests are waiting for a first response (${config.desk.timeZone} time).`
          : "Good morning.",
        "",
        ...sections.flatMap((s) => [s, ""]),
        "Every waiting request, soonest due first:",
        `${config.publicUrl}${PATHS.adminSubmissions}?sort=due`,
        "",
        `${config.brand.name} intake desk`,
      ].join("\n"),
    };
  }

  outbox.register(DIGEST_KIND, (row) => render(row.dedupeKey?.slice("digest:".length, 17) ?? "", now()));

  const queue = deps.store.db.transaction((day: string, at: Date, dedupeKey: string) => {
    runs.record(DIGEST_JOB, day, at.toISOString());
    return outbox.enqueue({ kind: DIGEST_KIND, dedupeKey });
  });

  /** Queues today's digest now unless nothing waits. `force` (the CLI) sends even if today's already went. */
  function send(at: Date, force: boolean): DigestResult {
    const day = clock.local(at).date;
    const items = due.dueToday(at);
    if (
      items.length === 0 &&
      dataRequestsDue(at).length === 0 &&
      due.deliveriesDueToday(at).length === 0 &&
      warnings().length === 0
    ) {
      // The morning's check counts as the day's run (the timer remembers it); an operator's empty run leaves
      // 08:00 to the timer.
      logger.info("digest_skipped", { day, reason: "nothing waits" });
      return { sent: false, reason: "nothing-waits", day };
    }
    let outboxId = queue(day, at, `digest:${day}`);
    if (outboxId === null && force) outboxId = queue(day, at, `digest:${day}:${at.toISOString()}`);
    if (outboxId === null) return { sent: false, reason: "already-sent", day };
    outbox.wake();
    const overdue = items.filter((r) => r.due.state === "overdue").length;
    logger.info("digest_queued", { day, outboxId, overdue, dueToday: items.length - overdue });
    return { sent: true, day, overdue, dueToday: items.length - overdue, outboxId };
  }

  /** Once on a business day, from 08:00 firm time. */
  const job = calendarJob({
    store: deps.store,
    name: DIGEST_JOB,
    logAs: "digest",
    logger,
    now,
    owed: (lastDay) => {
      const { date, minutes } = clock.local(now());
      return clock.isBusinessDay(date) && minutes >= DIGEST_MINUTES && lastDay !== date ? date : null;
    },
    run: () => send(now(), false),
  });

  /** What the server's timer does each minute: the day's digest when owed, or why not. */
  function runIfDue(): DigestResult {
    const ran = job.runIfDue();
    if (ran) return ran;
    const { date: day, minutes } = clock.local(now());
    if (!clock.isBusinessDay(day)) return { sent: false, reason: "not-a-business-day", day };
    if (minutes < DIGEST_MINUTES) return { sent: false, reason: "before-08:00", day };
    return { sent: false, reason: "already-sent", day };
  }

  return {
    runIfDue,
    /** `tracewell digest`: today's digest now, whatever the hour. */
    sendNow: () => send(now(), true),
    start: () => job.start(),
    stop: job.stop,
  };
}

export type Digest = ReturnType<typeof createDigest>;
