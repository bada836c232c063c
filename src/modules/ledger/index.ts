import type { Auth } from "../auth";
import { ledgerRoutes } from "./routes";
import { createLedgerService, type LedgerDeps } from "./service";

export type { LedgerEntry, LedgerKind, LedgerView, PaymentDue, RetainerView, Standing } from "./model";
export { paymentDue, standingAsOf, summarize, timeAmountCents } from "./model";
export type { ChargeFact, LedgerService, PaymentFact } from "./service";
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
    /** What the portal tells the ledger (a signature: a flat fee owed; each payment) and asks of it (what is due). */
    portalHooks: { signed: service.signed, paid: service.paid, due: service.due },
    charged: service.charged,
    routes: ledgerRoutes({ service, auth: deps.auth, trustProxy: deps.trustProxy }),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
