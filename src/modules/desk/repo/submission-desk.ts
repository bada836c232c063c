import type { Statement } from "bun:sqlite";
import type { FirstResponseBy } from "../../../contracts/desk";
import type { SubmissionStatus } from "../../../contracts/intake";
import type {
  MailState,
  SubmissionDetail,
  SubmissionNote,
  SubmissionSummary,
} from "../../../contracts/submissions";
import type { DataCipher } from "../../../db/cipher";
import { forgettingWrite } from "../../../db/forget-deleted";
import type { Indexed } from "../../../store";
import { mailOutboxRepo } from "../../mail";
import { INTAKE_MAIL_KINDS } from "./contact-submissions";
import type { SearchFields, SearchState } from "./submission-search";

/** What the list and the export may be narrowed by; every field is optional. */
export type DeskFilter = {
  q?: string;
  status?: SubmissionStatus;
  service?: string;
  role?: string;
  matterType?: string;
  /** Only requests still waiting for a first response whose due time is at or before this instant. */
  overdueAt?: string;
  /** Only these requests (a selection in the list). */
  ids?: readonly number[];
};

/** "newest": by arrival, newest first; "due": waiting requests soonest due first, then answered ones. */
export type DeskSort = "newest" | "due";

const SUMMARY_COLUMNS = `id, reference, name, firm, email, role, matter_type AS matterType,
  desired_service AS desiredService, status, submitted_at AS submittedAt, email_sent AS emailSent,
  respond_by AS respondBy, first_response_at AS firstResponseAt, first_response_by AS firstResponseBy`;

