import { FIRST_RESPONSE_BY_LABELS, RESPONSE_CLOCK_SKEW_MS, RESPONSE_MESSAGES } from "../../../contracts/desk";
import { ConflictError, InvalidError, NotFoundError, UnavailableError } from "../../../contracts/errors";
import { spanOfDays } from "../../../contracts/firm-calendar";
import type { SubmissionStatus } from "../../../contracts/intake";
import {
  MATTER_TYPE_LABELS,
  ROLE_LABELS,
  SERVICE_LABELS,
  SUBJECT_TYPE_LABELS,
} from "../../../contracts/intake-labels";
import { endsRequest } from "../../../contracts/lifecycle";
import {
  DESK_MESSAGES,
  type DeskSources,
  defaultReplySubject,
  type EngagementStage,
  PORTAL_HISTORY_EVENTS,
  type PortalStep,
  SOURCES_DAYS,
  STATUS_LABELS,
  type SubmissionDetail,
  type SubmissionList,
} from "../../../contracts/submissions";
import { forgetDeleted } from "../../../db/index";
import type { DataStore } from "../../../store";
import { type Actor, auditBy, auditOfSubmission, CLIENT_USERNAME } from "../../audit";
import { staffNames } from "../../auth";
import type { MailOutbox } from "../../mail";
import { toCsv } from "../lib/csv";
import { buildTimeline } from "../lib/timeline";
import type { BulkStatusInput, ListQuery, ReplyInput, ResponseInput, Update } from "../model";
import { type DeskFilter, type SubmissionDesk, submissionDesk } from "../repo/submission-desk";
import { submissionEvents } from "../repo/submission-events";
import { submissionLookups } from "../repo/submission-lookups";
import { DESK_REPLY_MAIL, submissionReplies } from "../repo/submission-replies";
import { submissionResponses } from "../repo/submission-responses";
import { createDeskViews } from "./desk-views";
import type { DueService } from "./due";

export type { Actor };

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

const CSV_HEADER = [
  "Reference",
  "Submitted at (UTC)",
  "Status",
  "Name",
  "Firm",
  "Email",
  "Phone",
  "Role",
  "Matter type",
  "Subject type",
  "Jurisdictions",
  "Desired service",
  "Description",
  "Acknowledged engagement terms",
  "Emails sent",
  "Email error",
  // Added after the columns above, so a spreadsheet built on the earlier export keeps its column letters.
  "Respond by (UTC)",
  "First response (UTC)",
  "Landing page",
  "Referring site",
  "First response by",
] as const;

/** How long an export asked for while the search index is still being read is told to wait. */
const SEARCH_RETRY_SECONDS = 60;

/**
 * The submissions desk as plain functions: list, read, change, reply, export, delete, retry mail. Each takes
 * what its route declared and read; each one that shows or changes a submission writes an audit entry (ids and
 * short facts only, never intake text).
 */
