import { Elysia } from "elysia";
import * as v from "valibot";
import { LetterSendSchema } from "../../../contracts/portal";
import { actorFrom, parseId, requireId } from "../../../http/admin-http";
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
  const { staff, access } = deps.service;
  const PreviewQuery = v.object({ dated: v.optional(v.string()) });
  const DeviceParams = v.object({ id: v.string(), deviceId: v.string() });
  const PasskeyParams = v.object({ id: v.string(), passkeyId: v.string() });
  const actor = actorFrom(deps.trustProxy);
  return (
    new Elysia({ name: "engagement-staff", prefix: "/api/admin/submissions/:id/engagement" })
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
        async ({ params, query }) =>
          letterDownload(await staff.letter(requireId(params.id), query.dated), "engagement-letter.pdf"),
        { params: SubmissionParams, query: PreviewQuery },
      )
      // A look before sending (issue 44): the letter a send would freeze now, named by its SHA-256.
      .get("/preview", ({ params }) => staff.preview(requireId(params.id)), { params: SubmissionParams })
      .post(
        "/send",
        async ({ admin, request, server, params, body }) => ({
          status: "sent",
          linkExpiresAt: await staff.send(requireId(params.id), actor(admin, request, server), body ?? {}),
        }),
        { params: SubmissionParams, body: v.optional(LetterSendSchema) },
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
      )
      // The client's ways back (ADR 299): devices kept signed in and passkeys, each ended from here at once.
      .get("/access", ({ params }) => access.deskView(requireId(params.id)), { params: SubmissionParams })
      .delete(
        "/access/devices/:deviceId",
        ({ admin, request, server, params }) =>
          access.endDevice(requireId(params.id), parseId(params.deviceId), actor(admin, request, server)),
        { params: DeviceParams },
      )
      .delete(
        "/access/passkeys/:passkeyId",
        ({ admin, request, server, params }) =>
          access.removePasskey(
            requireId(params.id),
            parseId(params.passkeyId),
            actor(admin, request, server),
          ),
        { params: PasskeyParams },
      )
  );
}
