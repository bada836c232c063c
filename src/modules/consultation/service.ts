import { randomBytes } from "node:crypto";
import * as v from "valibot";
import {
  CONSULTATION_CHANGE_HOURS,
  CONSULTATION_MINUTES,
  type ConsultationBooking,
  type ConsultationSlots,
  CONSULTATION_MESSAGES as M,
  type UpcomingConsultation,
} from "../../contracts/consultation";
import { instant } from "../../contracts/dates";
import { BadRequestError, ConflictError, NotFoundError } from "../../contracts/errors";
import type { Database } from "../../db/index";
import { requireAllowed } from "../../lib/lifecycle";
import type { PersonOf } from "../desk";
import type { EngagementLifecycle, EngagementLookup } from "../engagements";
import { type ConsultationClock, isTimeZone, labels, longLabel, slotEnd, slotGrid } from "./lib/slots";
import {
  AlreadyBooked,
  type BookingRow,
  type ChangeKind,
  consultationsRepo,
  SlotTaken,
} from "./repo/consultations";

/** Outbox kinds: the client's and the desk's copy of a booking, move or cancel; ref_id is the change. */
export const CONSULTATION_CLIENT_MAIL = "consultation-client";
export const CONSULTATION_DESK_MAIL = "consultation-desk";

/** What the consultation asks of the mail outbox. */
export type ConsultationOutbox = {
  enqueue(mail: { kind: string; submissionId?: number | null; refId?: number | null }): number | null;
  wake(): void;
};

const HOUR_MS = 3_600_000;
const UPCOMING_MAX = 50;
/** A start as the client sends it: one of the listed instants, in the one reading every route shares. */
const START = instant(M.start);

/** The client's zone from `?tz=`: none (null) or a known zone; anything else is refused. */
function clientZone(raw: string | undefined): string | null {
  if (raw === undefined || raw === "") return null;
  if (!isTimeZone(raw)) throw new BadRequestError(M.timeZone);
  return raw;
}

/** The start a client sent, as an instant in ms; refused when it is no date and time, or one that does not exist. */
function startOf(start: string | undefined): number {
  const parsed = v.safeParse(START, start);
  if (!parsed.success) throw new BadRequestError(parsed.issues[0]?.message ?? M.start);
  return Date.parse(parsed.output);
}

/**
 * The consultation (ADR 170): slots on the firm's business clock, one live booking per engagement, moves and
 * cancels until 24 hours before, and each change queued as mail to both sides in the same transaction. The
 * engagement always comes from the caller's portal session, never from the body.
 */