export function createSubmissionsService(deps: {
  store: DataStore;
  outbox: Pick<MailOutbox, "configured" | "wake" | "enqueue">;
  now: () => Date;
  desk?: SubmissionDesk;
  due: DueService;
  engagementOf?: (submissionId: number) => unknown;
  /** Told when a request is closed or declined, inside the status change's write (the portal's requestEnded). */
  requestEnded?: (submissionId: number, at: Date) => void;
  /** Where each listed request's engagement stands (the portal feature); none is shown without it. */
  engagementStagesOf?: (submissionIds: readonly number[]) => Map<number, EngagementStage>;
}) {
  const { store, outbox, due } = deps;
  const { db } = store;
  const { now } = deps;
  const desk = deps.desk ?? submissionDesk(store);
  const replies = submissionReplies(store);
  const responses = submissionResponses(db);
  const events = submissionEvents(db);
  const lookups = submissionLookups(db);
  const views = createDeskViews({
    db,
    now,
    engagementStagesOf: deps.engagementStagesOf,
    cardsOf: (ids) =>
      desk
        .summaries(ids)
        .map(({ id, reference, name, desiredService }) => ({ id, reference, name, desiredService })),
  });

  /**
   * The list's filter from its query: a saved view becomes the selection of ids it holds (kept to the ticked ones
   * when both are sent), so a view lists exactly the requests it counts.
   */
  const filterOf = (query: Omit<ListQuery, "page" | "pageSize" | "sort">, actor: Actor): DeskFilter => {
    const { overdue, view, ids, ...rest } = query;
    const inView = view ? views.idsOf(view, actor.username) : undefined;
    const chosen = inView && ids ? inView.filter((id) => ids.includes(id)) : (inView ?? ids);
    return { ...rest, ids: chosen, overdueAt: overdue ? now().toISOString() : undefined };
  };

  const audit = (actor: Actor, event: string, detail: Record<string, string | number | boolean | null>) =>
    auditBy(db, actor, event, detail, now());

  /** Which filters were applied, for the audit log: the search words themselves may be a person's name. */
  const filterFacts = (f: DeskFilter) => ({
    search: Boolean(f.q),
    status: f.status ?? null,
    service: f.service ?? null,
    role: f.role ?? null,
    matterType: f.matterType ?? null,
    overdue: Boolean(f.overdueAt),
  });

  /**
   * The request's portal steps as the audit log recorded them (issue 44): the client's under the engagement's
   * client name, the colleagues' under the name the team knows them by, a processor's under its own.
   */
  const portalSteps = (id: number, names: { of(username: string): string }, client: string) =>
    auditOfSubmission(store, id, PORTAL_HISTORY_EVENTS).map((e) => {
      const byClient = e.username === CLIENT_USERNAME;
      return {
        id: e.id,
        at: e.at,
        event: e.event as PortalStep["event"],
        byClient,
        by: byClient ? (e.name ?? client) : (e.name ?? (e.username ? names.of(e.username) : "the system")),
        ...(e.signature ? { signature: e.signature } : {}),
      };
    });

  const detailOf = (id: number): SubmissionDetail | null => {
    due.sync();
    const stored = desk.byId(id);
    if (!stored) return null;
    const [submission] = due.deliveriesOf([{ ...stored, due: due.status(stored) }]);
    if (!submission) return null;
    // Who did what, by the name the team knows them by (records keep the username they were written with).
    const names = staffNames(store);
    const notes = desk.notes(id).map((n) => ({ ...n, author: names.of(n.author) }));
    const mail = desk.mail(id);
    const sent = replies.forSubmission(id).map((r) => ({ ...r, author: names.of(r.author) }));
    const recorded = responses.forSubmission(id).map((r) => ({ ...r, actor: names.of(r.actor) }));
    const timeline = buildTimeline({
      submittedAt: submission.submittedAt,
      mail,
      notes,
      replies: sent,
      responses: recorded,
      statusChanges: events.statusChanges(id).map((c) => ({ ...c, actor: names.of(c.actor) })),
      portal: portalSteps(id, names, submission.name),
    });
    return {
      submission,
      notes,
      mail,
      mailConfigured: outbox.configured,
      replies: sent,
      responses: recorded,
      timeline,
      relatedRequests: lookups.relatedTo(id),
      // The engagement's stage by the list's own reading of it, for the page's header (ADR 301).
      stage: deps.engagementStagesOf?.([id]).get(id) ?? null,
    };
  };

  /** A status change and its event in the desk's history, or a note, in one transaction. */
  const applyUpdate = db.transaction(
    (
      id: number,
      change: Parameters<SubmissionDesk["update"]>[1],
      history: { from: SubmissionStatus; actor: string } | null,
      at: string,
    ) => {
      const noteId = desk.update(id, change, at);
      if (change.status && history) {
        events.statusChanged(id, { from: history.from, to: change.status, actor: history.actor, at });
        // Closing or declining ends what hangs off the request (ADR 278): with the change, or not at all.
        if (endsRequest(change.status)) deps.requestEnded?.(id, new Date(at));
      }
      return noteId;
    },
  );

  /** A status change and a note as one request's PATCH makes them, with their audit entries. */
  const changeOne = (
    before: NonNullable<ReturnType<SubmissionDesk["byId"]>>,
    { status, note }: Update,
    actor: Actor,
  ): boolean => {
    const changed = status !== undefined && status !== before.status;
    const at = now().toISOString();
    const noteId = applyUpdate(
      before.id,
      {
        status: changed ? status : undefined,
        note: note === undefined ? undefined : { author: actor.username, body: note },
      },
      changed ? { from: before.status, actor: actor.username } : null,
      at,
    );
    if (changed) {
      audit(actor, "submission.status_changed", { submissionId: before.id, from: before.status, to: status });
    }
    if (noteId !== undefined) audit(actor, "submission.note_added", { submissionId: before.id, noteId });
    return changed;
  };

  // One transaction: the audit entries and history of every request in the batch are written, or none.
  // An unknown id is refused before anything is written.
  const changeMany = db.transaction((ids: number[], status: SubmissionStatus, actor: Actor) => {
    const found = ids.map((id) => ({ id, before: desk.byId(id) }));
    const missing = found.filter((f) => !f.before).map((f) => f.id);
    if (missing.length > 0) {
      const named = missing.length === 1 ? `the id ${missing[0]}` : `the ids ${missing.join(", ")}`;
      throw new NotFoundError(`No request has ${named}; nothing was changed.`);
    }
    let changed = 0;
    for (const { before } of found) if (before && changeOne(before, { status }, actor)) changed++;
    return { changed, unchanged: ids.length - changed };
  });

  /** The request as stored, or the desk's 404. */
  const existing = (id: number) => {
    const before = desk.byId(id);
    if (!before) throw new NotFoundError(DESK_MESSAGES.notFound);
    return before;
  };

  return {
    /** A request the path names that does not exist is not found, before anything sent with it is read. */
    requireRequest(id: number): void {
      existing(id);
    },

    /** How many open requests each saved view holds for this member of staff (ADR 301). */
    viewCounts: (actor: Actor) => views.counts(actor.username),
    /** The open requests by where they stand, for the desk's board. */
    board: (actor: Actor) => views.board(actor.username),

    list(query: ListQuery, actor: Actor): SubmissionList {
      const { page, pageSize, sort, ...rest } = query;
      const filter = filterOf(rest, actor);
      due.sync();
      const listed = desk.list(filter, { limit: pageSize, offset: (page - 1) * pageSize, sort });
      const { total } = listed;
      const rows = due.deliveriesOf(listed.items.map((i) => ({ ...i, due: due.status(i) })));
      const stages = deps.engagementStagesOf?.(rows.map((r) => r.id));
      const items = rows.map((r) => ({ ...r, engagement: stages?.get(r.id) ?? null }));
      audit(actor, "submissions.listed", {
        ...filterFacts(filter),
        ...(query.view ? { view: query.view } : {}),
        sort,
        page,
        results: items.length,
        total,
      });
      const body: SubmissionList = {
        items,
        total,
        page,
        pageSize,
        pageCount: Math.max(1, Math.ceil(total / pageSize)),
      };
      if (listed.search && !listed.search.ready) {
        body.searchIndexing = { indexed: listed.search.indexed, total: listed.search.total };
      }
      return body;
    },

    detail(id: number, actor: Actor) {
      const detail = detailOf(id);
      if (!detail) throw new NotFoundError(DESK_MESSAGES.notFound);
      audit(actor, "submission.viewed", { submissionId: id, reference: detail.submission.reference });
      return { ...detail, engagement: deps.engagementOf?.(id) ?? null };
    },

    update(id: number, change: Update, actor: Actor) {
      const before = existing(id);
      changeOne(before, change, actor);
      return detailOf(id);
    },

    /**
     * One status for many requests, all or none: each is changed, audited and recorded in its history by the
     * same function as a change made on its own page. An unknown id is named and nothing changes.
     */
    changeStatuses({ ids, status }: BulkStatusInput, actor: Actor) {
      return changeMany(ids, status, actor);
    },

    /**
     * Stores a reply to the requester and queues it in the durable outbox (sent now when the worker runs,
     * retried through an outage). Returns the detail, whose timeline shows the reply and its delivery.
     */
    reply(id: number, message: ReplyInput, actor: Actor) {
      const before = existing(id);
      const at = now().toISOString();
      const replyId = replies.create(
        {
          submissionId: id,
          author: actor.username,
          subject: message.subject ?? defaultReplySubject(before.reference),
          body: message.body,
          at,
        },
        (refId) => {
          outbox.enqueue({
            kind: DESK_REPLY_MAIL,
            submissionId: id,
            refId,
            dedupeKey: `${DESK_REPLY_MAIL}:${refId}`,
            at,
          });
          // A reply is a response to the client: the first one, unless one came earlier (ADR 108).
          desk.recordFirstResponse(id, at, "reply");
        },
      );
      audit(actor, "submission.reply_sent", { submissionId: id, replyId });
      outbox.wake();
      return detailOf(id);
    },

    /**
     * Records a response made another way than a reply from the desk (a call, an e-mail from another account, a
     * meeting) at the time it was made, which stops the one-business-day clock if it is the earliest response.
     * Returns the detail.
     */
    recordResponse(id: number, response: ResponseInput, actor: Actor) {
      const before = existing(id);
      const { channel } = response;
      const when = Date.parse(response.at);
      const arrived = Date.parse(before.submittedAt);
      if (when > now().getTime() + RESPONSE_CLOCK_SKEW_MS) {
        throw new InvalidError({ at: [RESPONSE_MESSAGES.future] });
      }
      // Staff enter whole minutes: the minute the request arrived in is not before it, and counts as its arrival.
      if (when < arrived - (arrived % 60_000)) {
        throw new InvalidError({ at: [RESPONSE_MESSAGES.beforeRequest] });
      }
      const at = new Date(Math.max(when, arrived)).toISOString();
      const responseId = responses.create(
        { submissionId: id, channel, at, actor: actor.username, recordedAt: now().toISOString() },
        () => desk.recordFirstResponse(id, at, channel),
      );
      audit(actor, "submission.response_recorded", { submissionId: id, responseId, channel, at });
      return detailOf(id);
    },

    /** Requests of the last SOURCES_DAYS days by landing page and by referring site. */
    sources(): DeskSources {
      const to = now();
      const from = new Date(to.getTime() - spanOfDays(SOURCES_DAYS));
      const body: DeskSources = {
        from: from.toISOString(),
        to: to.toISOString(),
        days: SOURCES_DAYS,
        ...lookups.sources(from.toISOString(), to.toISOString()),
      };
      return body;
    },

    remove(id: number, actor: Actor) {
      const before = existing(id);
      desk.remove(id);
      audit(actor, "submission.deleted", { submissionId: id, reference: before.reference });
      forgetDeleted(db);
      return { deleted: true, reference: before.reference };
    },

    retryMail(id: number, actor: Actor) {
      existing(id);
      if (!outbox.configured) throw new ConflictError(DESK_MESSAGES.mailNotConfigured);
      const requeued = desk.requeueMail(id, now().toISOString());
      if (requeued === 0) throw new ConflictError(DESK_MESSAGES.nothingToRetry);
      audit(actor, "submission.mail_retried", { submissionId: id, messages: requeued });
      outbox.wake();
      return detailOf(id);
    },

    /**
     * The CSV of every submission the filters match (paging ignored). Refused like the list, and while a
     * search could see only part of the requests (the index still being read).
     */
    exportCsv(query: ListQuery, actor: Actor): { csv: string; filename: string } {
      const { page: _page, pageSize: _size, sort: _sort, ...rest } = query;
      const filter = filterOf(rest, actor);
      // A search seeing part of the requests is flagged in the list; a file would not say so: not yet.
      if (filter.q && !desk.searchState().ready) {
        throw new UnavailableError(DESK_MESSAGES.searchIndexing, SEARCH_RETRY_SECONDS);
      }
      due.sync();
      const rows = desk.exportRows(filter);
      audit(actor, "submissions.exported", { ...filterFacts(filter), rows: rows.length });
      const csv = toCsv(
        CSV_HEADER,
        rows.map((r) => [
          r.reference,
          r.submittedAt,
          label(STATUS_LABELS, r.status),
          r.name,
          r.firm,
          r.email,
          r.phone,
          label(ROLE_LABELS, r.role),
          label(MATTER_TYPE_LABELS, r.matterType),
          label(SUBJECT_TYPE_LABELS, r.subjectType),
          r.jurisdictions,
          label(SERVICE_LABELS, r.desiredService),
          r.description,
          r.acknowledgment ? "Yes" : "No",
          r.emailSent ? "Yes" : "No",
          r.emailError,
          r.respondBy,
          r.firstResponseAt,
          r.landingPage,
          r.referrerHost,
          r.firstResponseBy ? FIRST_RESPONSE_BY_LABELS[r.firstResponseBy] : null,
        ]),
      );
      return { csv, filename: `submissions-${due.closures.today()}.csv` };
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
