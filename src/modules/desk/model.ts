import * as v from "valibot";
import { calendarDate, instant } from "../../contracts/dates";
import {
  CLOSURE_MESSAGES,
  CLOSURE_NOTE_MAX,
  RESPONSE_CHANNELS,
  RESPONSE_MESSAGES,
} from "../../contracts/desk";
import { DESK_VIEW_MESSAGE, DESK_VIEWS } from "../../contracts/desk-views";
import { dropControls, isOneLine, oneLine, oneLineMessage } from "../../contracts/fields";
import { DESIRED_SERVICES, MATTER_TYPES, ROLES, SUBMISSION_STATUSES } from "../../contracts/intake";
import {
  BULK_MAX,
  DESK_MESSAGES,
  DESK_PAGE_SIZE,
  DESK_SORTS,
  hasPlaceholder,
  NOTE_MAX,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  SEARCH_MAX,
} from "../../contracts/submissions";

/** Far beyond any desk, and small enough that the row offset stays a whole number SQLite can page by. */
export const DESK_PAGE_MAX = 1_000_000;

/** A request the path names, by its id as written; one that is no id names no row (the desk's 404). */
export const IdParams = v.object({ id: v.string() });

/** A body that is not there is read as an empty one, so the schema's own messages answer it. */
const orEmpty = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(
    v.unknown(),
    v.transform((body) => body ?? {}),
    schema,
  );

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** A missing field is checked as an empty one, so it gets the field's own message rather than the form's. */
const withFields = <S extends v.GenericSchema>(fields: readonly string[], schema: S) =>
  v.pipe(
    v.unknown(),
    v.transform((body) =>
      isObject(body) ? { ...Object.fromEntries(fields.map((f) => [f, undefined])), ...body } : body,
    ),
    schema,
  );

/** An empty query parameter means "no filter", as a form with an empty select sends it. */
const optionalPick = <T extends readonly string[]>(options: T, message: string) =>
  v.pipe(
    v.optional(v.string(message), ""),
    v.transform((s) => s.trim()),
    v.union([v.literal(""), v.picklist(options, message)], message),
    v.transform((s) => (s === "" ? undefined : (s as T[number]))),
  );

/**
 * A whole-number query parameter: digits only (no sign, decimal point, exponent or hex), within bounds, so
 * that `?page=1e300` or twenty nines get a message instead of reaching SQLite as a number it cannot page by.
 * An empty or absent parameter takes the fallback.
 */
const wholeNumberParam = (o: {
  fallback: number;
  min: number;
  max: number;
  message: string;
  tooLarge?: string;
}) =>
  v.pipe(
    v.optional(v.string(o.message), ""),
    v.transform((s) => s.trim() || String(o.fallback)),
    v.regex(/^\d+$/, o.message),
    v.transform(Number),
    v.minValue(o.min, o.message),
    v.maxValue(o.max, o.tooLarge ?? o.message),
  );

