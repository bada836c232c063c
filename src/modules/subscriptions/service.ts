import * as v from "valibot";
import { ConflictError, invalidInput, NotFoundError } from "../../contracts/errors";
import { endsRequest, lifecycleRefusal } from "../../contracts/lifecycle";
import type { DataStore } from "../../store";
import type { Actor } from "../audit";
import { writeAudit } from "../audit";
import type { FirmCalendar } from "../desk";
import { type EngagementLifecycle, engagementLifecycle } from "../engagements";
import {
  addDays,
  begin,
  type ChargeDue,
  cancel,
  dueBy,
  SUBSCRIPTION_MESSAGES as M,
  pause,
  refusal,
  resume,
  type Schedule,
  type StartInput,
  StartSchema,
  type SubscriptionAction,
  type SubscriptionView,
  type SweepDue,
  type SweepReceipt,
  upcomingCharge,
  upcomingSweep,
} from "./model";
import {
  type EventKind,
  type RaisedCharge,
  type SubscriptionRow,
  subscriptionsRepo,
} from "./repo/subscriptions";

/** A change the client made, told to the desk; one staff made, told to the client (ref_id: the event). */
export const SUBSCRIPTION_DESK_MAIL = "subscription-desk";
export const SUBSCRIPTION_CLIENT_MAIL = "subscription-client";

export type SubscriptionOutbox = {
  enqueue(mail: { kind: string; submissionId?: number | null; refId?: number | null }): number | null;
  wake(): void;
};

/** Who acts: staff (audited under their name) or the client through the portal. */
export type ActingParty =
  | { by: "staff"; actor: Actor }
  /** The client in the portal, from the address their request came from. */
  | { by: "client"; clientAddress?: string | null };

/** Which subscription: a request's (staff) or a portal session's engagement (the client). */
export type Target = { submissionId: number } | { engagementId: number };

/** What each action records: the subscription's event and the audit log's (labelled in src/contracts/audit.ts). */
const RECORDED: Record<SubscriptionAction, { kind: EventKind; event: string }> = {
  pause: { kind: "paused", event: "subscription.paused" },
  resume: { kind: "resumed", event: "subscription.resumed" },
  cancel: { kind: "cancelled", event: "subscription.cancelled" },
};

/** A sweep owed as the desk's dashboard shows it. */
export type SweepStanding = { submissionId: number; dueOn: string; standing: "overdue" | "due" | "due-soon" };

/** What one run of the calendar raised, for the job's log and the command's lines. */
export type RunResult = {
  day: string;
  dryRun: boolean;
  charges: (ChargeDue & { subscriptionId: number })[];
  sweeps: (SweepDue & { subscriptionId: number })[];
  ended: { subscriptionId: number; endsOn: string }[];
};

/**
 * Judgment Intel's subscription (issue 29): started by the engagement once its letter is signed and its first
 * month paid, paused, resumed and cancelled by either side, and moved on by its calendar each day. Every date is
 * the firm's (its time zone, its business days). Each action runs the calendar up to today first, so it acts on
 * the state the job would have left, whenever the job last ran.
 */
