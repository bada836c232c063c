import type { LedgerEntry, LedgerKind } from "../../../contracts/ledger";
import type { Sealed } from "../../../store";

/** An entry as written: its engagement, and the source that makes a hook's or a job's write happen once. */
export type NewEntry = {
  engagementId: number;
  source: string | null;
  on: string;
  kind: LedgerKind;
  description: string;
  amountCents: number;
  minutes?: number;
  rateCents?: number;
  documentId?: string;
  corrects?: number;
  by?: string;
  /** A processor's payment: what was paid ("stripe:cs_…", "stripe:pi_…"), each written once (migration 039). */
  processorObject?: string;
  processorIntent?: string | null;
};

type Stored = {
  id: number;
  number: number;
  engagementId: number;
  on: string;
  kind: LedgerKind;
  description: string;
  amountCents: number;
  minutes: number | null;
  by: string | null;
  corrects: number | null;
  documentId: string | null;
};

/** A dispute the processor opened on a payment: its entry and engagement when the ledger holds the payment. */
export type DisputeRow = {
  id: number;
  dispute: string;
  intent: string | null;
  engagementId: number | null;
  entryId: number | null;
  reason: string;
  openedOn: string;
};

/**
 * An entry's number is its place among its engagement's entries in the order they were recorded (ADR 292):
 * entries are never deleted one by one and ids only grow, so a number, once shown, names the same entry for good.
 */
const COLUMNS = `id, engagement_id AS engagementId, on_date AS "on", kind, description, amount_cents AS amountCents,
  minutes, recorded_by AS "by", corrects, document_id AS documentId,
  (SELECT COUNT(*) FROM ledger_entries AS earlier
    WHERE earlier.engagement_id = ledger_entries.engagement_id AND earlier.id <= ledger_entries.id) AS number`;

/**
 * The ledger's one table. Only inserts: the database refuses an update of any column (but the data key's
 * rotation of the description) or a delete (migrations 032 and 040). The description is staff's words about a
 * client's matter: encrypted on write, decrypted on read.
 */
export function ledgerRepo({ db, cipher }: Sealed) {
  const insert = db.prepare<
    { id: number },
    [
      number,
      string | null,
      string,
      string,
      string,
      number,
      number | null,
      number | null,
      string | null,
      number | null,
      string | null,
      string,
      string | null,
      string | null,
    ]
  >(
    // No conflict target: a source, a session or an intent written before each leave the entry unwritten.
    `INSERT INTO ledger_entries (engagement_id, source, on_date, kind, description, amount_cents, minutes,
       rate_cents, document_id, corrects, recorded_by, created_at, processor_object, processor_intent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id`,
  );
  const ofEngagement = db.prepare<Stored, [number]>(
    `SELECT ${COLUMNS} FROM ledger_entries WHERE engagement_id = ? ORDER BY on_date, id`,
  );
  const between = db.prepare<Stored, [string, string]>(
    `SELECT ${COLUMNS} FROM ledger_entries WHERE on_date BETWEEN ? AND ? ORDER BY on_date, id`,
  );
  const one = db.prepare<Stored, [number]>(`SELECT ${COLUMNS} FROM ledger_entries WHERE id = ?`);
  const bySource = db.prepare<Stored, [string]>(`SELECT ${COLUMNS} FROM ledger_entries WHERE source = ?`);
  const byProcessor = db.prepare<Stored, [string]>(
    `SELECT ${COLUMNS} FROM ledger_entries
     WHERE kind = 'payment' AND (processor_intent = ?1 OR processor_object = ?1) ORDER BY id LIMIT 1`,
  );
  const insertDispute = db.prepare<
    { id: number },
    [string, string | null, number | null, number | null, string, string, string]
  >(
    `INSERT INTO ledger_disputes (processor_dispute, processor_intent, engagement_id, entry_id, reason, opened_on,
       created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (processor_dispute) DO NOTHING RETURNING id`,
  );
  const disputeColumns = `id, processor_dispute AS dispute, processor_intent AS intent, engagement_id AS engagementId,
    entry_id AS entryId, reason, opened_on AS openedOn`;
  const disputesOf = db.prepare<DisputeRow, [number]>(
    `SELECT ${disputeColumns} FROM ledger_disputes WHERE engagement_id = ? ORDER BY opened_on, id`,
  );
  const allDisputes = db.prepare<DisputeRow, []>(
    `SELECT ${disputeColumns} FROM ledger_disputes ORDER BY opened_on, id`,
  );
  const withEntries = db.prepare<{ id: number }, []>(
    "SELECT DISTINCT engagement_id AS id FROM ledger_entries ORDER BY engagement_id",
  );

  const readable = (r: Stored): LedgerEntry & { engagementId: number } => ({
    id: r.id,
    number: r.number,
    engagementId: r.engagementId,
    on: r.on,
    kind: r.kind,
    description: cipher.decrypt(r.description),
    amountCents: r.amountCents,
    ...(r.minutes !== null ? { minutes: r.minutes } : {}),
    ...(r.by !== null ? { by: r.by } : {}),
    ...(r.corrects !== null ? { corrects: r.corrects } : {}),
    ...(r.documentId !== null ? { documentId: r.documentId } : {}),
  });

  return {
    /**
     * Writes the entry; answers its id, or null when its source, or the processor's session or intent it pays,
     * was written before (nothing changes).
     */
    add(e: NewEntry, at: string): number | null {
      const row = insert.get(
        e.engagementId,
        e.source,
        e.on,
        e.kind,
        cipher.encrypt(e.description),
        e.amountCents,
        e.minutes ?? null,
        e.rateCents ?? null,
        e.documentId ?? null,
        e.corrects ?? null,
        e.by ?? null,
        at,
        e.processorObject ?? null,
        e.processorIntent ?? null,
      );
      return row?.id ?? null;
    },
    byId: (id: number) => {
      const r = one.get(id);
      return r ? readable(r) : null;
    },
    /** The entry a source wrote (a hook's, or a form's key), or null. */
    bySource: (source: string) => {
      const r = bySource.get(source);
      return r ? readable(r) : null;
    },
    of: (engagementId: number) => ofEngagement.all(engagementId).map(readable),
    between: (from: string, to: string) => between.all(from, to).map(readable),
    /** The payment a processor's session or intent paid ("stripe:pi_…"), with its engagement; or null. */
    paymentByProcessor: (ref: string) => {
      const r = byProcessor.get(ref);
      return r ? readable(r) : null;
    },
    /** Records a dispute once; null when it was recorded before. */
    addDispute: (d: Omit<DisputeRow, "id">, at: string): number | null =>
      insertDispute.get(d.dispute, d.intent, d.engagementId, d.entryId, d.reason, d.openedOn, at)?.id ?? null,
    disputesOf: (engagementId: number) => disputesOf.all(engagementId),
    disputes: () => allDisputes.all(),
    /** Every engagement with at least one entry. */
    engagementIds: (): number[] => withEntries.all().map((r) => r.id),
  };
}

export type LedgerRepo = ReturnType<typeof ledgerRepo>;
