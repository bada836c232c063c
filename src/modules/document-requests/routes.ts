import { Elysia } from "elysia";
import * as v from "valibot";
import {
  DOCUMENT_REQUEST_TEMPLATES_API,
  DOCUMENT_REQUESTS_OVERVIEW_API,
  DOCUMENT_REQUEST_MESSAGES as M,
  PORTAL_DOCUMENT_REQUESTS_API,
} from "../../contracts/document-requests";
import { SUBMISSIONS_API } from "../../contracts/submissions";
import { requireId } from "../../http/admin-http";
import { invalidInput } from "../../http/errors";
import type { Auth } from "../auth";
import type { RequirePortalSession } from "../engagements";
import {
  EditItemBody,
  ItemParams,
  NewItemsBody,
  PauseBody,
  PortalItemParams,
  ReviseBody,
  ServiceParams,
  SubmissionParams,
  TemplateBody,
  UnavailableBody,
} from "./model";
import type { DocumentRequestsService } from "./service";

const noStore = (set: { headers: Record<string, unknown> }) => {
  set.headers["cache-control"] = "no-store";
};

/**
 * The desk's side of a request's document list: the list with its files and history, new items, an item edited,
 * withdrawn, accepted, sent back or waived, the reminders paused; the templates' screen; the desk's overview.
 * Guard, parse, act: the session and its capability first (src/contracts/roles.ts), then the body, then the service.
 */
export function documentRequestStaffRoutes(deps: {
  service: DocumentRequestsService;
  auth: Pick<Auth, "requireAdmin">;
}) {
  const { service } = deps;
  const submission = (raw: string) => requireId(raw);
  const item = (raw: string) => requireId(raw, M.noItem);
  const list = new Elysia({ name: "document-requests-staff", prefix: SUBMISSIONS_API })
    .use(deps.auth.requireAdmin)
    .get(
      "/:id/document-requests",
      ({ params, set }) => {
        noStore(set);
        return service.staffView(submission(params.id));
      },
      { params: SubmissionParams },
    )
    .post(
      "/:id/document-requests",
      ({ admin, params, body, set }) => {
        const added = service.add(submission(params.id), body.items, admin.id);
        set.status = 201;
        return added;
      },
      { params: SubmissionParams, body: NewItemsBody },
    )
    .patch(
      "/:id/document-requests/:itemId",
      ({ admin, params, body }) => {
        service.edit(submission(params.id), item(params.itemId), body, admin.id);
        return { ok: true };
      },
      { params: ItemParams, body: EditItemBody },
    )
    .delete(
      "/:id/document-requests/:itemId",
      ({ admin, params }) => {
        service.withdraw(submission(params.id), item(params.itemId), admin.id);
        return { ok: true };
      },
      { params: ItemParams },
    )
    .post(
      "/:id/document-requests/:itemId/accept",
      ({ admin, params }) => {
        service.accept(submission(params.id), item(params.itemId), admin.id);
        return { ok: true };
      },
      { params: ItemParams },
    )
    .post(
      "/:id/document-requests/:itemId/revise",
      ({ admin, params, body }) => {
        service.revise(submission(params.id), item(params.itemId), body.reason, admin.id);
        return { ok: true };
      },
      { params: ItemParams, body: ReviseBody },
    )
    .post(
      "/:id/document-requests/:itemId/waive",
      ({ admin, params }) => {
        service.waive(submission(params.id), item(params.itemId), admin.id);
        return { ok: true };
      },
      { params: ItemParams },
    )
    .put(
      "/:id/document-requests/reminders",
      ({ admin, params, body }) => {
        service.setRemindersPaused(submission(params.id), body.paused, admin.id);
        return { paused: body.paused };
      },
      { params: SubmissionParams, body: PauseBody },
    );
  const templates = new Elysia({ name: "document-request-templates" })
    .use(deps.auth.requireAdmin)
    .get(DOCUMENT_REQUEST_TEMPLATES_API, ({ set }) => {
      noStore(set);
      return { templates: service.templates() };
    })
    .put(
      `${DOCUMENT_REQUEST_TEMPLATES_API}/:service`,
      ({ params, body }) => ({ template: service.replaceTemplate(params.service, body.items) }),
      { params: ServiceParams, body: TemplateBody },
    )
    .get(DOCUMENT_REQUESTS_OVERVIEW_API, ({ set }) => {
      noStore(set);
      return { engagements: service.overview() };
    });
  return new Elysia({ name: "document-requests-admin" }).use(list).use(templates);
}

/**
 * The client's list ("What we need from you"): found from the portal session's engagement only, so an item of
 * another engagement answers as one that does not exist (404).
 */
export function documentRequestPortalRoutes(deps: {
  service: DocumentRequestsService;
  requireSession: RequirePortalSession;
}) {
  const { service, requireSession } = deps;
  return new Elysia({ name: "document-requests-portal", prefix: PORTAL_DOCUMENT_REQUESTS_API })
    .get("/", ({ request, set }) => {
      noStore(set);
      return service.portalView(requireSession(request));
    })
    .post(
      "/:itemId/unavailable",
      ({ request, params, body }) => {
        // Guard, find, then parse: another engagement's item is not found whatever the body says.
        const engagementId = requireSession(request, "answer-request");
        const itemId = requireId(params.itemId, M.noItem);
        service.requireItem(engagementId, itemId);
        const parsed = v.safeParse(UnavailableBody, body);
        if (!parsed.success) invalidInput(parsed.issues);
        service.unavailable(engagementId, itemId, parsed.output.note);
        return { ok: true };
      },
      { params: PortalItemParams },
    );
}
