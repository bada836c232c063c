import { Elysia } from "elysia";
import { SUBMISSIONS_API } from "../../contracts/submissions";
import type { SweepsDue } from "../../contracts/subscriptions";
import { actorFrom, requireId } from "../../http/admin-http";
import { clientAddress, type PeerAddressSource } from "../../http/client-address";
import type { Auth } from "../auth";
import type { RequirePortalSession } from "../engagements";
import { SUBSCRIPTION_MESSAGES, SubmissionParams, type SubscriptionAction } from "./model";
import type { SubscriptionsService } from "./service";

export const PORTAL_SUBSCRIPTION_API = "/api/portal/subscription";
const STAFF_API = SUBMISSIONS_API;
/** What a staff action reads of its request: the admin the guard found, where they came from, the path. */
type StaffContext = {
  admin: { id: number; username: string };
  request: Request;
  server: PeerAddressSource;
  params: { id: string };
};

const noStore = (set: { headers: Record<string, unknown> }) => {
  set.headers["cache-control"] = "no-store";
};

/** The desk's view of a request's subscription and its three actions, audited under the admin's name. */
export function subscriptionStaffRoutes(deps: {
  service: SubscriptionsService;
  auth: Pick<Auth, "requireAdmin">;
  trustProxy: boolean;
}) {
  const { service } = deps;
  const actor = actorFrom(deps.trustProxy);
  const idOf = (raw: string) => requireId(raw, SUBSCRIPTION_MESSAGES.none);
  const act =
    (action: SubscriptionAction) =>
    ({ admin, request, server, params }: StaffContext) =>
      service.act(
        action,
        { submissionId: idOf(params.id) },
        { by: "staff", actor: actor(admin, request, server) },
      );
  return new Elysia({ name: "subscriptions-staff", prefix: STAFF_API })
    .use(deps.auth.requireAdmin)
    .get(
      "/:id/subscription",
      ({ params, set }) => {
        noStore(set);
        return service.viewForSubmission(idOf(params.id));
      },
      { params: SubmissionParams },
    )
    .post("/:id/subscription/pause", act("pause"), { params: SubmissionParams })
    .post("/:id/subscription/resume", act("resume"), { params: SubmissionParams })
    .post("/:id/subscription/cancel", act("cancel"), { params: SubmissionParams });
}

/** Days ahead the dashboard counts a sweep as due soon: two working weeks. */
export const SWEEPS_SOON_DAYS = 14;

/** The desk's dashboard: the sweeps owed or coming soon, beside the delivery clock. */
export function subscriptionDeskRoutes(deps: {
  service: SubscriptionsService;
  auth: Pick<Auth, "requireAdmin">;
  referenceOf: (submissionId: number) => string | null;
}) {
  const { service, referenceOf } = deps;
  return new Elysia({ name: "subscriptions-desk", prefix: "/api/admin/subscriptions" })
    .use(deps.auth.requireAdmin)
    .get("/sweeps", ({ set }): SweepsDue => {
      noStore(set);
      const { today, sweeps } = service.sweepsDue(SWEEPS_SOON_DAYS);
      return {
        today,
        soonDays: SWEEPS_SOON_DAYS,
        sweeps: sweeps.map((w) => ({ ...w, reference: referenceOf(w.submissionId) ?? "" })),
      };
    });
}

/**
 * The client's three actions. Each finds the engagement from the portal session only, so one engagement's
 * session can neither see nor change another's subscription.
 */
export function subscriptionPortalRoutes(deps: {
  service: SubscriptionsService;
  /** The engagement of the request's portal session, or the portal's 401. */
  requireEngagement: RequirePortalSession;
  trustProxy: boolean;
}) {
  const { service, requireEngagement } = deps;
  const act =
    (action: SubscriptionAction) =>
    ({ request, server }: { request: Request; server: PeerAddressSource }) =>
      service.act(
        action,
        { engagementId: requireEngagement(request, action) },
        { by: "client", clientAddress: clientAddress(request, server, deps.trustProxy) },
      );
  return new Elysia({ name: "subscriptions-portal", prefix: PORTAL_SUBSCRIPTION_API })
    .post("/pause", act("pause"))
    .post("/resume", act("resume"))
    .post("/cancel", act("cancel"));
}
