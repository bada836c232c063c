import { Elysia } from "elysia";
import { actorFrom, requireId } from "../../../http/admin-http";
import type { Auth } from "../../auth";
import { EngagementDraftSchema, PaymentSchema, SubmissionParams } from "../model";
import type { PortalService } from "../service";
import { letterDownload } from "./letter-download";

/**
 * The desk's side of the engagement, under the request it belongs to: prepare, preview, send, withdraw to
 * change the terms, record payments.
 */
export function engagementStaffRoutes(deps: {
  auth: Pick<Auth, "requireAdmin">;
  service: PortalService;
  trustProxy: boolean;
}) {
  const { staff } = deps.service;
  const actor = actorFrom(deps.trustProxy);
  return new Elysia({ name: "engagement-staff", prefix: "/api/admin/submissions/:id/engagement" })
    .use(deps.auth.requireAdmin)
    .get("/", ({ params }) => staff.get(requireId(params.id)), { params: SubmissionParams })
    .put(
      "/",
      ({ admin, request, server, params, body }) => ({
        engagement: staff.saveDraft(requireId(params.id), body, actor(admin, request, server)),
      }),
      {
        params: SubmissionParams,
        body: EngagementDraftSchema,
        // The id is checked before the body (the hook runs ahead of the schema): an unknown request is the 404.
        transform: ({ params }) => staff.requireRequest(requireId(params.id)),
      },
    )
    .get(
      "/letter.pdf",
      async ({ params }) => letterDownload(await staff.letter(requireId(params.id)), "engagement-letter.pdf"),
      { params: SubmissionParams },
    )
    .post(
      "/send",
      async ({ admin, request, server, params }) => ({
        status: "sent",
        linkExpiresAt: await staff.send(requireId(params.id), actor(admin, request, server)),
      }),
      { params: SubmissionParams },
    )
    .post(
      "/countersign",
      async ({ admin, request, server, params }) => ({
        engagement: await staff.countersign(
          requireId(params.id),
          actor(admin, request, server),
          (request.headers.get("user-agent") ?? "unknown").slice(0, 400),
        ),
      }),
      { params: SubmissionParams },
    )
    .post(
      "/withdraw",
      ({ admin, request, server, params }) => ({
        engagement: staff.withdraw(requireId(params.id), actor(admin, request, server)),
      }),
      { params: SubmissionParams },
    )
    .post(
      "/payments",
      ({ admin, request, server, params, body, set }) => {
        const engagement = staff.recordPayment(requireId(params.id), body, actor(admin, request, server));
        set.status = 201;
        return { engagement };
      },
      {
        params: SubmissionParams,
        body: PaymentSchema,
        // The request, its engagement and the lifecycle's 409 (ADR 278) come before the body is read.
        transform: ({ params }) => {
          staff.requireEngagement(requireId(params.id));
          staff.requireAllowed(requireId(params.id), "record-payment");
        },
      },
    );
}
