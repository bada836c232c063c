import { Elysia } from "elysia";
import type { Config } from "../../config";
import { DESK_MESSAGES } from "../../contracts/submissions";
import { actorFrom, attachment, requireId } from "../../http/admin-http";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail";
import type { DueService } from "./service/due";
import { registerIntakeMail } from "./mail/intake";
import { deskReplyRenderer } from "./mail/reply";
import { submissionDesk } from "./repo/submission-desk";
import { DESK_REPLY_MAIL } from "./repo/submission-replies";
import { createSubmissionsService } from "./service/submissions";

export const SUBMISSIONS_API = "/api/admin/submissions";
export const DESK_API = "/api/admin/desk";

/**
 * The submissions desk API. Guard, parse, act: requireAdmin first, then the service validates, works and
 * writes the audit log. Static paths (export.csv, status) are matched before /:id. Replies are rendered by the outbox
 * when it sends them (kind "desk-reply").
 */
export function deskModule(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  outbox: Pick<MailOutbox, "configured" | "wake" | "enqueue" | "register" | "whenUnavailable">;
  due: DueService;
  now: () => Date;
  /** The request's engagement (the portal feature), shown with its detail. */
  engagementOf?: (submissionId: number) => unknown;
}) {
  const service = createSubmissionsService(deps);
  const trustProxy = deps.config.trustProxy;
  deps.outbox.register(DESK_REPLY_MAIL, deskReplyRenderer(deps.store, deps.config));
  registerIntakeMail(deps.outbox, deps);

  const actor = actorFrom(trustProxy);

  /** The request a path names; an id that names no row gets the desk's 404. */
  const idOf = (raw: string) => requireId(raw, DESK_MESSAGES.notFound);

  const submissions = new Elysia({ name: "submissions", prefix: SUBMISSIONS_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ admin, request, server, query }) => service.list(query, actor(admin, request, server)))
    .get("/export.csv", ({ admin, request, server, query }) => {
      const { csv, filename } = service.exportCsv(query, actor(admin, request, server));
      return attachment(csv, "text/csv; charset=utf-8", filename);
    })
    .post("/status", ({ admin, request, server, body }) =>
      service.changeStatuses(body, actor(admin, request, server)),
    )
    .get("/:id", ({ admin, request, server, params }) =>
      service.detail(idOf(params.id), actor(admin, request, server)),
    )
    .patch("/:id", ({ admin, request, server, params, body }) =>
      service.update(idOf(params.id), body, actor(admin, request, server)),
    )
    .delete("/:id", ({ admin, request, server, params }) =>
      service.remove(idOf(params.id), actor(admin, request, server)),
    )
    .post("/:id/mail/retry", ({ admin, request, server, params }) =>
      service.retryMail(idOf(params.id), actor(admin, request, server)),
    )
    .post("/:id/replies", ({ admin, request, server, params, body, set }) => {
      const detail = service.reply(idOf(params.id), body, actor(admin, request, server));
      set.status = 201;
      return detail;
    })
    .post("/:id/responses", ({ admin, request, server, params, body, set }) => {
      const detail = service.recordResponse(idOf(params.id), body, actor(admin, request, server));
      set.status = 201;
      return detail;
    });

  // Reports over all requests: where they came from.
  const reports = new Elysia({ name: "desk-reports", prefix: DESK_API })
    .use(deps.auth.requireAdmin)
    .get("/sources", () => service.sources());

  return new Elysia({ name: "desk" }).use(submissions).use(reports);
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export type { BusinessClock } from "./lib/business-clock";
export type { DueService } from "./service/due";
export { intakeMessage, registerIntakeMail } from "./mail/intake";
export type { ContactSubmissions, MailKind, SubmissionRow } from "./repo/contact-submissions";
export { contactSubmissions, INTAKE_MAIL_KINDS } from "./repo/contact-submissions";
export { scheduledRuns } from "./repo/desk-clock";
export { type EndedRequest, endedRequests, type IntakeFacts } from "./repo/ended-requests";
export { submissionEvents } from "./repo/submission-events";
export { submissionReplies } from "./repo/submission-replies";
export { submissionResponses } from "./repo/submission-responses";
export { type BuildOptions, createSubmissionSearch, type SubmissionSearch } from "./repo/submission-search";
export { submissionDesk };

/**
 * Forgets one request for good: its row and, through ON DELETE CASCADE, everything the other features keep about
 * it; its words leave the search. True when it was there. The privacy feature's erasure calls this.
 */
export const forgetRequest = (store: DataStore) => {
  const desk = submissionDesk(store);
  return (id: number) => desk.remove(id);
};

// What app.ts, main.ts and config.ts compose the desk from: the clock's routes, the morning digest, the due service.
export { type ClockSettings, parseBusinessHours, parseHolidayRegion } from "./lib/business-clock";
export { deskClockModule } from "./routes/clock";
export { createDigest, DIGEST_KIND } from "./jobs";
export { createDueService } from "./service/due";
