import type { Database } from "bun:sqlite";
import * as v from "valibot";
import {
  MATTER_TYPE_LABELS,
  ROLE_LABELS,
  SERVICE_LABELS,
  SUBJECT_TYPE_LABELS,
} from "../../../web/content/intake";
import {
  DESK_MESSAGES,
  STATUS_LABELS,
  type SubmissionDetail,
  type SubmissionList,
} from "../../contracts/submissions";
import { appendAudit } from "../../db/audit-log";
import { type DeskFilter, type SubmissionDesk, submissionDesk } from "../../db/submission-desk";
import type { MailOutbox } from "../mail/outbox";
import { toCsv } from "./csv";
import type { DueService } from "./due-service";
import { invalid, ListQuerySchema, UpdateSchema } from "./model";

export type Actor = { id: number; username: string; clientAddress: string };

/** What a handler sends: a status and a JSON body. */
export type Outcome = { status: number; body: unknown };

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
] as const;

/**
 * The submissions desk as plain functions: list, read, change, export, delete, retry mail. Each one that
 * shows or changes a submission writes an audit entry (ids and short facts only, never intake text).
 */
export function createSubmissionsService(deps: {
  db: Database;
  outbox: Pick<MailOutbox, "configured" | "wake">;
  now?: () => Date;
  desk?: SubmissionDesk;
  due: DueService;
}) {
  const { db, outbox, due } = deps;
  const now = deps.now ?? (() => new Date());
  const desk = deps.desk ?? submissionDesk(db);

  const audit = (actor: Actor, event: string, detail: Record<string, string | number | boolean | null>) =>
    appendAudit(db, {
      event,
      userId: actor.id,
      username: actor.username,
      clientAddress: actor.clientAddress,
      detail,
      at: now(),
    });

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
    return { submission, notes: desk.notes(id), mail: desk.mail(id), mailConfigured: outbox.configured };
  };

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
      const noteId = desk.update(
        id,
        {
          status: changed ? status : undefined,
          note: note === undefined ? undefined : { author: actor.username, body: note },
        },
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

    remove(id: number | null, actor: Actor): Outcome {
      const before = id === null ? null : desk.byId(id);
      if (!before || id === null) return notFound;
      desk.remove(id);
      audit(actor, "submission.deleted", { submissionId: id, reference: before.reference });
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
        ]),
      );
      return { ok: true, csv, filename: `submissions-${now().toISOString().slice(0, 10)}.csv` };
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
