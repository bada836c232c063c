import type { Sealed } from "../../../store";
import type { Cadence, Charge, ChargeDue, Schedule, SubscriptionState, Sweep, SweepDue } from "../model";

/** A subscription as stored: its schedule, whose it is and its subjects (decrypted here, encrypted at rest). */
export type SubscriptionRow = Schedule & {
  id: number;
  engagementId: number;
  submissionId: number;
  subjects: string[];
  signedOn: string | null;
  paidOn: string | null;
};

/** A month raised, as the ledger records it: its engagement, its subscription, its dates and amount. */
export type RaisedCharge = ChargeDue & { engagementId: number; subscriptionId: number };

export type EventKind = "started" | "paused" | "resumed" | "cancelled" | "ended";
export type EventActor = "client" | "staff" | "schedule";
export type SubscriptionEvent = {
  id: number;
  subscriptionId: number;
  kind: EventKind;
  actor: EventActor;
  onDate: string;
};

type Stored = Omit<SubscriptionRow, "subjects"> & { subjects: string };

const COLUMNS = `id, engagement_id AS engagementId, submission_id AS submissionId, subjects, cadence,
  monthly_cents AS monthlyCents, state, signed_on AS signedOn, paid_on AS paidOn, started_on AS startedOn,
  bill_anchor_on AS billAnchorOn, bill_months AS billMonths, sweep_anchor_on AS sweepAnchorOn,
  sweep_count AS sweepCount, paused_on AS pausedOn, cancel_notice_on AS cancelNoticeOn, ends_on AS endsOn`;

