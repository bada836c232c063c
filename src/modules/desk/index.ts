import type { Config } from "../../config";
import type { EngagementStage } from "../../contracts/submissions";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail";
import { registerIntakeMail } from "./mail/intake";
import { deskReplyRenderer } from "./mail/reply";
import { submissionDesk } from "./repo/submission-desk";
import { DESK_REPLY_MAIL } from "./repo/submission-replies";
import { submissionsRoutes } from "./routes/submissions";
import type { DueService } from "./service/due";
import { createSubmissionsService } from "./service/submissions";

export { DESK_API, SUBMISSIONS_API } from "./routes/submissions";

/**
 * The submissions desk: its service over the requests, its routes (routes/), and the mail it sends (the
 * intake's and the replies, rendered by the outbox when it sends them, kind "desk-reply").
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
  /** A request closed or declined: the portal ends its sessions and links, in the same write (ADR 278). */
  requestEnded?: (submissionId: number, at: Date) => void;
  /** Where each listed request's engagement stands (the portal feature), for the desk's list. */
  engagementStagesOf?: (submissionIds: readonly number[]) => Map<number, EngagementStage>;
}) {
  const service = createSubmissionsService(deps);
  deps.outbox.register(DESK_REPLY_MAIL, deskReplyRenderer(deps.store, deps.config));
  registerIntakeMail(deps.outbox, deps);
  return submissionsRoutes({ config: deps.config, auth: deps.auth, service });
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export type { BusinessClock } from "./lib/business-clock";
export { csvCell, toCsv } from "./lib/csv";
export { intakeMessage, registerIntakeMail } from "./mail/intake";
export type { FirmCalendar, PersonOf } from "./model";
export type { ContactSubmissions, MailKind, SubmissionRow } from "./repo/contact-submissions";
export { contactSubmissions, INTAKE_MAIL_KINDS } from "./repo/contact-submissions";
export { scheduledRuns } from "./repo/desk-clock";
export { type EndedRequest, endedRequests, type IntakeFacts } from "./repo/ended-requests";
export { submissionEvents } from "./repo/submission-events";
export { submissionReplies } from "./repo/submission-replies";
export { submissionResponses } from "./repo/submission-responses";
export { type BuildOptions, createSubmissionSearch, type SubmissionSearch } from "./repo/submission-search";
export { calendarJob } from "./service/calendar-job";
export type { DueService } from "./service/due";
export { submissionDesk };

/**
 * Forgets one request for good: its row and, through ON DELETE CASCADE, everything the other features keep about
 * it; its words leave the search. True when it was there. The privacy feature's erasure calls this.
 */
export const forgetRequest = (store: DataStore) => {
  const desk = submissionDesk(store);
  return (id: number) => desk.remove(id);
};

export { createDigest, DIGEST_KIND } from "./jobs";
// What app.ts, main.ts and config.ts compose the desk from: the clock's routes, the morning digest, the due service.
export { type ClockSettings, parseBusinessHours, parseHolidayRegion } from "./lib/business-clock";
export { deskClockModule } from "./routes/clock";
export { createDueService } from "./service/due";
