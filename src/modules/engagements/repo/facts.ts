import { engagementStage, type LifecycleState, type RoundState } from "../../../contracts/lifecycle";
import type { EngagementStatus, FeeKind, SignerRole } from "../../../contracts/portal";
import type { Database } from "../../../db/index";
import type { DataStore } from "../../../store";
import { contactSubmissions } from "../../desk";

/** What other features may know of an engagement: its request, its state and when its report was delivered. */
export type EngagementFacts = {
  id: number;
  submissionId: number;
  status: EngagementStatus;
  deliveredAt: string | null;
  /** The terms the ledger bills by (issue 30): the fee, its kind, the hourly rate; and when it was signed. */
  feeKind: FeeKind;
  feeCents: number;
  hourlyRateCents: number | null;
  signedAt: string | null;
  /** When the client consented to electronic records: the step between sent and signed. */
  consentedAt: string | null;
  /** What stopped a sent letter's round (ADR 297), or null. */
  roundState: RoundState | null;
};

/** How far an engagement has come, for the desk's list: each step's time, null until it is taken. */
export type EngagementProgress = {
  id: number;
  submissionId: number;
  status: EngagementStatus;
  feeKind: FeeKind;
  sentAt: string | null;
  signedAt: string | null;
  workStartedAt: string | null;
  deliveredAt: string | null;
  /** What stopped the round (ADR 297), and the signers in order with whether each has signed (ADR 305). */
  roundState?: RoundState | null;
  parties?: { role: SignerRole; signed: boolean }[];
};

/** A report the firm owes on a request: when it is due. */
export type OpenDelivery = { submissionId: number; deliveryDueAt: string };

const FACTS = `id, submission_id AS submissionId, status, delivered_at AS deliveredAt, fee_kind AS feeKind,
  fee_cents AS feeCents, hourly_rate_cents AS hourlyRateCents, signed_at AS signedAt, consented_at AS consentedAt,
  round_state AS roundState`;

/**
 * The engagements as the features serving them (documents, consultation) read them: no personal data, so no
 * decryption, and one query for a list's worth of engagements.
 */
export function engagementFacts(db: Database) {
  const byId = db.prepare<EngagementFacts, [number]>(`SELECT ${FACTS} FROM engagements WHERE id = ?`);
  const bySubmission = db.prepare<EngagementFacts, [number]>(
    `SELECT ${FACTS} FROM engagements WHERE submission_id = ?`,
  );
  const every = db.prepare<EngagementFacts, []>(`SELECT ${FACTS} FROM engagements ORDER BY id`);
  const after = db.prepare<EngagementFacts, [number, number]>(
    `SELECT ${FACTS} FROM engagements WHERE id > ? ORDER BY id LIMIT ?`,
  );
  const submissionsOf = db.prepare<{ id: number; submissionId: number }, [string]>(
    "SELECT id, submission_id AS submissionId FROM engagements WHERE id IN (SELECT value FROM json_each(?))",
  );
  const open = db.prepare<OpenDelivery, [string | null, string | null]>(
    `SELECT submission_id AS submissionId, delivery_due_at AS deliveryDueAt FROM engagements
     WHERE delivery_due_at IS NOT NULL AND delivered_at IS NULL AND (?1 IS NULL OR delivery_due_at <= ?1)
       AND (?2 IS NULL OR submission_id IN (SELECT value FROM json_each(?2)))
     ORDER BY delivery_due_at, submission_id`,
  );
  const progress = db.prepare<EngagementProgress, [string]>(
    `SELECT id, submission_id AS submissionId, status, fee_kind AS feeKind, sent_at AS sentAt, signed_at AS signedAt,
       work_started_at AS workStartedAt, delivered_at AS deliveredAt, round_state AS roundState
     FROM engagements WHERE submission_id IN (SELECT value FROM json_each(?))`,
  );
  // Role and signing time are not personal: the list reads who is awaited without decrypting anything.
  const partiesOf = db.prepare<{ engagementId: number; role: SignerRole; signed: number }, [string]>(
    `SELECT engagement_id AS engagementId, role, signed_at IS NOT NULL AS signed FROM engagement_signers
     WHERE engagement_id IN (SELECT value FROM json_each(?)) ORDER BY engagement_id, position`,
  );
  const delivered = db.prepare<never, [string, number]>(
    "UPDATE engagements SET delivered_at = coalesce(delivered_at, ?) WHERE id = ?",
  );
  return {
    byId: (engagementId: number): EngagementFacts | null => byId.get(engagementId),
    ofSubmission: (submissionId: number): EngagementFacts | null => bySubmission.get(submissionId),
    /** Every engagement, for the ledger's backfill. */
    all: (): EngagementFacts[] => every.all(),
    /** The next `limit` engagements after id `afterId`, by id: the backfill a batch at a time. */
    after: (afterId: number, limit: number): EngagementFacts[] => after.all(afterId, limit),
    /** Each engagement's request, by engagement id, for a list of engagements in one read. */
    submissionsOf(engagementIds: readonly number[]): Map<number, number> {
      if (engagementIds.length === 0) return new Map();
      const rows = submissionsOf.all(JSON.stringify([...new Set(engagementIds)]));
      return new Map(rows.map((r) => [r.id, r.submissionId]));
    },
    /**
     * Reports owed: engagements whose work clock runs and whose report is not delivered yet, soonest due first,
     * those due by `until` or of the requests named only when given. One read, whatever the desk shows.
     */
    openDeliveries: (opts: { until?: string; submissionIds?: readonly number[] } = {}): OpenDelivery[] =>
      open.all(opts.until ?? null, opts.submissionIds ? JSON.stringify([...opts.submissionIds]) : null),
    /** The engagements of these requests (a page of the desk's list) in one read. */
    progressOf(submissionIds: readonly number[]): EngagementProgress[] {
      if (submissionIds.length === 0) return [];
      const rows = progress.all(JSON.stringify([...submissionIds]));
      const parties = new Map<number, { role: SignerRole; signed: boolean }[]>();
      for (const p of partiesOf.all(JSON.stringify(rows.map((r) => r.id))))
        parties.set(p.engagementId, [
          ...(parties.get(p.engagementId) ?? []),
          { role: p.role, signed: p.signed === 1 },
        ]);
      return rows.map((r) => ({ ...r, parties: parties.get(r.id) ?? [] }));
    },
    /** The report is delivered: the first time only, later reports keep the first time. */
    markDelivered: (engagementId: number, at: string) => void delivered.run(at, engagementId),
  };
}

export type EngagementLookup = ReturnType<typeof engagementFacts>;

/**
 * Where a request and its engagement stand, as the lifecycle table reads them (src/contracts/lifecycle.ts,
 * ADR 278): the request's status and the engagement's stage. The subscription's state is the subscriptions
 * feature's to add where it asks (null here). Null when the engagement or its request is gone.
 */
export function engagementLifecycle(store: DataStore) {
  const facts = engagementFacts(store.db);
  const submissions = contactSubmissions(store);
  const stateOf = (e: EngagementFacts | null): LifecycleState | null => {
    const request = e ? submissions.statusOf(e.submissionId) : null;
    return e && request ? { request, engagement: engagementStage(e), subscription: null } : null;
  };
  return {
    ofEngagement: (engagementId: number) => stateOf(facts.byId(engagementId)),
    ofSubmission: (submissionId: number) => stateOf(facts.ofSubmission(submissionId)),
  };
}

export type EngagementLifecycle = ReturnType<typeof engagementLifecycle>;