/** The SQL over the subscription's tables; the subjects are sealed by the data cipher on the way in. */
export function subscriptionsRepo({ db, cipher }: Sealed) {
  const read = (row: Stored | null): SubscriptionRow | null =>
    row && { ...row, subjects: JSON.parse(cipher.decrypt(row.subjects)) as string[] };

  const byEngagement = db.query<Stored, [number]>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE engagement_id = ?`,
  );
  const bySubmission = db.query<Stored, [number]>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE submission_id = ? ORDER BY id DESC LIMIT 1`,
  );
  const byId = db.query<Stored, [number]>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ?`);
  const live = db.query<{ id: number }, []>(
    "SELECT id FROM subscriptions WHERE state IN ('active', 'paused', 'cancelling') ORDER BY id",
  );
  const insert = db.query<{ id: number }, Record<string, string | number | null>>(
    `INSERT INTO subscriptions (engagement_id, submission_id, subjects, cadence, monthly_cents, state, signed_on,
       paid_on, created_at, updated_at)
     VALUES ($engagementId, $submissionId, $subjects, $cadence, $monthlyCents, 'pending', $signedOn, $paidOn, $at, $at)
     RETURNING id`,
  );
  const updatePending = db.query<never, Record<string, string | number | null>>(
    `UPDATE subscriptions SET subjects = $subjects, cadence = $cadence, monthly_cents = $monthlyCents,
       signed_on = $signedOn, paid_on = $paidOn, updated_at = $at
     WHERE id = $id AND state = 'pending'`,
  );
  const saveSchedule = db.query<never, Record<string, string | number | null>>(
    `UPDATE subscriptions SET state = $state, started_on = $startedOn, bill_anchor_on = $billAnchorOn,
       bill_months = $billMonths, sweep_anchor_on = $sweepAnchorOn, sweep_count = $sweepCount,
       paused_on = $pausedOn, cancel_notice_on = $cancelNoticeOn, ends_on = $endsOn, updated_at = $at
     WHERE id = $id`,
  );
  const insertCharge = db.query<never, [number, string, string, number, string]>(
    `INSERT OR IGNORE INTO subscription_charges (subscription_id, from_on, to_on, amount_cents, raised_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const charges = db.query<Charge & { id: number }, [number]>(
    `SELECT id, from_on AS "from", to_on AS "to", amount_cents AS amountCents
     FROM subscription_charges WHERE subscription_id = ? ORDER BY from_on`,
  );
  const chargesAfter = db.query<RaisedCharge & { id: number }, [number, number]>(
    `SELECT c.id, s.engagement_id AS engagementId, c.subscription_id AS subscriptionId, c.from_on AS "from",
       c.to_on AS "to", c.amount_cents AS amountCents
     FROM subscription_charges c JOIN subscriptions s ON s.id = c.subscription_id
     WHERE c.id > ? ORDER BY c.id LIMIT ?`,
  );
  const everyCharge = db.query<RaisedCharge, []>(
    `SELECT s.engagement_id AS engagementId, c.subscription_id AS subscriptionId, c.from_on AS "from",
       c.to_on AS "to", c.amount_cents AS amountCents
     FROM subscription_charges c JOIN subscriptions s ON s.id = c.subscription_id ORDER BY c.id`,
  );
  const extendLast = db.query<never, [string, number]>(
    `UPDATE subscription_charges SET to_on = ?1
     WHERE id = (SELECT id FROM subscription_charges WHERE subscription_id = ?2 ORDER BY from_on DESC LIMIT 1)`,
  );
  const insertSweep = db.query<never, [number, string, string, string]>(
    `INSERT OR IGNORE INTO subscription_sweeps (subscription_id, nominal_on, due_on, raised_at) VALUES (?, ?, ?, ?)`,
  );
  const sweeps = db.query<Sweep & { id: number }, [number]>(
    `SELECT id, due_on AS dueOn, delivered_at AS deliveredAt FROM subscription_sweeps
     WHERE subscription_id = ? ORDER BY nominal_on`,
  );
  const deliver = db.query<never, [string, number]>(
    "UPDATE subscription_sweeps SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL",
  );
  const insertEvent = db.query<{ id: number }, [number, EventKind, EventActor, string, string]>(
    `INSERT INTO subscription_events (subscription_id, kind, actor, on_date, at) VALUES (?, ?, ?, ?, ?)
     RETURNING id`,
  );
  const event = db.query<SubscriptionEvent, [number]>(
    `SELECT id, subscription_id AS subscriptionId, kind, actor, on_date AS onDate
     FROM subscription_events WHERE id = ?`,
  );

  const removePending = db.query<never, [number]>(
    "DELETE FROM subscriptions WHERE engagement_id = ? AND state = 'pending'",
  );

  return {
    /** A subscription never started, removed with the letter that would have started it. */
    removePending: (engagementId: number) => removePending.run(engagementId).changes > 0,
    byEngagement: (engagementId: number) => read(byEngagement.get(engagementId)),
    bySubmission: (submissionId: number) => read(bySubmission.get(submissionId)),
    byId: (id: number) => read(byId.get(id)),
    /** The subscriptions whose calendars still run or may end. */
    liveIds: () => live.all().map((r) => r.id),
    create(
      s: {
        engagementId: number;
        submissionId: number;
        subjects: string[];
        cadence: Cadence;
        monthlyCents: number;
        signedOn: string | null;
        paidOn: string | null;
      },
      at: string,
    ): number {
      const row = insert.get({
        $engagementId: s.engagementId,
        $submissionId: s.submissionId,
        $subjects: cipher.encrypt(JSON.stringify(s.subjects)),
        $cadence: s.cadence,
        $monthlyCents: s.monthlyCents,
        $signedOn: s.signedOn,
        $paidOn: s.paidOn,
        $at: at,
      });
      if (!row) throw new Error("subscription not created");
      return row.id;
    },
    /** New terms or dates for one not yet started. */
    updatePending(
      id: number,
      s: {
        subjects: string[];
        cadence: Cadence;
        monthlyCents: number;
        signedOn: string | null;
        paidOn: string | null;
      },
      at: string,
    ) {
      updatePending.run({
        $id: id,
        $subjects: cipher.encrypt(JSON.stringify(s.subjects)),
        $cadence: s.cadence,
        $monthlyCents: s.monthlyCents,
        $signedOn: s.signedOn,
        $paidOn: s.paidOn,
        $at: at,
      });
    },
    saveSchedule(id: number, s: Schedule, at: string) {
      saveSchedule.run({
        $id: id,
        $state: s.state satisfies SubscriptionState,
        $startedOn: s.startedOn,
        $billAnchorOn: s.billAnchorOn,
        $billMonths: s.billMonths,
        $sweepAnchorOn: s.sweepAnchorOn,
        $sweepCount: s.sweepCount,
        $pausedOn: s.pausedOn,
        $cancelNoticeOn: s.cancelNoticeOn,
        $endsOn: s.endsOn,
        $at: at,
      });
    },
    addCharge: (id: number, c: ChargeDue, at: string) =>
      insertCharge.run(id, c.from, c.to, c.amountCents, at).changes > 0,
    charges: (id: number) => charges.all(id),
    /** Every month raised, with its engagement: what the ledger records (issue 30). */
    allCharges: () => everyCharge.all(),
    /** The next `limit` months raised after charge `afterId`, by id (the ledger's backfill a batch at a time). */
    chargesAfter: (afterId: number, limit: number) => chargesAfter.all(afterId, limit),
    /** The month running when it paused ends later by the days paused (ADR 246). */
    extendLastCharge: (id: number, to: string) => extendLast.run(to, id),
    addSweep: (id: number, w: SweepDue, at: string) =>
      insertSweep.run(id, w.nominalOn, w.dueOn, at).changes > 0,
    sweeps: (id: number) => sweeps.all(id),
    deliverSweep: (sweepId: number, at: string) => deliver.run(at, sweepId).changes > 0,
    addEvent(id: number, kind: EventKind, actor: EventActor, onDate: string, at: string): number {
      const row = insertEvent.get(id, kind, actor, onDate, at);
      if (!row) throw new Error("subscription event not recorded");
      return row.id;
    },
    event: (eventId: number) => event.get(eventId),
  };
}

export type SubscriptionsRepo = ReturnType<typeof subscriptionsRepo>;
