import type { Database } from "bun:sqlite";
import * as v from "valibot";
import {
  MATTER_TYPE_LABELS,
  ROLE_LABELS,
  SERVICE_LABELS,
  SUBJECT_TYPE_LABELS,
} from "../../../web/content/intake";
import type { SubmissionStatus } from "../../contracts/intake";
import {
  DESK_MESSAGES,
  type DeskSources,
  defaultReplySubject,
  SOURCES_DAYS,
  STATUS_LABELS,
  type SubmissionDetail,
  type SubmissionList,
} from "../../contracts/submissions";
import { forgetDeleted } from "../../db/index";
import { type DeskFilter, type SubmissionDesk, submissionDesk } from "../../db/submission-desk";
import { submissionEvents } from "../../db/submission-events";
import { submissionLookups } from "../../db/submission-lookups";
import { DESK_REPLY_MAIL, submissionReplies } from "../../db/submission-replies";
import { type Actor, auditBy, type Outcome } from "../../http/admin-http";
import type { MailOutbox } from "../mail/outbox";
import { toCsv } from "./csv";
import type { DueService } from "./due-service";
import { invalid, ListQuerySchema, ReplySchema, UpdateSchema } from "./model";
import { buildTimeline } from "./timeline";

export type { Actor, Outcome };

const notFound: Outcome = { status: 404, body: { error: DESK_MESSAGES.notFound } };

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
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * The submissions desk as plain functions: list, read, change, reply, export, delete, retry mail. Each one
 * that shows or changes a submission writes an audit entry (ids and short facts only, never intake text).
 */
