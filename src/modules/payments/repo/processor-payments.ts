import type { UnmatchedPayment } from "../../../contracts/payments";
import type { Sealed } from "../../../store";

/** A reported payment as stored: what the desk lists of it, and the event, its state and its request. */
export type ProcessorPaymentRow = Omit<UnmatchedPayment, "reason"> & {
  eventId: string;
  state: "recorded" | "unmatched" | "matched" | "dismissed";
  submissionId: number | null;
  receivedAt: string;
};

const COLUMNS = `id, processor, event_id AS eventId, object_id AS objectId, payment_intent AS paymentIntent,
  reference, amount_cents AS amountCents, currency, paid_on AS paidOn, payer, state,
  submission_id AS submissionId, received_at AS receivedAt`;

export type NewProcessorPayment = Omit<ProcessorPaymentRow, "id" | "state" | "submissionId">;

/** The processor's reported payments (processor_payments): the payer's e-mail is sealed as every address is. */
export function processorPaymentsRepo({ db, cipher }: Sealed) {
  const insert = db.prepare<{ id: number }, Record<string, string | number | null>>(
    `INSERT INTO processor_payments (processor, event_id, object_id, payment_intent, reference, amount_cents,
       currency, paid_on, payer, state, received_at)
     VALUES ($processor, $eventId, $objectId, $paymentIntent, $reference, $amountCents, $currency, $paidOn,
       $payer, 'unmatched', $receivedAt)
     ON CONFLICT (processor, event_id) DO NOTHING
     RETURNING id`,
  );
  const selectById = db.prepare<ProcessorPaymentRow, [number]>(
    `SELECT ${COLUMNS} FROM processor_payments WHERE id = ?`,
  );
  const selectPaying = db.prepare<{ id: number }, [string, string, string | null]>(
    `SELECT id FROM processor_payments
     WHERE processor = ?1 AND (object_id = ?2 OR (?3 IS NOT NULL AND payment_intent = ?3)) LIMIT 1`,
  );
  const selectUnmatched = db.prepare<ProcessorPaymentRow, []>(
    `SELECT ${COLUMNS} FROM processor_payments WHERE state = 'unmatched' ORDER BY received_at, id`,
  );
  const settle = db.prepare<never, [string, number | null, string | null, string | null, number]>(
    `UPDATE processor_payments SET state = ?, submission_id = ?, settled_by = ?, settled_at = ?
     WHERE id = ? AND state = 'unmatched'`,
  );
  const selectAll = db.prepare<ProcessorPaymentRow, []>(
    `SELECT ${COLUMNS} FROM processor_payments ORDER BY id`,
  );
  const clearPayer = db.prepare<never, [number]>(
    "UPDATE processor_payments SET payer = NULL WHERE id = ? AND state IN ('unmatched', 'dismissed')",
  );
  const open = (r: ProcessorPaymentRow): ProcessorPaymentRow => ({
    ...r,
    payer: cipher.decryptNullable(r.payer),
  });
  return {
    /** Stores an event's payment as unmatched; null when this event was stored before (a repeated delivery). */
    add(p: NewProcessorPayment): number | null {
      const row = insert.get({
        processor: p.processor,
        eventId: p.eventId,
        objectId: p.objectId,
        paymentIntent: p.paymentIntent,
        reference: p.reference,
        amountCents: p.amountCents,
        currency: p.currency,
        paidOn: p.paidOn,
        payer: cipher.encryptNullable(p.payer),
        receivedAt: p.receivedAt,
      });
      return row?.id ?? null;
    },
    /** Whether a payment of this session or of this PaymentIntent is stored already (under any event). */
    paying: (p: Pick<NewProcessorPayment, "processor" | "objectId" | "paymentIntent">): boolean =>
      selectPaying.get(p.processor, p.objectId, p.paymentIntent) !== null,
    byId: (id: number) => {
      const r = selectById.get(id);
      return r ? open(r) : null;
    },
    unmatched: () => selectUnmatched.all().map(open),
    /** Every reported payment, its payer readable: a data-rights request finds a person's by the address. */
    all: () => selectAll.all().map(open),
    /** Takes the payer's address off a payment no request holds (unmatched or dismissed); false otherwise. */
    clearPayer: (id: number): boolean => clearPayer.run(id).changes === 1,
    /** Settles an unmatched payment; false when it was settled already. */
    settle(
      id: number,
      to: {
        state: "recorded" | "matched" | "dismissed";
        submissionId: number | null;
        by: string | null;
        at: string;
      },
    ): boolean {
      return settle.run(to.state, to.submissionId, to.by, to.at, id).changes === 1;
    },
  };
}

export type ProcessorPaymentsRepo = ReturnType<typeof processorPaymentsRepo>;