export function createConsultationService(deps: {
  db: Database;
  clock: ConsultationClock;
  outbox: ConsultationOutbox;
  personOf: PersonOf;
  /** The engagements, as the portal (their owner) tells them. */
  engagements: Pick<EngagementLookup, "byId" | "ofSubmission" | "submissionsOf">;
  /** Where the engagement and its request stand, for the lifecycle table (ADR 278). */
  lifecycle: Pick<EngagementLifecycle, "ofEngagement">;
  now: () => Date;
}) {
  const { db, clock, outbox, engagements, now } = deps;
  /** A booking follows the lifecycle: once the report is delivered, while the request is open (ADR 278). */
  const requireBookable = (engagementId: number) =>
    requireAllowed(deps.lifecycle.ofEngagement(engagementId), "book");
  const repo = consultationsRepo(db);
  const firmZone = clock.settings.timeZone;

  /** The grid at `at`, and which of its starts are taken. */
  function grid(at: Date) {
    const all = slotGrid(clock, at);
    const first = all[0];
    const last = all[all.length - 1];
    const taken =
      first && last
        ? repo.takenBetween(
            new Date(first.startMs).toISOString(),
            new Date(slotEnd(last.startMs)).toISOString(),
          )
        : new Set<string>();
    return { all, taken };
  }

  function bookingView(b: BookingRow, zone: string | null, at: Date): ConsultationBooking {
    const start = Date.parse(b.startsAt);
    const until = start - CONSULTATION_CHANGE_HOURS * HOUR_MS;
    return {
      start: b.startsAt,
      end: new Date(slotEnd(start)).toISOString(),
      label: longLabel(start, firmZone),
      clientLabel: zone ? labels(start, zone).short : null,
      changeableUntil: new Date(until).toISOString(),
      changeable: at.getTime() <= until,
      bookedAt: b.createdAt,
    };
  }

  /**
   * Checks a requested start against the grid at `at`, and returns it as an instant: refused as a bad request
   * when it is no slot at all, as a conflict when it is one another booking holds. `own` is the engagement's
   * current start when moving.
   */
  function checkStart(ms: number, at: Date, own: string | null): string {
    const iso = new Date(ms).toISOString();
    if (own === iso) throw new ConflictError(M.sameTime);
    const { all, taken } = grid(at);
    if (!all.some((s) => s.startMs === ms)) throw new BadRequestError(M.notSlot);
    if (taken.has(iso)) throw new ConflictError(M.taken);
    return iso;
  }

  /** The change's row and its two mails, in one transaction with the write; refusals of the indexes mapped. */
  function write(engagementId: number, act: () => number): void {
    const submissionId = engagements.byId(engagementId)?.submissionId ?? null;
    try {
      db.transaction(() => {
        const changeId = act();
        for (const kind of [CONSULTATION_CLIENT_MAIL, CONSULTATION_DESK_MAIL])
          outbox.enqueue({ kind, submissionId, refId: changeId });
      })();
    } catch (error) {
      if (error instanceof SlotTaken) throw new ConflictError(M.taken);
      if (error instanceof AlreadyBooked) throw new ConflictError(M.alreadyBooked);
      throw error;
    }
    outbox.wake();
  }

  const current = (engagementId: number, zone: string | null, at: Date) => {
    const b = repo.live(engagementId);
    return { consultation: b ? bookingView(b, zone, at) : null };
  };

  /** The live booking, while it may still be moved or cancelled. */
  const changeable = (engagementId: number, at: Date) => {
    const b = repo.live(engagementId);
    if (!b) throw new NotFoundError(M.none);
    if (!bookingView(b, null, at).changeable) throw new ConflictError(M.tooLate);
    return b;
  };

  return {
    repo,

    /** GET /slots: free slots once the report is delivered. */
    slots(engagementId: number, tz: string | undefined): ConsultationSlots {
      const zone = clientZone(tz);
      requireBookable(engagementId);
      const { all, taken } = grid(now());
      const body: ConsultationSlots = {
        timeZone: firmZone,
        clientTimeZone: zone,
        slots: all
          .filter((s) => !taken.has(new Date(s.startMs).toISOString()))
          .map((s) => {
            const firm = labels(s.startMs, firmZone);
            return {
              start: new Date(s.startMs).toISOString(),
              end: new Date(slotEnd(s.startMs)).toISOString(),
              date: s.date,
              dayLabel: firm.day,
              label: firm.time,
              clientLabel: zone ? labels(s.startMs, zone).short : null,
            };
          }),
      };
      return body;
    },

    /** GET: the live booking or null. */
    current(engagementId: number, tz: string | undefined) {
      return current(engagementId, clientZone(tz), now());
    },

    /** POST { start }: books a listed slot, and returns the booking. */
    book(engagementId: number, start: string | undefined, tz: string | undefined) {
      const zone = clientZone(tz);
      requireBookable(engagementId);
      if (repo.live(engagementId)) throw new ConflictError(M.alreadyBooked);
      const at = now();
      const iso = checkStart(startOf(start), at, null);
      const uid = randomBytes(12).toString("base64url");
      write(engagementId, () => repo.book(engagementId, uid, iso, at.toISOString()));
      return current(engagementId, zone, at);
    },

    /** PATCH { start }: moves the live booking, until 24 hours before it. */
    move(engagementId: number, start: string | undefined, tz: string | undefined) {
      const zone = clientZone(tz);
      const at = now();
      const b = changeable(engagementId, at);
      // A booking is moved as it is made: only while the lifecycle allows booking (ADR 278).
      requireBookable(engagementId);
      const iso = checkStart(startOf(start), at, b.startsAt);
      write(engagementId, () => repo.move(b, iso, at.toISOString()));
      return current(engagementId, zone, at);
    },

    /** DELETE: cancels the live booking, until 24 hours before it. */
    cancel(engagementId: number) {
      const at = now();
      const b = changeable(engagementId, at);
      write(engagementId, () => repo.cancel(b, at.toISOString()));
      return { consultation: null };
    },

    /** The desk's list: live bookings not yet over, soonest first, with who and which request. */
    upcoming(): UpcomingConsultation[] {
      const from = new Date(now().getTime() - CONSULTATION_MINUTES * 60_000).toISOString();
      const rows = repo.upcoming(from, UPCOMING_MAX);
      const submissionOf = engagements.submissionsOf(rows.map((r) => r.engagementId));
      return rows.flatMap((r) => {
        const submissionId = submissionOf.get(r.engagementId);
        const person = submissionId === undefined ? null : deps.personOf(submissionId);
        if (submissionId === undefined) return [];
        if (!person) return [];
        const start = Date.parse(r.startsAt);
        return [
          {
            submissionId,
            reference: person.reference,
            name: person.name,
            start: r.startsAt,
            end: new Date(slotEnd(start)).toISOString(),
            label: longLabel(start, firmZone),
            bookedAt: r.createdAt,
          },
        ];
      });
    },

    /** The request's live booking for the desk's detail, or null; a request that does not exist is not found. */
    ofSubmission(submissionId: number): ConsultationBooking | null {
      if (!deps.personOf(submissionId)) throw new NotFoundError("Not found");
      const engagement = engagements.ofSubmission(submissionId);
      const b = engagement ? repo.live(engagement.id) : null;
      return b ? bookingView(b, null, now()) : null;
    },

    /** A change for its mail, with its labels in the firm's zone. */
    changeFor(changeId: number) {
      const c = repo.change(changeId);
      const submissionId = c ? engagements.byId(c.engagementId)?.submissionId : undefined;
      if (!c || submissionId === undefined) return null;
      const start = Date.parse(c.startsAt);
      const { engagementId: _engagement, ...change } = c;
      return {
        ...change,
        submissionId,
        kind: c.kind as ChangeKind,
        label: longLabel(start, firmZone),
        previousLabel: c.previousStartsAt ? longLabel(Date.parse(c.previousStartsAt), firmZone) : null,
      };
    },
  };
}

export type ConsultationService = ReturnType<typeof createConsultationService>;
