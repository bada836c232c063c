import type { Config } from "../../config";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { FirmCalendar, PersonOf } from "../desk";
import { portalMailLinks, type RequirePortalSession } from "../engagements";
import type { MailOutbox } from "../mail";
import { createSubscriptionJobs } from "./jobs";
import { subscriptionMailRenderers } from "./mail";
import type { SweepReceipt } from "./model";
import { type RaisedCharge, subscriptionsRepo } from "./repo/subscriptions";
import { subscriptionDeskRoutes, subscriptionPortalRoutes, subscriptionStaffRoutes } from "./routes";
import { createSubscriptionsService } from "./service";

export { SUBSCRIPTIONS_HELP, subscriptionsCli } from "./cli";
export type { Cadence, SubscriptionState, SubscriptionView, SweepReceipt } from "./model";
export { longDate, NOTICE_DAYS, SubjectsSchema } from "./model";
export {
  type ActingParty,
  SUBSCRIPTION_CLIENT_MAIL,
  SUBSCRIPTION_DESK_MAIL,
  type SubscriptionsService,
  type Target,
} from "./service";

/**
 * Judgment Intel's subscription as the app composes it (issue 29; ADRs 246 and 247): its service (what the
 * engagement calls once the letter is signed and paid, and for each later payment and sweep report), the
 * desk's and the client's routes, its two mails and its daily job. The calendar is the desk's business clock;
 * the portal session and who a request is from come from their features through the app.
 */
export function createSubscriptions(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  calendar: FirmCalendar;
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake">;
  /** The engagement of the request's portal session, or the portal's 401 (src/modules/engagements). */
  requireSession: RequirePortalSession;
  personOf: PersonOf;
  logger: Logger;
  now: () => Date;
  /** Each sweep report's receipt, from the documents feature. */
  receipts?: (engagementId: number) => readonly SweepReceipt[];
  /** Each month raised, for the ledger (issue 30). */
  charged?: (charge: RaisedCharge) => void;
  /** The months the ledger's payments cover: the ledger is the only record of what was paid (ADR 285). */
  paidThrough?: (engagementId: number, months: readonly { from: string; to: string }[]) => string | null;
}) {
  const service = createSubscriptionsService(deps);
  const mails = subscriptionMailRenderers(
    deps.config,
    service,
    deps.personOf,
    portalMailLinks(deps.store, deps.config, deps.now),
  );
  for (const [kind, render] of Object.entries(mails)) deps.outbox.register(kind, render);
  return {
    service,
    jobs: createSubscriptionJobs({ ...deps, service }),
    staffRoutes: subscriptionStaffRoutes({ service, auth: deps.auth, trustProxy: deps.config.trustProxy }),
    deskRoutes: subscriptionDeskRoutes({
      service,
      auth: deps.auth,
      referenceOf: (id) => deps.personOf(id)?.reference ?? null,
    }),
    portalRoutes: subscriptionPortalRoutes({
      service,
      requireEngagement: deps.requireSession,
      trustProxy: deps.config.trustProxy,
    }),
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
export type { RaisedCharge };

/**
 * A monthly engagement's first month (its subscription's monthly amount, 0 without one): the letter asks it on
 * engagement, from the signature until the ledger bills a month (what is due, issue 30). The ledger tells when
 * that was from its own entries (a month raised is a charge dated its first day), so a statement through a
 * past day asks it as that day stood (ADR 282).
 */
export const firstMonthAsked = (store: DataStore) => {
  const repo = subscriptionsRepo(store);
  return (engagementId: number): number => {
    const s = repo.byEngagement(engagementId);
    return s ? s.monthlyCents : 0;
  };
};

/** Every month raised so far, with its engagement: the ledger's backfill (issue 30). */
export const raisedCharges = (store: DataStore): RaisedCharge[] => subscriptionsRepo(store).allCharges();
/** The months raised after charge `afterId`, `limit` of them, each with its charge's id: the backfill in batches. */
export const raisedChargesAfter = (store: DataStore) => {
  const repo = subscriptionsRepo(store);
  return (afterId: number, limit: number) => repo.chargesAfter(afterId, limit);
};
