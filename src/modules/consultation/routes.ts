import { Elysia } from "elysia";
import { PORTAL_MESSAGES } from "../../contracts/portal";
import { type Outcome, parseId, send } from "../../http/admin-http";
import type { Auth } from "../auth";
import type { ConsultationService } from "./service";

export const CONSULTATION_API = "/api/portal/consultation";
export const UPCOMING_CONSULTATIONS_API = "/api/admin/consultations/upcoming";

const signedOut: Outcome = { status: 401, body: { error: PORTAL_MESSAGES.signedIn } };
const noStore = (set: { headers: Record<string, unknown> }) => {
  set.headers["cache-control"] = "no-store";
};

/**
 * The client's consultation. Guard, parse, act: every route finds the engagement from the portal session
 * only, so one engagement's session can neither see nor change another's booking.
 */
export function consultationPortalRoutes(deps: {
  service: ConsultationService;
  sessionOf: (request: Request) => number | null;
}) {
  const { service, sessionOf } = deps;
  const withSession = (request: Request, act: (engagementId: number) => Outcome) => {
    const id = sessionOf(request);
    return id === null ? signedOut : act(id);
  };
  return new Elysia({ name: "portal-consultation", prefix: CONSULTATION_API })
    .get("/slots", ({ request, query, set }) => {
      noStore(set);
      return send(
        set,
        withSession(request, (id) => service.slots(id, query.tz)),
      );
    })
    .get("/", ({ request, query, set }) => {
      noStore(set);
      return send(
        set,
        withSession(request, (id) => service.current(id, query.tz)),
      );
    })
    .post("/", ({ request, query, body, set }) =>
      send(
        set,
        withSession(request, (id) => service.book(id, body, query.tz)),
      ),
    )
    .patch("/", ({ request, query, body, set }) =>
      send(
        set,
        withSession(request, (id) => service.move(id, body, query.tz)),
      ),
    )
    .delete("/", ({ request, set }) =>
      send(
        set,
        withSession(request, (id) => service.cancel(id)),
      ),
    );
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
    .get("/api/admin/submissions/:id/consultation", ({ params, set }) => {
      noStore(set);
      const id = parseId(params.id);
      if (id === null) return send(set, { status: 404, body: { error: "Not found" } });
      return { consultation: service.ofSubmission(id) };
    });
}