const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, phone, subject_type AS subjectType, jurisdictions, description,
  acknowledgment, email_error AS emailError, updated_at AS updatedAt, landing_page AS landingPage,
  referrer_host AS referrerHost`;

/** Past its first-response time with no response: the overdue filter's test, and the Overdue view's (ADR 301). */
export const OVERDUE_AT = (at: string) => `(first_response_at IS NULL AND respond_by <= ${at})`;

/** The desk's filters, by the binding each needs: the list applies every one, the count only those in play. */
const FILTER_CONDITIONS: ReadonlyArray<readonly [string, string]> = [
  ["status", "status = $status"],
  ["service", "desired_service = $service"],
  ["role", "role = $role"],
  ["matterType", "matter_type = $matterType"],
  ["overdueAt", OVERDUE_AT("$overdueAt")],
  ["ids", "id IN (SELECT value FROM json_each($ids))"],
];

/** A filter left unset (its binding null) lets every row through. */
const WHERE = `WHERE ${FILTER_CONDITIONS.map(([name, sql]) => `($${name} IS NULL OR ${sql})`).join("\n  AND ")}`;

const NEWEST_FIRST = "ORDER BY submitted_at DESC, id DESC";
const SOONEST_DUE = "ORDER BY first_response_at IS NOT NULL, respond_by, id";

type Bindings = Record<string, string | number | null>;
type Paging = { limit: number; offset: number; sort?: DeskSort };

/**
 * Filters on clear columns go to SQL; the free-text search (the personal fields are encrypted) is matched by
 * the in-memory index (ADR 119) and reaches SQL as the JSON list of matching ids.
 */
const bindings = (f: DeskFilter, ids: readonly number[] | null): Bindings => ({
  status: f.status ?? null,
  service: f.service ?? null,
  role: f.role ?? null,
  matterType: f.matterType ?? null,
  overdueAt: f.overdueAt ?? null,
  ids: ids === null ? null : JSON.stringify(ids),
});

/** The search's matches kept to the selection, if any; null when neither narrows the list. */
const selected = (f: DeskFilter, found: readonly number[] | null): readonly number[] | null => {
  if (!f.ids) return found;
  if (found === null) return f.ids;
  const chosen = new Set(f.ids);
  return found.filter((id) => chosen.has(id));
};

/**
 * A search's matches with the other filters: SQL walks the matched ids through the narrow index of clear facts
 * (migration 015), so the cost follows the matches and never reads an unmatched row.
 */
export const AMONG_MATCHES = `FROM contact_submissions INDEXED BY contact_submissions_desk_facts
  WHERE id IN (SELECT value FROM json_each($ids))
  AND ${FILTER_CONDITIONS.filter(([name]) => name !== "ids")
    .map(([name, sql]) => `($${name} IS NULL OR ${sql})`)
    .join("\n  AND ")}`;

/** A summary as stored: the due label is the service's to add (it needs the clock and now). */
export type StoredSummary = Omit<SubmissionSummary, "due">;
type RawSummary = Omit<StoredSummary, "emailSent"> & { emailSent: number };
type RawDetail = Omit<SubmissionDetail["submission"], "emailSent" | "acknowledgment" | "due"> & {
  emailSent: number;
  acknowledgment: number;
};

const toSummary = (cipher: DataCipher, r: RawSummary): StoredSummary => ({
  ...r,
  name: cipher.decrypt(r.name),
  firm: cipher.decryptNullable(r.firm),
  email: cipher.decrypt(r.email),
  emailSent: r.emailSent === 1,
});

/** Every field of the submission as stored: the export's rows. */
export type ExportRow = Omit<SubmissionDetail["submission"], "due">;

/**
 * The submissions desk's reads and writes over contact_submissions and submission_notes, with the request's
 * mail read and retried through the mail feature. Intake writes through contact-submissions.ts.
 */
export function submissionDesk({ db, cipher, search }: Indexed) {
  const filterBindings = (f: DeskFilter) => bindings(f, selected(f, f.q ? search.match(f.q) : null));
  // The count names only the filters in use: with the catch-all WHERE SQLite reads every row (3.9 ms over
  // 10,000 requests); without a filter it counts an index (0.01 ms). One statement per combination in use.
  const counts = new Map<string, Statement<{ n: number }, [Bindings]>>();
  const countOf = (b: Bindings) => {
    const used = FILTER_CONDITIONS.filter(([name]) => b[name] !== null);
    const key = used.map(([name]) => name).join(",");
    let statement = counts.get(key);
    if (!statement) {
      const where = used.length ? `WHERE ${used.map(([, sql]) => sql).join(" AND ")}` : "";
      statement = db.prepare<{ n: number }, [Bindings]>(
        `SELECT count(*) AS n FROM contact_submissions ${where}`,
      );
      counts.set(key, statement);
    }
    return statement.get(Object.fromEntries(used.map(([name]) => [name, b[name] ?? null])))?.n ?? 0;
  };
  const pageBy = (order: string) =>
    db.prepare<RawSummary, Bindings>(
      `SELECT ${SUMMARY_COLUMNS} FROM contact_submissions ${WHERE} ${order} LIMIT $limit OFFSET $offset`,
    );
  const pages: Record<DeskSort, ReturnType<typeof pageBy>> = {
    newest: pageBy(NEWEST_FIRST),
    due: pageBy(SOONEST_DUE),
  };
  const countAmong = db.prepare<{ n: number }, Bindings>(`SELECT count(*) AS n ${AMONG_MATCHES}`);
  const pageAmongBy = (order: string) =>
    db.prepare<{ id: number }, Bindings>(`SELECT id ${AMONG_MATCHES} ${order} LIMIT $limit OFFSET $offset`);
  const pagesAmong: Record<DeskSort, ReturnType<typeof pageAmongBy>> = {
    newest: pageAmongBy(NEWEST_FIRST),
    due: pageAmongBy(SOONEST_DUE),
  };
  const summariesOf = db.prepare<RawSummary, [string]>(
    `SELECT ${SUMMARY_COLUMNS} FROM contact_submissions WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const searchFieldsOf = db.prepare<SearchFields, [number]>(
    `SELECT name, email, firm, phone, reference, jurisdictions, description FROM contact_submissions WHERE id = ?`,
  );
  const all = db.prepare<RawDetail, Bindings>(
    `SELECT ${DETAIL_COLUMNS} FROM contact_submissions ${WHERE} ${NEWEST_FIRST}`,
  );
  const one = db.prepare<RawDetail, [number]>(
    `SELECT ${DETAIL_COLUMNS} FROM contact_submissions WHERE id = ?`,
  );
  const notesOf = db.prepare<SubmissionNote, [number]>(
    `SELECT id, author, body, created_at AS createdAt FROM submission_notes
     WHERE submission_id = ? ORDER BY created_at, id`,
  );
  // The request's mail is the mail feature's: the desk reads and retries it through it.
  const outbox = mailOutboxRepo({ db, cipher });
  // status_changed_at moves only when the status does: retention counts from it (ADR 103).
  const setStatus = db.prepare<never, [string, string, number]>(
    `UPDATE contact_submissions SET status_changed_at = CASE WHEN status = ?1 THEN status_changed_at ELSE ?2 END,
       status = ?1, updated_at = ?2 WHERE id = ?3`,
  );
  const touch = db.prepare<never, [string, number]>(
    "UPDATE contact_submissions SET updated_at = ? WHERE id = ?",
  );
  const insertNote = db.prepare<{ id: number }, [number, string, string, string]>(
    "INSERT INTO submission_notes (submission_id, author, body, created_at) VALUES (?, ?, ?, ?) RETURNING id",
  );
  const remove = db.prepare<never, [number]>("DELETE FROM contact_submissions WHERE id = ?");
  // The earliest response is the first; a time kept from a status change (before responses were recorded,
  // ADR 108) gives way to any response that is known.
  const firstResponse = db.prepare<never, [string, FirstResponseBy, number]>(
    `UPDATE contact_submissions SET first_response_at = ?1, first_response_by = ?2
     WHERE id = ?3 AND (first_response_at IS NULL OR first_response_at > ?1 OR first_response_by = 'status-change')`,
  );

  const toDetail = (r: RawDetail): ExportRow => ({
    ...toSummary(cipher, r),
    phone: cipher.decrypt(r.phone),
    subjectType: r.subjectType,
    jurisdictions: cipher.decrypt(r.jurisdictions),
    description: cipher.decrypt(r.description),
    acknowledgment: r.acknowledgment === 1,
    emailError: cipher.decryptNullable(r.emailError),
    updatedAt: r.updatedAt,
    landingPage: r.landingPage,
    referrerHost: r.referrerHost,
  });

  /** The summaries of `ids`, in that order. */
  const summariesInOrder = (ids: number[]) => {
    const byId = new Map(summariesOf.all(JSON.stringify(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toSummary(cipher, r)] : [];
    });
  };

  /**
   * A search's page. Newest first, the index narrows its matches by status, service, role and matter type,
   * counts and orders them itself (the common case, and the one that must stay fast); SQL reads only the page.
   * Overdue only, or by due time (which the desk's clock moves), SQL does it over the matched ids.
   */
  const searchPage = (filter: DeskFilter & { q: string }, paging: Paging) => {
    const ids = selected(filter, search.match(filter.q)) ?? [];
    const sort = paging.sort ?? "newest";
    const searching = search.state();
    if (ids.length === 0) return { total: 0, items: [], search: searching };
    if (sort === "newest" && !filter.overdueAt) {
      const wanted = {
        status: filter.status,
        service: filter.service,
        role: filter.role,
        matterType: filter.matterType,
      };
      const narrowed = search.narrow(ids, wanted);
      const pageIds = search.newestFirst(narrowed, paging.offset, paging.limit);
      return { total: narrowed.length, items: summariesInOrder(pageIds), search: searching };
    }
    const b = bindings(filter, ids);
    const total = countAmong.get(b)?.n ?? 0;
    const pageIds = pagesAmong[sort]
      .all({ ...b, limit: paging.limit, offset: paging.offset })
      .map((r) => r.id);
    return { total, items: summariesInOrder(pageIds), search: searching };
  };

  return {
    list(
      filter: DeskFilter,
      paging: Paging,
    ): { total: number; items: StoredSummary[]; search?: SearchState } {
      if (filter.q) return searchPage({ ...filter, q: filter.q }, paging);
      // A selection of ids (a saved view's requests, ADR 301) narrows the list as it narrows a search.
      const b = bindings(filter, filter.ids ?? null);
      const total = countOf(b);
      const items = pages[paging.sort ?? "newest"]
        .all({ ...b, limit: paging.limit, offset: paging.offset })
        .map((r) => toSummary(cipher, r));
      return { total, items };
    },
    /** The summaries of these requests, in that order (the desk's board names its cards with them). */
    summaries: (ids: number[]) => summariesInOrder(ids),
    /** How complete the search is (it is built in the background after a start). */
    searchState: () => search.state(),
    exportRows: (filter: DeskFilter) => all.all(filterBindings(filter)).map(toDetail),
    byId(id: number) {
      const r = one.get(id);
      return r ? toDetail(r) : null;
    },
    notes: (id: number) => notesOf.all(id).map((n) => ({ ...n, body: cipher.decrypt(n.body) })),
    mail: (id: number) =>
      outbox
        .forSubmission(id)
        .filter((m) => (INTAKE_MAIL_KINDS as readonly string[]).includes(m.kind))
        .map(
          (m): MailState => ({
            kind: m.kind as MailState["kind"],
            state: m.state,
            attempts: m.attempts,
            lastError: m.lastError,
            sentAt: m.sentAt,
            nextAttemptAt: m.nextAttemptAt,
          }),
        ),
    /** Status and/or a note in one transaction; returns the new note's id. */
    update: db.transaction(
      (
        id: number,
        change: { status?: SubmissionStatus; note?: { author: string; body: string } },
        at: string,
      ) => {
        if (change.status) setStatus.run(change.status, at, id);
        else touch.run(at, id);
        return change.note
          ? insertNote.get(id, change.note.author, cipher.encrypt(change.note.body), at)?.id
          : undefined;
      },
    ),
    /**
     * The submission, its notes, replies and queued mail (ON DELETE CASCADE), and, once committed, their old
     * pages on disk (forgetDeleted); its words leave the search.
     */
    remove(id: number) {
      const stored = searchFieldsOf.get(id);
      const removed = forgettingWrite(db, remove.run(id).changes) > 0;
      if (stored && removed) {
        search.remove(id, {
          ...stored,
          name: cipher.decrypt(stored.name),
          email: cipher.decrypt(stored.email),
          firm: cipher.decryptNullable(stored.firm),
          phone: cipher.decrypt(stored.phone),
          jurisdictions: cipher.decrypt(stored.jurisdictions),
          description: cipher.decrypt(stored.description),
        });
      }
      return removed;
    },
    /**
     * A response to the client (a reply sent, or one recorded as made another way): it becomes the first
     * response when none is recorded or it came earlier. Returns whether this call set it.
     */
    recordFirstResponse: (id: number, atIso: string, by: FirstResponseBy) =>
      firstResponse.run(atIso, by, id).changes > 0,
    /** Failed and waiting messages are due again now, with a fresh attempt count. */
    requeueMail: (id: number, at: string) => outbox.retryForSubmission(id, at).changes,
  };
}

export type SubmissionDesk = ReturnType<typeof submissionDesk>;
