import type { Database } from "../../../db/index";

/** A live (not cancelled) booking. */
export type BookingRow = {
  id: number;
  engagementId: number;
  uid: string;
  startsAt: string;
  sequence: number;
  createdAt: string;
};

export type ChangeKind = "booked" | "moved" | "cancelled";

/** One booking, move or cancel, with what its mail needs (the engagement's request is the portal's to say). */
export type ChangeRow = {
  id: number;
  kind: ChangeKind;
  startsAt: string;
  previousStartsAt: string | null;
  sequence: number;
  at: string;
  uid: string;
  engagementId: number;
};

export type UpcomingRow = { engagementId: number; startsAt: string; createdAt: string };

const BOOKING = `id, engagement_id AS engagementId, uid, starts_at AS startsAt, sequence, created_at AS createdAt`;

/** A write refused by one of the UNIQUE indexes: the slot (another booking has it) or the engagement's one. */
export class SlotTaken extends Error {}
export class AlreadyBooked extends Error {}

function refusedBy(error: unknown): Error | null {
  const message = error instanceof Error ? error.message : "";
  if (!message.includes("UNIQUE constraint failed")) return null;
  if (message.includes("consultations.starts_at")) return new SlotTaken(message);
  if (message.includes("consultations.engagement_id")) return new AlreadyBooked(message);
  return null;
}

/**
 * The consultations and their changes (the caller holds the transaction that also queues their mail). Every read and write by the portal names the engagement, so one
 * engagement's session never reaches another's booking.
 */
export function consultationsRepo(db: Database) {
  const live = db.prepare<BookingRow, [number]>(
    `SELECT ${BOOKING} FROM consultations WHERE engagement_id = ? AND cancelled_at IS NULL`,
  );
  const takenBetween = db.prepare<{ startsAt: string }, [string, string]>(
    `SELECT starts_at AS startsAt FROM consultations
     WHERE cancelled_at IS NULL AND starts_at >= ? AND starts_at < ?`,
  );
  const insert = db.prepare<{ id: number }, [number, string, string, string, string]>(
    `INSERT INTO consultations (engagement_id, uid, starts_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
  );
  const move = db.prepare<never, [string, string, number, number]>(
    `UPDATE consultations SET starts_at = ?, updated_at = ?, sequence = sequence + 1
     WHERE id = ? AND engagement_id = ? AND cancelled_at IS NULL`,
  );
  const cancel = db.prepare<never, [string, string, number, number]>(
    `UPDATE consultations SET cancelled_at = ?, updated_at = ?, sequence = sequence + 1
     WHERE id = ? AND engagement_id = ? AND cancelled_at IS NULL`,
  );
  const sequenceOf = db.prepare<{ sequence: number }, [number]>(
    "SELECT sequence FROM consultations WHERE id = ?",
  );
  const addChange = db.prepare<{ id: number }, [number, string, string, string | null, number, string]>(
    `INSERT INTO consultation_changes (consultation_id, kind, starts_at, previous_starts_at, sequence, at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const change = db.prepare<ChangeRow, [number]>(
    `SELECT ch.id, ch.kind, ch.starts_at AS startsAt, ch.previous_starts_at AS previousStartsAt, ch.sequence,
       ch.at, c.uid, c.engagement_id AS engagementId
     FROM consultation_changes ch JOIN consultations c ON c.id = ch.consultation_id
     WHERE ch.id = ?`,
  );
  const upcoming = db.prepare<UpcomingRow, [string, number]>(
    `SELECT engagement_id AS engagementId, starts_at AS startsAt, created_at AS createdAt
     FROM consultations WHERE cancelled_at IS NULL AND starts_at >= ? ORDER BY starts_at LIMIT ?`,
  );

  const recordChange = (
    consultationId: number,
    kind: ChangeKind,
    startsAt: string,
    previous: string | null,
    at: string,
  ) =>
    addChange.get(consultationId, kind, startsAt, previous, sequenceOf.get(consultationId)?.sequence ?? 0, at)
      ?.id as number;

  const everyBookingOf = db.query<
    { id: number; startsAt: string; bookedAt: string; cancelledAt: string | null },
    [number]
  >(
    `SELECT id, starts_at AS startsAt, created_at AS bookedAt, cancelled_at AS cancelledAt
     FROM consultations WHERE engagement_id = ? ORDER BY id`,
  );
  const changesOf = db.query<
    { kind: string; startsAt: string; previousStartsAt: string | null; at: string },
    [number]
  >(
    `SELECT kind, starts_at AS startsAt, previous_starts_at AS previousStartsAt, at
     FROM consultation_changes WHERE consultation_id = ? ORDER BY id`,
  );

  /** Runs a write; a UNIQUE index's refusal comes back as SlotTaken or AlreadyBooked. */
  const guarded = <T>(write: () => T): T => {
    try {
      return write();
    } catch (error) {
      throw refusedBy(error) ?? error;
    }
  };

  return {
    live: (engagementId: number) => live.get(engagementId),
    /** Starts of live bookings in [from, to). */
    takenBetween: (from: string, to: string) => new Set(takenBetween.all(from, to).map((r) => r.startsAt)),
    /** Books; answers the change's id (for its mail). */
    book: (engagementId: number, uid: string, startsAt: string, at: string) =>
      guarded(() => {
        const id = insert.get(engagementId, uid, startsAt, at, at)?.id as number;
        return recordChange(id, "booked", startsAt, null, at);
      }),
    move: (b: BookingRow, startsAt: string, at: string) =>
      guarded(() => {
        move.run(startsAt, at, b.id, b.engagementId);
        return recordChange(b.id, "moved", startsAt, b.startsAt, at);
      }),
    cancel: (b: BookingRow, at: string) => {
      cancel.run(at, at, b.id, b.engagementId);
      return recordChange(b.id, "cancelled", b.startsAt, null, at);
    },
    change: (id: number) => change.get(id),
    upcoming: (fromIso: string, limit: number) => upcoming.all(fromIso, limit),
    /** Every booking of an engagement, live or cancelled, oldest first. */
    everyBookingOf: (engagementId: number) => everyBookingOf.all(engagementId),
    /** A booking's history: booked, moved, cancelled, in order. */
    changesOf: (consultationId: number) => changesOf.all(consultationId),
  };
}

export type ConsultationsRepo = ReturnType<typeof consultationsRepo>;
