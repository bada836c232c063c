import type { Database } from "bun:sqlite";
import { Elysia } from "elysia";
import type { Config } from "../../config";
import { actorFrom, attachment, send } from "../../http/admin-http";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail";
import type { DueService } from "./due-service";
import { parseId } from "./model";
import { deskReplyRenderer } from "./reply-mail";
import { DESK_REPLY_MAIL } from "./repo/submission-replies";
import { createSubmissionsService } from "./service";

export const SUBMISSIONS_API = "/api/admin/submissions";
export const DESK_API = "/api/admin/desk";

/**
 * The submissions desk API. Guard, parse, act: requireAdmin first, then the service validates, works and
 * writes the audit log. Static paths (export.csv, status) are matched before /:id. Replies are rendered by the outbox
 * when it sends them (kind "desk-reply").
 */
export function deskModule(deps: {
  db: Database;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  outbox: Pick<MailOutbox, "configured" | "wake" | "enqueue" | "register">;
  due: DueService;
  now?: () => Date;
  /** The request's engagement (the portal feature), shown with its detail. */
  engagementOf?: (submissionId: number) => unknown;
}) {
  const service = createSubmissionsService(deps);
  const trustProxy = deps.config.trustProxy;
  deps.outbox.register(DESK_REPLY_MAIL, deskReplyRenderer(deps.db, deps.config));

  const actor = actorFrom(trustProxy);

  const submissions = new Elysia({ name: "submissions", prefix: SUBMISSIONS_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ admin, request, server, query, set }) =>
      send(set, service.list(query, actor(admin, request, server))),
    )
    .get("/export.csv", ({ admin, request, server, query, set }) => {
      const result = service.exportCsv(query, actor(admin, request, server));
      if (!result.ok) return send(set, result.outcome);
      return attachment(result.csv, "text/csv; charset=utf-8", result.filename);
    })
    .post("/status", ({ admin, request, server, body, set }) =>
      send(set, service.changeStatuses(body, actor(admin, request, server))),
    )
    .get("/:id", ({ admin, request, server, params, set }) =>
      send(set, service.detail(parseId(params.id), actor(admin, request, server))),
    )
    .patch("/:id", ({ admin, request, server, params, body, set }) =>
      send(set, service.update(parseId(params.id), body, actor(admin, request, server))),
    )
    .delete("/:id", ({ admin, request, server, params, set }) =>
      send(set, service.remove(parseId(params.id), actor(admin, request, server))),
    )
    .post("/:id/mail/retry", ({ admin, request, server, params, set }) =>
      send(set, service.retryMail(parseId(params.id), actor(admin, request, server))),
    )
    .post("/:id/replies", ({ admin, request, server, params, body, set }) =>
      send(set, service.reply(parseId(params.id), body, actor(admin, request, server))),
    )
    .post("/:id/responses", ({ admin, request, server, params, body, set }) =>
      send(set, service.recordResponse(parseId(params.id), body, actor(admin, request, server))),
    );

  // Reports over all requests: where they came from.
  const reports = new Elysia({ name: "desk-reports", prefix: DESK_API })
    .use(deps.auth.requireAdmin)
    .get("/sources", ({ set }) => send(set, service.sources()));

  return new Elysia({ name: "desk" }).use(submissions).use(reports);
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export type { BusinessClock } from "./business-clock";
export type { DueService } from "./due-service";
export type { ContactSubmissions, MailKind, SubmissionRow } from "./repo/contact-submissions";
export { contactSubmissions, INTAKE_MAIL_KINDS } from "./repo/contact-submissions";
export { submissionDesk } from "./repo/submission-desk";
export { submissionEvents } from "./repo/submission-events";
export { submissionReplies } from "./repo/submission-replies";
export { submissionResponses } from "./repo/submission-responses";