export function createSubscriptionsService(deps: {
  store: DataStore;
  calendar: FirmCalendar;
  outbox: SubscriptionOutbox;
  now: () => Date;
  /**
   * The engagement's files delivered as sweep reports, with their receipts (the documents feature). A sweep
   * and the file that delivered it are marked in one write with the same instant, which pairs them.
   */
  receipts?: (engagementId: number) => readonly SweepReceipt[];
  /** Each month raised, told to the ledger in the same write (issue 30). */
  charged?: (charge: RaisedCharge) => void;
  /** Where the engagement and its request stand (the portal's reader), for the lifecycle table (ADR 278). */
  lifecycle?: Pick<EngagementLifecycle, "ofEngagement">;
  /**
   * The last day of the months that the ledger's payments cover (ADR 285): the ledger is the only record of what
   * was paid. Without it (a subscription alone, in a test) no month reads as paid.
   */
  paidThrough?: (engagementId: number, months: readonly { from: string; to: string }[]) => string | null;
  /** Who a request is from: the client a portal move is audited under. */
  personOf?: (submissionId: number) => { name: string } | null;
}) {
  const { store, calendar, outbox, now } = deps;
  const { db } = store;
  const repo = subscriptionsRepo(store);
  const lifecycle = deps.lifecycle ?? engagementLifecycle(store);
  /** Its request was closed or declined: the calendar raises nothing more for it (ADR 278). */
  const requestEnded = (row: SubscriptionRow) => {
    const state = lifecycle.ofEngagement(row.engagementId);
    return state !== null && endsRequest(state.request);
  };
  const today = () => calendar.local(now()).date;
  /** An instant's day in the firm's time zone: a report delivered at 9 PM New York is that day's, not UTC's next. */
  const firmDay = (at: string | null) => (at ? calendar.local(new Date(at)).date : null);

  function view(row: SubscriptionRow): SubscriptionView {
    const charges = repo.charges(row.id).map(({ id: _, ...c }) => c);
    const sweeps = repo.sweeps(row.id).map(({ id: _, ...w }) => w);
    const receipts = deps.receipts?.(row.engagementId) ?? [];
    const receivedAt = (at: string | null) => receipts.find((r) => r.deliveredAt === at)?.receivedAt ?? null;
    return {
      state: row.state,
      subjects: row.subjects,
      cadence: row.cadence,
      monthlyCents: row.monthlyCents,
      startedOn: row.startedOn,
      paidThrough: deps.paidThrough?.(row.engagementId, charges) ?? null,
      nextChargeOn: upcomingCharge(row),
      nextSweepDueOn: upcomingSweep(row, sweeps, calendar),
      pausedOn: row.pausedOn,
      cancelNoticeOn: row.cancelNoticeOn,
      endsOn: row.endsOn,
      sweeps: sweeps.map((w) => {
        const received = w.deliveredAt ? receivedAt(w.deliveredAt) : null;
        return {
          ...w,
          receivedAt: received,
          deliveredOn: firmDay(w.deliveredAt),
          receivedOn: firmDay(received),
        };
      }),
      charges,
    };
  }

  /** Raises one month's charge; the ledger records it when it is new. */
  function raise(row: SubscriptionRow, c: ChargeDue, at: string) {
    if (repo.addCharge(row.id, c, at))
      deps.charged?.({ ...c, engagementId: row.engagementId, subscriptionId: row.id });
  }

  /** Raises what fell due by `day` for one subscription and saves its schedule; answers what it raised. */
  function catchUp(row: SubscriptionRow, day: string, dryRun = false) {
    const due = dueBy(row, day, calendar);
    // A closed request's months are not charged and its sweeps not raised (the table refuses charge and sweep):
    // its calendar still moves on, so a request reopened later is not billed for the time it was closed.
    const skipped = due.charges.length + due.sweeps.length > 0 && requestEnded(row);
    const r = skipped ? { ...due, charges: [], sweeps: [] } : due;
    if (dryRun || (r.charges.length === 0 && r.sweeps.length === 0 && !r.ended && !skipped))
      return { row, ...r };
    const at = now().toISOString();
    for (const c of r.charges) raise(row, c, at);
    for (const w of r.sweeps) repo.addSweep(row.id, w, at);
    repo.saveSchedule(row.id, r.schedule, at);
    if (r.ended) repo.addEvent(row.id, "ended", "schedule", row.endsOn ?? day, at);
    return { row: { ...row, ...r.schedule }, ...r };
  }

  const find = (target: Target) =>
    "submissionId" in target
      ? repo.bySubmission(target.submissionId)
      : repo.byEngagement(target.engagementId);
  const require = (target: Target) => {
    const row = find(target);
    if (!row) throw new NotFoundError("submissionId" in target ? M.none : M.noneInPortal);
    return row;
  };

  /** Runs the calendar for one subscription up to today, in one transaction with what follows. */
  const current = (target: Target) => catchUp(require(target), today()).row;

  const startTx = db.transaction((input: v.InferOutput<typeof StartSchema>) => {
    const at = now().toISOString();
    const existing = repo.byEngagement(input.engagementId);
    let row = existing;
    if (!row) {
      const id = repo.create(input, at);
      row = repo.byId(id) as SubscriptionRow;
    } else if (row.state === "pending") {
      repo.updatePending(
        row.id,
        {
          ...input,
          // A date already known is kept when a later call does not give it (the signature, then the payment).
          signedOn: input.signedOn ?? row.signedOn,
          paidOn: input.paidOn ?? row.paidOn,
        },
        at,
      );
      row = repo.byId(row.id) as SubscriptionRow;
    } else {
      // Started already: the same call again (a retried webhook) changes nothing; other terms are refused.
      const same =
        row.submissionId === input.submissionId &&
        row.cadence === input.cadence &&
        row.monthlyCents === input.monthlyCents &&
        JSON.stringify(row.subjects) === JSON.stringify(input.subjects);
      if (!same) throw new ConflictError(M.otherEngagement);
      return current({ engagementId: input.engagementId });
    }
    if (row.signedOn === null || row.paidOn === null) return row;
    const startedOn = [row.signedOn, row.paidOn].sort()[1] as string;
    const { schedule, firstCharge } = begin(row, startedOn, calendar);
    repo.saveSchedule(row.id, schedule, at);
    raise(row, firstCharge, at);
    repo.addEvent(row.id, "started", "schedule", startedOn, at);
    // Started on a past date (the payment recorded late): what fell due since is raised now.
    return catchUp({ ...row, ...schedule }, today()).row;
  });

  const actTx = db.transaction((action: SubscriptionAction, target: Target, party: ActingParty) => {
    const row = current(target);
    // The request and the engagement first (a closed request's monitoring takes no move), then the
    // subscription's own state, in its words with its dates (both from the one table, ADR 278).
    const state = lifecycle.ofEngagement(row.engagementId);
    const why = (state && lifecycleRefusal(state, action)) ?? refusal(action, row);
    if (why) throw new ConflictError(why);
    const day = today();
    const at = now().toISOString();
    let next: Schedule;
    if (action === "pause") next = pause(row, day);
    else if (action === "cancel") next = cancel(row, day);
    else {
      const resumed = resume(row, day);
      next = resumed.schedule;
      if (resumed.currentMonthEndsOn) repo.extendLastCharge(row.id, resumed.currentMonthEndsOn);
    }
    repo.saveSchedule(row.id, next, at);
    const eventId = repo.addEvent(row.id, RECORDED[action].kind, party.by, day, at);
    const detail = { submissionId: row.submissionId, subscriptionId: row.id, on: day, endsOn: next.endsOn };
    writeAudit(store, {
      event: RECORDED[action].event,
      ...(party.by === "staff"
        ? { userId: party.actor.id, username: party.actor.username, clientAddress: party.actor.clientAddress }
        : {
            client: {
              name: deps.personOf?.(row.submissionId)?.name ?? "",
              clientAddress: party.clientAddress ?? null,
            },
          }),
      detail: party.by === "client" ? { ...detail, by: "client" } : detail,
      at: now(),
    });
    // The client is told of every change, theirs too (a confirmation); the desk of the client's.
    outbox.enqueue({ kind: SUBSCRIPTION_CLIENT_MAIL, submissionId: row.submissionId, refId: eventId });
    if (party.by === "client")
      outbox.enqueue({ kind: SUBSCRIPTION_DESK_MAIL, submissionId: row.submissionId, refId: eventId });
    return { ...row, ...next };
  });

  const deliverTx = db.transaction((engagementId: number, at: Date) => {
    const row = current({ engagementId });
    const owed = repo.sweeps(row.id).find((w) => w.deliveredAt === null);
    if (!owed) throw new ConflictError(M.nothingOwed);
    repo.deliverSweep(owed.id, at.toISOString());
    return row;
  });

  /** One run of the calendar over every live subscription as of `day`; a dry run writes nothing. */
  const runTx = db.transaction((day: string, dryRun: boolean): RunResult => {
    const result: RunResult = { day, dryRun, charges: [], sweeps: [], ended: [] };
    for (const id of repo.liveIds()) {
      const row = repo.byId(id);
      if (!row) continue;
      const r = catchUp(row, day, dryRun);
      result.charges.push(...r.charges.map((c) => ({ ...c, subscriptionId: id })));
      result.sweeps.push(...r.sweeps.map((w) => ({ ...w, subscriptionId: id })));
      if (r.ended) result.ended.push({ subscriptionId: id, endsOn: row.endsOn ?? day });
    }
    return result;
  });

  return {
    today,
    /**
     * The engagement's subscription, created pending with its terms and started as soon as both the signature
     * and the first payment are known (either call may give either date). Idempotent once started.
     */
    start(input: StartInput): SubscriptionView {
      const parsed = v.safeParse(StartSchema, input);
      if (!parsed.success) invalidInput(parsed.issues);
      return view(startTx(parsed.output));
    },
    /** The sweep report was delivered: the oldest sweep owed is done. */
    sweepDelivered(input: { engagementId: number; at?: Date }): SubscriptionView {
      const row = deliverTx(input.engagementId, input.at ?? now());
      return view(repo.byId(row.id) as SubscriptionRow);
    },
    /** Pause, resume or cancel, by staff or the client; any other move is a ConflictError saying why. */
    act(action: SubscriptionAction, target: Target, party: ActingParty): SubscriptionView {
      return view(actTx(action, target, party));
    },
    /** The view for the portal's engagement, or null when it has no subscription. */
    viewForEngagement(engagementId: number): SubscriptionView | null {
      const row = repo.byEngagement(engagementId);
      return row ? view(db.transaction(() => catchUp(row, today()).row)()) : null;
    },
    /** A letter withdrawn before monitoring started: its pending subscription goes with it (ADR 249). */
    discardPending: (engagementId: number) => repo.removePending(engagementId),
    /**
     * The sweeps the desk owes, for its dashboard: each raised and not delivered (overdue once its day has
     * passed, due on the day), and each next one the calendar will raise within `soonDays` (due soon).
     */
    sweepsDue(soonDays: number): { today: string; sweeps: SweepStanding[] } {
      const day = today();
      const soon = addDays(day, soonDays);
      const sweeps = db.transaction(() => {
        const out: SweepStanding[] = [];
        for (const id of repo.liveIds()) {
          const found = repo.byId(id);
          // A closed request owes no sweep: none can be delivered through its portal (ADR 278).
          if (!found || requestEnded(found)) continue;
          const row = catchUp(found, day).row;
          const owed = repo.sweeps(row.id).filter((w) => w.deliveredAt === null);
          for (const w of owed)
            out.push({
              submissionId: row.submissionId,
              dueOn: w.dueOn,
              standing: w.dueOn < day ? "overdue" : w.dueOn === day ? "due" : "due-soon",
            });
          const next = owed.length === 0 ? upcomingSweep(row, [], calendar) : null;
          if (next && next <= soon)
            out.push({ submissionId: row.submissionId, dueOn: next, standing: "due-soon" });
        }
        return out;
      })();
      return { today: day, sweeps: sweeps.sort((a, b) => a.dueOn.localeCompare(b.dueOn)) };
    },
    /** The view for the desk's request, or 404. */
    viewForSubmission(submissionId: number): SubscriptionView {
      return view(db.transaction(() => current({ submissionId }))());
    },
    /** The daily job and the operator's command: everything due by `day`, raised once. */
    runCalendar: (day: string, opts: { dryRun?: boolean } = {}) => runTx(day, opts.dryRun === true),
    /** What a queued mail is about: the event, its subscription and when the change takes effect. */
    eventFor(eventId: number) {
      const event = repo.event(eventId);
      const row = event ? repo.byId(event.subscriptionId) : null;
      return event && row ? { event, subscription: row, view: view(row) } : null;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
