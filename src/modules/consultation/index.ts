import type { Config } from "../../config";
import type { ConsultationPlace } from "../../contracts/firm";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { PersonOf } from "../desk";
import {
  clientAudit,
  engagementFacts,
  engagementLifecycle,
  portalMailLinks,
  type RequirePortalSession,
} from "../engagements";
import type { ConsultationClock } from "./lib/slots";
import { type ConsultationMail, consultationMailRenderers } from "./mail";
import { consultationsRepo } from "./repo/consultations";
import { consultationPortalRoutes, consultationStaffRoutes } from "./routes";
import { type ConsultationOutbox, createConsultationService } from "./service";

export type { ConsultationClock } from "./lib/slots";

/**
 * The consultation feature as the app composes it (ADR 170): the portal's routes, the desk's routes and its
 * mail. The clock is the desk's business clock; the portal session and who a request is from come from their
 * features through the app.
 */
export function createConsultation(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  clock: ConsultationClock;
  outbox: ConsultationOutbox & {
    register(
      kind: string,
      render: (mail: { id: number; kind: string; refId: number | null }) => ConsultationMail | null,
    ): void;
  };
  /** The engagement of the request's portal session, or the portal's 401 (src/modules/engagements). */
  requireSession: RequirePortalSession;
  personOf: PersonOf;
  /** How the firm holds its consultations (the firm's setting): the portal shows it, the invitation's LOCATION. */
  place: () => ConsultationPlace | null;
  now: () => Date;
}) {
  const { now } = deps;
  const { db } = deps.store;
  const service = createConsultationService({
    ...deps,
    db,
    engagements: engagementFacts(db),
    lifecycle: engagementLifecycle(deps.store),
    now,
  });
  for (const [kind, render] of Object.entries(
    consultationMailRenderers(
      deps.config,
      service,
      deps.personOf,
      deps.place,
      portalMailLinks(deps.store, deps.config, deps.now),
    ),
  ))
    deps.outbox.register(kind, render);
  return {
    service,
    portalRoutes: consultationPortalRoutes({
      service,
      requireEngagement: deps.requireSession,
      place: deps.place,
      audited: clientAudit(deps.store, deps.config.trustProxy, now),
      phoneOf: (engagementId) => {
        const e = engagementFacts(db).byId(engagementId);
        return (e && deps.personOf(e.submissionId)?.phone) || null;
      },
    }),
    staffRoutes: consultationStaffRoutes({ service, auth: deps.auth }),
  };
}

/**
 * A request's consultations as a data-rights export shows them (issue 20, data rights): every booking, live or
 * cancelled, with its start, its status, when it was booked and cancelled, and each booking, move and cancel
 * with its time. Empty when the request has none.
 */
export function consultationRecord(store: DataStore, submissionId: number) {
  const { db } = store;
  const repo = consultationsRepo(db);
  const engagement = engagementFacts(db).ofSubmission(submissionId);
  const bookings = engagement ? repo.everyBookingOf(engagement.id) : [];
  return bookings.map(({ id, startsAt, bookedAt, cancelledAt }) => ({
    startsAt,
    status: cancelledAt === null ? ("booked" as const) : ("cancelled" as const),
    bookedAt,
    cancelledAt,
    changes: repo.changesOf(id),
  }));
}
