import { Elysia } from "elysia";
import type { ConsultationPlace } from "../../contracts/firm";
import { requireId } from "../../http/admin-http";
import type { PeerAddressSource } from "../../http/client-address";
import type { Auth } from "../auth";
import type { ClientAudit, RequirePortalSession } from "../engagements";
import { StartBody, SubmissionParams, ZoneQuery } from "./model";
import type { ConsultationService } from "./service";

export const CONSULTATION_API = "/api/portal/consultation";
export const UPCOMING_CONSULTATIONS_API = "/api/admin/consultations/upcoming";

const noStore = (set: { headers: Record<string, unknown> }) => {
  set.headers["cache-control"] = "no-store";
};

/**
 * The client's consultation. Guard, parse, act: every route finds the engagement from the portal session
 * only, so one engagement's session can neither see nor change another's booking.
 */
export function consultationPortalRoutes(deps: {
  service: ConsultationService;
  /** The engagement of the request's portal session, or the portal's 401. */
  requireEngagement: RequirePortalSession;
  /** How the firm holds its consultations (a phone number or a video link), null until it says. */
  place: () => ConsultationPlace | null;
  /** The client's booking, move or cancellation in the audit log, under their name (src/modules/engagements). */
  audited?: ClientAudit;
  /** The number the client gave, which the firm calls while it has set no place (issue 44). */
  phoneOf?: (engagementId: number) => string | null;
}) {
  const { service, requireEngagement } = deps;
  /** The action done, then audited under the client: a refused one is not an action. */
  const asClient = <T>(
    request: Request,
    server: PeerAddressSource,
    engagementId: number,
    event: string,
    done: T,
  ): T => {
    deps.audited?.(request, server, engagementId, event);
    return done;
  };
  return new Elysia({ name: "portal-consultation", prefix: CONSULTATION_API })
    .get(
      "/slots",
      ({ request, query, set }) => {
        noStore(set);
        return service.slots(requireEngagement(request), query.tz);
      },
      { query: ZoneQuery },
    )
    .get(
      "/",
      ({ request, query, set }) => {
        noStore(set);
        const id = requireEngagement(request);
        const place = deps.place();
        // Until the firm sets a place, it calls the client: the page says at which of their numbers.
        return {
          ...service.current(id, query.tz),
          place,
          callsYouAt: place ? null : (deps.phoneOf?.(id) ?? null),
        };
      },
      { query: ZoneQuery },
    )
    .post(
      "/",
      ({ request, server, query, body, set }) => {
        const id = requireEngagement(request, "book");
        const booked = service.book(id, body.start, query.tz);
        set.status = 201;
        return asClient(request, server, id, "consultation.booked", booked);
      },
      {
        query: ZoneQuery,
        body: StartBody,
        // Signed out comes first (the hook runs ahead of the schema): 401, whatever was sent; then the
        // lifecycle's 409 (ADR 278).
        transform: ({ request }) => void requireEngagement(request, "book"),
      },
    )
    .patch(
      "/",
      ({ request, server, query, body }) => {
        const id = requireEngagement(request);
        return asClient(request, server, id, "consultation.moved", service.move(id, body.start, query.tz));
      },
      {
        query: ZoneQuery,
        body: StartBody,
        // Signed out comes first (the hook runs ahead of the schema): 401, whatever was sent.
        transform: ({ request }) => void requireEngagement(request),
      },
    )
    .delete("/", ({ request, server }) => {
      const id = requireEngagement(request);
      return asClient(request, server, id, "consultation.cancelled", service.cancel(id));
    });
}

/** The desk's view: upcoming consultations for the dashboard, and a request's booking for its detail. */
export function consultationStaffRoutes(deps: {
  service: ConsultationService;
  auth: Pick<Auth, "requireAdmin">;
}) {
  const { service } = deps;
  return new Elysia({ name: "consultation-staff" })
    .use(deps.auth.requireAdmin)
    .get(UPCOMING_CONSULTATIONS_API, ({ set }) => {
      noStore(set);
      return { consultations: service.upcoming() };
    })
    .get(
      "/api/admin/submissions/:id/consultation",
      ({ params, set }) => {
        noStore(set);
        return { consultation: service.ofSubmission(requireId(params.id)) };
      },
      { params: SubmissionParams },
    );
}
