import type { Auth } from "../auth";
import { ledgerRoutes } from "./routes";
import { createLedgerService, type LedgerDeps } from "./service";

export type {
  LedgerEntry,
  LedgerKind,
  LedgerView,
  MoneyView,
  MonthRaised,
  PaymentDispute,
  PaymentDue,
  RetainerView,
  Standing,
} from "./model";
export {
  dayPaidReaching,
  lastPayment,
  paidCents,
  paidThrough,
  paymentDue,
  standingAsOf,
  sumCents,
  summarize,
  timeAmountCents,
} from "./model";
export type { ChargeFact, DisputeFact, LedgerService, PaymentFact, RefundFact } from "./service";
/** The ledger without its routes: what an operator's command reads (`tracewell statements`). */
export { createLedgerService, PaymentRecordedError } from "./service";

/**
 * The engagement's ledger as the app composes it (issue 30; ADRs 252 and 253): its service, the hooks the portal
 * and the subscriptions call in their own writes, the desk's routes and the accountant's file. The calendar is
 * the desk's business clock (the firm's days).
 *
 * What other features use (the statements feature):
 * - `view(engagementId)`: `{ entries, balanceCents, retainer }`, entries by day then as written;
 * - `due(engagementId)`: what is due and by when, the one figure the portal shows;
 * - `asOf(engagementId, day)`: every figure as of the end of a day, from the entries dated up to it (a
 *   statement's);
 */
export function createLedger(deps: LedgerDeps & { auth: Pick<Auth, "requireAdmin">; trustProxy: boolean }) {
  const service = createLedgerService(deps);
  return {
    service,
    view: service.view,
    due: service.due,
    asOf: service.asOf,
    engagementIds: service.engagementIds,
    /**
     * What the portal tells the ledger (a signature: a flat fee owed; each payment) and asks of it: what is due
     * and owed, what was paid, the engagement's money as both sides show it (ADR 285).
     */
    portalHooks: {
      signed: service.signed,
      paid: service.paid,
      due: service.due,
      owed: service.owed,
      money: service.money,
      paidCents: service.paidCents,
      dayPaidReaching: service.dayPaidReaching,
    },
    charged: service.charged,
    /** A subscription's months as paid through, from the ledger's payments and charges. */
    paidThrough: service.paidThrough,
    /** What the processor's webhook tells the ledger besides a payment: a refund, a dispute. */
    processorHooks: { refunded: service.refunded, disputed: service.disputed, disputes: service.disputes },
    routes: ledgerRoutes({ service, auth: deps.auth, trustProxy: deps.trustProxy }),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