/** GET /api/admin/submissions and the export: search, filters and (for the list) paging. */
export const ListQuerySchema = v.object({
  q: v.pipe(
    v.optional(v.string("Search terms must be given once, as text"), ""),
    oneLine(oneLineMessage("Search terms")),
    v.transform((s) => s.trim()),
    v.maxLength(SEARCH_MAX, `Search terms can be at most ${SEARCH_MAX} characters`),
    v.transform((s) => s || undefined),
  ),
  status: optionalPick(SUBMISSION_STATUSES, DESK_MESSAGES.status),
  service: optionalPick(DESIRED_SERVICES, "Choose one of the listed services"),
  role: optionalPick(ROLES, "Choose one of the listed roles"),
  matterType: optionalPick(MATTER_TYPES, "Choose one of the listed matter types"),
  sort: v.pipe(
    optionalPick(DESK_SORTS, "Sort by newest or by due time"),
    v.transform((s) => s ?? "newest"),
  ),
  /** One of the desk's saved views (ADR 301): the requests it holds, with the other filters on top. */
  view: optionalPick(DESK_VIEWS, DESK_VIEW_MESSAGE),
  overdue: v.pipe(
    v.optional(v.string(), ""),
    v.transform((s) => s.trim()),
    v.picklist(["", "0", "1", "true", "false"], "Overdue is 1 (only overdue requests) or empty"),
    v.transform((s) => s === "1" || s === "true"),
  ),
  // The selection's ids ("3,7,12"): the export of the rows ticked in the list.
  ids: v.pipe(
    v.optional(v.string(DESK_MESSAGES.idsList), ""),
    v.transform((s) => s.trim()),
    v.regex(/^(\d{1,15}(,\d{1,15})*)?$/, DESK_MESSAGES.idsList),
    v.transform((s) => (s ? s.split(",").map(Number) : undefined)),
  ),
  page: wholeNumberParam({
    fallback: 1,
    min: 1,
    max: DESK_PAGE_MAX,
    message: "Page must be a whole number of 1 or more",
    tooLarge: `Page can be at most ${DESK_PAGE_MAX.toLocaleString("en-US")}`,
  }),
  pageSize: wholeNumberParam({
    fallback: DESK_PAGE_SIZE,
    min: 1,
    max: 100,
    message: "Page size must be a whole number from 1 to 100",
  }),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

/** PATCH /api/admin/submissions/:id: a new status, a new note, or both. */
const Update = v.pipe(
  v.object(
    {
      status: v.optional(v.picklist(SUBMISSION_STATUSES, DESK_MESSAGES.status)),
      note: v.optional(
        v.pipe(
          v.string(DESK_MESSAGES.noteEmpty),
          v.trim(),
          v.minLength(1, DESK_MESSAGES.noteEmpty),
          v.maxLength(NOTE_MAX, DESK_MESSAGES.noteTooLong),
        ),
      ),
    },
    DESK_MESSAGES.nothingToChange,
  ),
  v.check((b) => b.status !== undefined || b.note !== undefined, DESK_MESSAGES.nothingToChange),
);
export const UpdateSchema = orEmpty(Update);
export type Update = v.InferOutput<typeof Update>;

/** POST /api/admin/submissions/status: one status for every request named, each changed as PATCH would. */
const BulkStatus = v.object(
  {
    // Checked as one list so a bad id gets the field's message, not one keyed by its position.
    ids: v.pipe(
      v.array(v.unknown(), DESK_MESSAGES.bulkIds),
      v.check(
        (ids) => ids.every((id) => Number.isSafeInteger(id) && (id as number) >= 1),
        DESK_MESSAGES.bulkIds,
      ),
      v.minLength(1, DESK_MESSAGES.bulkNone),
      v.maxLength(BULK_MAX, DESK_MESSAGES.bulkTooMany),
      v.transform((ids) => [...new Set(ids as number[])]),
    ),
    status: v.picklist(SUBMISSION_STATUSES, DESK_MESSAGES.status),
  },
  DESK_MESSAGES.bulkIds,
);
export const BulkStatusSchema = withFields(["ids", "status"], BulkStatus);
export type BulkStatusInput = v.InferOutput<typeof BulkStatus>;

/**
 * POST /api/admin/submissions/:id/replies. The subject becomes a mail header, so it must be one line; an empty
 * or missing subject means the default ("Re: " and the confirmation's subject, which keeps the thread).
 */
const Reply = v.object(
  {
    subject: v.pipe(
      v.nullish(v.string(DESK_MESSAGES.replyInvalid)),
      v.check((s) => s == null || isOneLine(s), DESK_MESSAGES.subjectOneLine),
      v.transform((s) => (s ?? "").trim()),
      v.maxLength(REPLY_SUBJECT_MAX, DESK_MESSAGES.subjectTooLong),
      v.transform((s) => s || undefined),
    ),
    body: v.pipe(
      v.string(DESK_MESSAGES.replyEmpty),
      v.transform(dropControls),
      v.trim(),
      v.minLength(1, DESK_MESSAGES.replyEmpty),
      v.maxLength(REPLY_BODY_MAX, DESK_MESSAGES.replyTooLong),
      v.check((body) => !hasPlaceholder(body), DESK_MESSAGES.replyPlaceholder),
    ),
  },
  DESK_MESSAGES.replyInvalid,
);
export const ReplySchema = withFields(["subject", "body"], Reply);
export type ReplyInput = v.InferOutput<typeof Reply>;

/**
 * POST /api/admin/submissions/:id/responses: how and when the client was answered other than by a reply from
 * the desk. Whether the time is possible (not in the future, not before the request) is the service's to say.
 */
const RecordedResponse = v.object(
  {
    channel: v.picklist(RESPONSE_CHANNELS, RESPONSE_MESSAGES.channel),
    at: instant(RESPONSE_MESSAGES.at),
  },
  RESPONSE_MESSAGES.invalid,
);
export const ResponseSchema = withFields(["channel", "at"], RecordedResponse);
export type ResponseInput = v.InferOutput<typeof RecordedResponse>;

/** DELETE /api/admin/desk/closures/:date: the day the path names. */
export const ClosureDateSchema = v.object({ date: calendarDate(CLOSURE_MESSAGES.date) });

/** POST /api/admin/desk/closures: a date the firm is closed, and an optional note ("Office move"). */
const Closure = v.object(
  {
    date: calendarDate(CLOSURE_MESSAGES.date),
    note: v.pipe(
      v.optional(v.string(CLOSURE_MESSAGES.note), ""),
      oneLine(oneLineMessage("Note")),
      v.trim(),
      v.maxLength(CLOSURE_NOTE_MAX, CLOSURE_MESSAGES.note),
    ),
  },
  CLOSURE_MESSAGES.date,
);
export const ClosureSchema = orEmpty(Closure);
export type ClosureInput = v.InferOutput<typeof Closure>;

/**
 * Who a request is from, read through the desk's requests (src/parts.ts builds it): the name and address, the
 * reference, and the Message-ID of the intake confirmation the client's mail is threaded under. The
 * consultations, the subscriptions and the statements write to the client with it.
 */
export type PersonOf = (
  submissionId: number,
) => { name: string; email: string; reference: string; thread: string; phone?: string } | null;

/**
 * The firm's calendar as the features that run on it read the desk's business clock: the firm's date at an
 * instant (its time zone) and whether a date is a business day (holidays and closures skipped).
 */
export type FirmCalendar = {
  local: (at: Date) => { date: string };
  isBusinessDay: (date: string) => boolean;
};