export function createSubmissionsService(deps: {
  db: Database;
  outbox: Pick<MailOutbox, "configured" | "wake" | "enqueue">;
  now?: () => Date;
  desk?: SubmissionDesk;
  due: DueService;
}) {
  const { db, outbox, due } = deps;
  const now = deps.now ?? (() => new Date());
  const desk = deps.desk ?? submissionDesk(db);
  const replies = submissionReplies(db);
  const events = submissionEvents(db);
  const lookups = submissionLookups(db);

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

  const detailOf = (id: number): SubmissionDetail | null => {
    due.sync();
    const stored = desk.byId(id);
    if (!stored) return null;
    const submission = { ...stored, due: due.status(stored) };
    const notes = desk.notes(id);
    const mail = desk.mail(id);
    const sent = replies.forSubmission(id);
    const timeline = buildTimeline({
      submittedAt: submission.submittedAt,
      mail,
      notes,
      replies: sent,
      statusChanges: events.statusChanges(id),
    });
    return {
      submission,
      notes,
      mail,
      mailConfigured: outbox.configured,
      replies: sent,
      timeline,
      relatedRequests: lookups.relatedTo(id),
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
      }
      return noteId;
    },
  );

  return {
    list(query: Record<string, string | undefined>, actor: Actor): Outcome {
      const parsed = v.safeParse(ListQuerySchema, query);
      if (!parsed.success) return { status: 422, body: invalid(parsed.issues) };
      const { page, pageSize, sort, overdue, ...rest } = parsed.output;
      const filter: DeskFilter = { ...rest, overdueAt: overdue ? now().toISOString() : undefined };
      due.sync();
      const listed = desk.list(filter, { limit: pageSize, offset: (page - 1) * pageSize, sort });
      const { total } = listed;
      const items = listed.items.map((i) => ({ ...i, due: due.status(i) }));
      audit(actor, "submissions.listed", {
        ...filterFacts(filter),
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
      return { status: 200, body };
    },

    detail(id: number | null, actor: Actor): Outcome {
      const detail = id === null ? null : detailOf(id);
      if (!detail || id === null) return notFound;
      audit(actor, "submission.viewed", { submissionId: id, reference: detail.submission.reference });
      return { status: 200, body: detail };
    },

    update(id: number | null, body: unknown, actor: Actor): Outcome {
      const before = id === null ? null : desk.byId(id);
      if (!before || id === null) return notFound;
      const parsed = v.safeParse(UpdateSchema, body ?? {});
      if (!parsed.success) return { status: 422, body: invalid(parsed.issues) };
      const { status, note } = parsed.output;
      const changed = status !== undefined && status !== before.status;
      const at = now().toISOString();
      const noteId = applyUpdate(
        id,
        {
          status: changed ? status : undefined,
          note: note === undefined ? undefined : { author: actor.username, body: note },
        },
        changed ? { from: before.status, actor: actor.username } : null,
        at,
      );
      // The first move out of New is a first response (ADR 053); a reply sent records it too.
      if (changed && before.status === "new") desk.recordFirstResponse(id, at);
      if (changed) {
        audit(actor, "submission.status_changed", { submissionId: id, from: before.status, to: status });
      }
      if (noteId !== undefined) audit(actor, "submission.note_added", { submissionId: id, noteId });
      return { status: 200, body: detailOf(id) };
    },

    /**
     * Stores a reply to the requester and queues it in the durable outbox (sent now when the worker runs,
     * retried through an outage). Answers 201 with the detail, whose timeline shows the reply and its delivery.
     */
    reply(id: number | null, body: unknown, actor: Actor): Outcome {
      const before = id === null ? null : desk.byId(id);
      if (!before || id === null) return notFound;
      // A missing field is checked as an empty one, so it gets the field's own message.
      const input = isObject(body) ? { subject: undefined, body: undefined, ...body } : body;
      const parsed = v.safeParse(ReplySchema, input);
      if (!parsed.success) return { status: 422, body: invalid(parsed.issues) };
      const at = now().toISOString();
      const replyId = replies.create(
        {
          submissionId: id,
          author: actor.username,
          subject: parsed.output.subject ?? defaultReplySubject(before.reference),
          body: parsed.output.body,
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
          // A reply sent is a first response (ADR 053), if none was recorded before.
          desk.recordFirstResponse(id, at);
        },
      );
      audit(actor, "submission.reply_sent", { submissionId: id, replyId });
      outbox.wake();
      return { status: 201, body: detailOf(id) };
    },

    /** Requests of the last SOURCES_DAYS days by landing page and by referring site. */
    sources(): Outcome {
      const to = now();
      const from = new Date(to.getTime() - SOURCES_DAYS * DAY_MS);
      const body: DeskSources = {
        from: from.toISOString(),
        to: to.toISOString(),
        days: SOURCES_DAYS,
        ...lookups.sources(from.toISOString(), to.toISOString()),
      };
      return { status: 200, body };
    },

    remove(id: number | null, actor: Actor): Outcome {
      const before = id === null ? null : desk.byId(id);
      if (!before || id === null) return notFound;
      desk.remove(id);
      audit(actor, "submission.deleted", { submissionId: id, reference: before.reference });
      forgetDeleted(db);
      return { status: 200, body: { deleted: true, reference: before.reference } };
    },

    retryMail(id: number | null, actor: Actor): Outcome {
      const before = id === null ? null : desk.byId(id);
      if (!before || id === null) return notFound;
      if (!outbox.configured) return { status: 409, body: { error: DESK_MESSAGES.mailNotConfigured } };
      const requeued = desk.requeueMail(id, now().toISOString());
      if (requeued === 0) return { status: 409, body: { error: DESK_MESSAGES.nothingToRetry } };
      audit(actor, "submission.mail_retried", { submissionId: id, messages: requeued });
      outbox.wake();
      return { status: 200, body: detailOf(id) };
    },

    /** The CSV of every submission the filters match (paging ignored), or 422 like the list. */
    exportCsv(
      query: Record<string, string | undefined>,
      actor: Actor,
    ): { ok: true; csv: string; filename: string } | { ok: false; outcome: Outcome } {
      const parsed = v.safeParse(ListQuerySchema, query);
      if (!parsed.success) return { ok: false, outcome: { status: 422, body: invalid(parsed.issues) } };
      const { page: _page, pageSize: _size, sort: _sort, overdue, ...rest } = parsed.output;
      const filter: DeskFilter = { ...rest, overdueAt: overdue ? now().toISOString() : undefined };
      // A search seeing part of the requests is flagged in the list; a file would not say so: not yet.
      if (filter.q && !desk.searchState().ready) {
        return {
          ok: false,
          outcome: { status: 503, body: { error: DESK_MESSAGES.searchIndexing }, retryAfter: 60 },
        };
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
        ]),
      );
      return { ok: true, csv, filename: `submissions-${now().toISOString().slice(0, 10)}.csv` };
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
