import { ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { adminSubmissionPath, PATHS } from "../../../src/contracts/paths";
import {
  type DeskListItem,
  engagementStageLabel,
  type SubmissionList,
} from "../../../src/contracts/submissions";
import { formatWeekdayDay } from "../../../src/contracts/time-format";
import { getJson } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { formatDate, formatDateTime, formatTimeOfDay } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { DocumentProgress } from "../document-requests";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { DueBadge } from "../shared/due-badge";
import { BulkBar } from "./bulk-bar";
import { DeskBoardView } from "./desk-board";
import {
  type DeskQuery,
  deskApi,
  deskQueryString,
  FILTERS,
  readDeskQuery,
  roleLabel,
  SORT_OPTIONS,
  serviceLabel,
} from "./desk-labels";
import { useDeskListKeys, visibleRows } from "./desk-list-keys";
import { BOARD_QUERY, DeskViews } from "./desk-views";
import { SearchIndexingNotice } from "./search-indexing-notice";
import { SubmissionStatusBadge } from "./submission-status-badge";

const SEARCH_RETRY_MS = 5000;
/** The pause after the last keystroke before the list follows the search: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The table's columns, left to right. Every one stays in view from 1024 px (the sidebar beside a 720 px list):
 * the role and the firm sit under the name, the status and the due time share a line, and below 1280 px the
 * service joins them under the name too, so no cell needs a scroll of its own sideways.
 */
const WIDE_ONLY = "hidden xl:table-cell";
const COLUMNS: { label: string; key: string; className?: string }[] = [
  { key: "name", label: "Request" },
  { key: "service", label: "Service", className: WIDE_ONLY },
  { key: "received", label: "Received" },
  { key: "status", label: "Status and first response" },
  { key: "engagement", label: "Engagement" },
];

export function SubmissionsPage() {
  return <AdminFrame>{() => <SubmissionsDesk />}</AdminFrame>;
}

function SubmissionsDesk() {
  // The server caches a page's HTML per path, whatever its query string: the first render (on the server and
  // at hydration) is the unfiltered list, and the address's filters apply once mounted.
  const address = useSearch();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const search = mounted ? address : "";
  const query = readDeskQuery(search);
  // The board in place of the list: a layout of the same desk, kept in the address like its filters.
  const boardShown = new URLSearchParams(search).toString() === BOARD_QUERY;
  const queryString = deskQueryString(query);
  const [list, setList] = useState<SubmissionList | null>(null);
  const [failed, setFailed] = useState(false);
  // Ticked requests, kept while the list changes under them (a bulk change reloads it).
  const [selected, setSelected] = useState<number[]>([]);
  const [reloads, setReloads] = useState(0);
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  useDeskListKeys();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads asks for the same list again after a bulk change
  useEffect(() => {
    // The board asks for its own cards; the list is not loaded under it.
    if (!mounted || boardShown) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setFailed(false);
    const load = () =>
      getJson<SubmissionList>([deskApi.list(queryString)]).then(
        (l) => {
          if (!live) return;
          setList(l);
          // A search made while the index is still being built after a restart is asked again until it is not.
          if (l.searchIndexing) retry = setTimeout(load, SEARCH_RETRY_MS);
        },
        (error) => {
          if (!live) return;
          setFailed(true);
          toast({
            title: "Could Not Load Submissions",
            description: serverMessage(error, "Reload the page to try again."),
            variant: "destructive",
          });
        },
      );
    load();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [queryString, mounted, reloads, boardShown]);

  const filtered = Boolean(
    query.q || query.status || query.service || query.role || query.matterType || query.overdue || query.view,
  );
  const exportQuery = deskQueryString({ ...query, page: 1 });

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-64 flex-1">
          <h1 className="font-serif text-3xl font-bold text-navy">Desk</h1>
          <p className="mt-1 max-w-3xl text-sm text-ink-muted">
            Intake requests with their first-response time against the one-business-day promise and where each
            engagement stands. Opening, changing, exporting or deleting one is recorded in the audit log.
          </p>
        </div>
        <a href={deskApi.export(exportQuery)} download className="btn-outline min-h-10 py-1.5 text-sm">
          <Download className="size-4" aria-hidden="true" />
          Export CSV
          {filtered && <span className="sr-only"> of the filtered submissions</span>}
        </a>
      </div>

      <DeskViews query={query} reloadKey={`${queryString}#${reloads}`} board={boardShown} />
      {boardShown ? (
        <DeskBoardView />
      ) : (
        <DeskList
          search={search}
          query={query}
          list={list}
          failed={failed}
          filtered={filtered}
          mounted={mounted}
          selected={selected}
          toggle={toggle}
          setSelected={setSelected}
          reload={() => setReloads((n) => n + 1)}
        />
      )}
    </>
  );
}

/** The list itself: its filters, its count, the table (cards on a phone) and its pages. */
function DeskList({
  search,
  query,
  list,
  failed,
  filtered,
  mounted,
  selected,
  toggle,
  setSelected,
  reload,
}: {
  search: string;
  query: DeskQuery;
  list: SubmissionList | null;
  failed: boolean;
  filtered: boolean;
  mounted: boolean;
  setSelected: (ids: number[]) => void;
  reload: () => void;
} & Selection) {
  return (
    <>
      <DeskFilters key={withoutWords(search)} query={query} scripted={mounted} filtered={filtered} />

      <p
        id="desk-summary"
        tabIndex={-1}
        aria-live="polite"
        className="mt-3 text-sm text-ink-muted outline-none"
      >
        {list
          ? summary(list, filtered)
          : failed
            ? "The submissions could not be loaded."
            : "Loading submissions..."}
      </p>
      {list?.searchIndexing && <SearchIndexingNotice progress={list.searchIndexing} />}

      {list && list.items.length > 0 && (
        <>
          {selected.length > 0 && (
            <BulkBar selected={selected} onChanged={reload} onClear={() => setSelected([])} />
          )}
          <SubmissionTable list={list} selected={selected} toggle={toggle} setSelected={setSelected} />
          <SubmissionCards list={list} selected={selected} toggle={toggle} />
          <Pager list={list} query={query} />
        </>
      )}
      {list && list.items.length === 0 && (
        <div className="mt-4 rounded-xl border border-line bg-white p-8 text-center">
          <p className="font-serif text-xl font-bold text-navy">
            {filtered ? "No submissions match these filters." : "No intake requests yet."}
          </p>
          <p className="mt-2 text-ink-muted">
            {filtered
              ? "Try fewer filters or a shorter search."
              : "Requests sent through the contact form appear here as soon as they arrive."}
          </p>
          {filtered && (
            <Link href={PATHS.adminSubmissions} className="btn-outline mt-5">
              Clear Filters
            </Link>
          )}
        </div>
      )}
    </>
  );
}

/** The address's query without the search words: typing refines the form in place, other changes reset it. */
function withoutWords(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("q");
  return params.toString();
}

function summary(list: SubmissionList, filtered: boolean): string {
  const noun = list.total === 1 ? "submission" : "submissions";
  if (list.total === 0) return filtered ? "No matching submissions." : "No submissions yet.";
  const from = (list.page - 1) * list.pageSize + 1;
  const to = from + list.items.length - 1;
  if (list.items.length === 0) return `Page ${list.page} is past the last page of ${list.total} ${noun}.`;
  return `Showing ${from}–${to} of ${list.total} ${filtered ? "matching " : ""}${noun}.`;
}

/**
 * A GET form: without script it reloads the page with the filters in the address; with script, the list follows
 * the search as it is typed, once typing pauses (SEARCH_DEBOUNCE_MS), and every other choice at once. Escape in the
 * search goes to the list: its first request, or the count when nothing matches.
 */
function DeskFilters({
  query,
  scripted,
  filtered,
}: {
  query: DeskQuery;
  /** Scripts run: the list follows every change, so the Search button is only for a page without them. */
  scripted: boolean;
  filtered: boolean;
}) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  const set =
    (key: Exclude<keyof DeskQuery, "overdue" | "page" | "view">) => (e: { target: { value: string } }) =>
      setValues((s) => ({ ...s, [key]: e.target.value }));

  const go = (next: DeskQuery, opts: { replace?: boolean } = {}) => {
    const qs = deskQueryString({ ...next, page: 1 });
    navigate(`${PATHS.adminSubmissions}${qs ? `?${qs}` : ""}`, opts);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    typed.current = false;
    go(values);
  };

  // The words typed apply once typing pauses; the address is replaced, not stacked, so Back leaves the desk.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the words only; the other values ride along
  useEffect(() => {
    if (!typed.current || values.q.trim() === query.q.trim()) return;
    const timer = setTimeout(() => go(values, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values.q]);

  // Words changed from elsewhere (Clear Filters, Back) show in the field, unless they are being typed there.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setValues((s) => ({ ...s, q: query.q }));
  }, [query.q]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Escape") return;
    // A search field's own Escape empties it: here it keeps the words and goes to what they found.
    e.preventDefault();
    const [first] = visibleRows();
    if (first) first.focus();
    else document.getElementById("desk-summary")?.focus();
  };
  // A choice applies at once (the search words once typing pauses, or with Enter).
  const choose =
    (key: Exclude<keyof DeskQuery, "overdue" | "page" | "q" | "view">) =>
    (e: { target: { value: string } }) =>
      go({ ...values, [key]: e.target.value });

  const label = "block text-xs font-semibold text-ink-muted";
  // Two to a row on a phone; from 640 px each about 6 rem wide, so search, five selects and the overdue box
  // share one row beside the sidebar at 1280 px (the label above says what a clipped choice is).
  const cell = "min-w-0 basis-[calc(50%-0.25rem)] sm:basis-auto";
  const control =
    "mt-1 block min-h-10 w-full rounded-md border border-ink-muted bg-white py-1.5 pr-7 pl-2 text-sm text-ink focus:border-navy";
  const select = `${control} sm:w-25`;

  return (
    <search aria-label="Search and filter submissions" className="mt-5 block">
      <form
        method="get"
        action={PATHS.adminSubmissions}
        onSubmit={onSubmit}
        className="flex flex-wrap items-end gap-x-2 gap-y-3 rounded-xl border border-line bg-white px-4 py-3 shadow-sm"
      >
        <div className="w-full sm:w-auto sm:min-w-40 sm:flex-[1_1_10rem]">
          <label htmlFor="desk-q" className={label}>
            Search<span className="sr-only"> name, email, firm, phone, reference or description</span>
          </label>
          <p id="desk-q-hint" className="sr-only">
            The list follows as you type; Escape goes to the list.
          </p>
          <span className="relative mt-1 block">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-ink-muted"
              aria-hidden="true"
            />
            <input
              id="desk-q"
              name="q"
              type="search"
              maxLength={100}
              autoComplete="off"
              // Short enough to show whole in the field's width beside the filters at 1280 px (the longer one
              // was cut after "ph"); the label names everything searched.
              placeholder="Name, email, firm..."
              ref={inputRef}
              value={values.q}
              onChange={(e) => {
                typed.current = true;
                set("q")(e);
              }}
              onKeyDown={onSearchKey}
              aria-describedby="desk-q-hint"
              className="block min-h-10 w-full rounded-md border border-ink-muted bg-white py-1.5 pr-2.5 pl-8 text-sm text-ink placeholder:text-ink-muted focus:border-navy"
            />
          </span>
        </div>
        {FILTERS.map((f) => (
          <div key={f.key} className={cell}>
            <label htmlFor={`desk-${f.key}`} className={label}>
              {f.label}
            </label>
            <select
              id={`desk-${f.key}`}
              name={f.key}
              value={values[f.key]}
              onChange={choose(f.key)}
              className={select}
            >
              <option value="">Any</option>
              {f.options.map((o) => (
                <option key={o} value={o}>
                  {(f.labels as Record<string, string>)[o]}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className={cell}>
          <label htmlFor="desk-sort" className={label}>
            Order
          </label>
          <select
            id="desk-sort"
            name="sort"
            value={values.sort}
            onChange={choose("sort")}
            className={`${control} sm:w-40`}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-h-10 items-center gap-2">
          <input
            id="desk-overdue"
            name="overdue"
            type="checkbox"
            value="1"
            checked={values.overdue}
            onChange={(e) => go({ ...values, overdue: e.target.checked })}
            className="size-5 accent-navy"
          />
          <label htmlFor="desk-overdue" className="text-sm font-semibold text-ink">
            Overdue only<span className="sr-only"> (no first response, past due)</span>
          </label>
        </div>
        {/* The saved view the list is in rides along with the form's choices, with or without scripts. */}
        {values.view && <input type="hidden" name="view" value={values.view} />}
        <div className="flex min-h-10 items-center gap-3">
          {/* Without scripts the form reloads the page with its choices; with them the list already follows. */}
          {!scripted && (
            <button type="submit" className="btn-navy min-h-10 py-1.5 text-sm">
              <Search className="size-4" aria-hidden="true" />
              Search
            </button>
          )}
          {filtered && (
            <Link href={PATHS.adminSubmissions} className="text-sm font-semibold text-navy underline">
              Clear Filters
            </Link>
          )}
        </div>
      </form>
    </search>
  );
}

type Selection = { selected: readonly number[]; toggle: (id: number) => void };

function SubmissionTable({
  list,
  selected,
  toggle,
  setSelected,
}: { list: SubmissionList; setSelected: (ids: number[]) => void } & Selection) {
  const th = "px-2.5 py-2 text-xs font-semibold";
  const td = "px-2.5 py-2";
  const ids = list.items.map((s) => s.id);
  const all = ids.every((id) => selected.includes(id));
  return (
    <section
      aria-label="Submissions"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
      tabIndex={0}
      className="mt-3 hidden overflow-x-auto rounded-xl border border-line bg-white md:block"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Submissions</caption>
        <thead className="border-b border-line bg-paper-deep text-ink">
          <tr>
            <th scope="col" className="w-10 px-2.5 py-2">
              <input
                type="checkbox"
                aria-label="Select every request on this page"
                checked={all}
                onChange={() =>
                  setSelected(
                    all ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])],
                  )
                }
                className="block size-5 accent-navy"
              />
            </th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={`${th} ${c.className ?? ""}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.items.map((s) => (
            <tr
              key={s.id}
              className="border-b border-line align-top last:border-0 hover:bg-paper focus-within:bg-paper-deep"
            >
              <td className={td}>
                <input
                  type="checkbox"
                  data-desk-select={s.id}
                  aria-label={`Select ${s.name}`}
                  checked={selected.includes(s.id)}
                  onChange={() => toggle(s.id)}
                  className="block size-5 accent-navy"
                />
              </td>
              <td className={`${td} min-w-40`}>
                <Link
                  href={adminSubmissionPath(s.id)}
                  data-desk-open={s.id}
                  className="break-words font-semibold text-navy underline"
                >
                  {s.name}
                </Link>
                <span className="block break-words text-xs text-ink-muted">
                  {roleLabel(s.role)}
                  {s.firm && ` · ${s.firm}`}
                  <span className="xl:hidden"> · {serviceLabel(s.desiredService)}</span>
                </span>
              </td>
              <td className={`${td} ${WIDE_ONLY} min-w-28 text-xs`}>{serviceLabel(s.desiredService)}</td>
              <td className={`${td} text-xs`}>
                <ReceivedAt iso={s.submittedAt} />
                <span className="block whitespace-nowrap font-mono text-ink-muted">{s.reference}</span>
              </td>
              <td className={td}>
                {/* From 1280 px the status and the due time read on one line, the delivery due under them. */}
                <span
                  data-due-line
                  className="flex flex-wrap items-start gap-1 xl:flex-nowrap xl:whitespace-nowrap"
                >
                  <SubmissionStatusBadge status={s.status} />
                  <DueBadge due={s.due} />
                </span>
                {s.delivery && (
                  <DueBadge due={s.delivery} what="Delivery" className="mt-1 xl:whitespace-nowrap" />
                )}
              </td>
              <td className={`${td} text-xs xl:min-w-36`}>
                <EngagementStanding item={s} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Where the request's engagement stands, in a word and the day it got there: "Letter sent 3 Dec 2026",
 * "Monitoring ends Wed 30 Dec 2026"; a dash (read "No engagement") for a request without one.
 */
function EngagementStanding({ item }: { item: DeskListItem }) {
  const e = item.engagement;
  if (!e)
    return (
      <span className="text-ink-muted">
        <span aria-hidden="true">–</span>
        <span className="sr-only">No engagement</span>
      </span>
    );
  const day = e.endsOn ? formatWeekdayDay(e.endsOn) : e.at ? formatDate(e.at) : null;
  return (
    <span data-engagement={e.stage}>
      <span className="block font-semibold text-ink">{engagementStageLabel(e)}</span>
      {day && <span className="block whitespace-nowrap text-ink-muted">{day}</span>}
      <DocumentProgress submissionId={item.id} />
    </span>
  );
}

/** Phones get one card per submission instead of a table wider than the screen. */
function SubmissionCards({ list, selected, toggle }: { list: SubmissionList } & Selection) {
  return (
    <ul aria-label="Submissions" className="mt-3 grid gap-3 md:hidden">
      {list.items.map((s) => (
        <li key={s.id} className="rounded-xl border border-line bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <span className="flex min-w-0 items-start gap-3">
              <input
                type="checkbox"
                data-desk-select={s.id}
                aria-label={`Select ${s.name}`}
                checked={selected.includes(s.id)}
                onChange={() => toggle(s.id)}
                className="mt-0.5 size-5 shrink-0 accent-navy"
              />
              <span className="min-w-0">
                <Link
                  href={adminSubmissionPath(s.id)}
                  data-desk-open={s.id}
                  className="break-words font-semibold text-navy underline"
                >
                  {s.name}
                </Link>
                <span className="block break-words text-xs text-ink-muted">
                  {roleLabel(s.role)}
                  {s.firm && ` · ${s.firm}`}
                </span>
              </span>
            </span>
            <SubmissionStatusBadge status={s.status} />
          </div>
          <p className="mt-1 text-sm text-ink-muted">{serviceLabel(s.desiredService)}</p>
          <p className="mt-2 flex flex-wrap gap-1">
            <DueBadge due={s.due} />
            {s.delivery && <DueBadge due={s.delivery} what="Delivery" />}
          </p>
          {s.engagement && (
            <p className="mt-2 text-xs">
              <span className="font-semibold">Engagement:</span> {engagementStageLabel(s.engagement)}
              {s.engagement.endsOn
                ? ` ${formatWeekdayDay(s.engagement.endsOn)}`
                : s.engagement.at
                  ? `, ${formatDate(s.engagement.at)}`
                  : ""}
              <DocumentProgress submissionId={s.id} />
            </p>
          )}
          <p className="mt-1 text-xs text-ink-muted">
            <time dateTime={s.submittedAt}>{formatDateTime(s.submittedAt)}</time> ·{" "}
            <span className="font-mono">{s.reference}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function Pager({ list, query }: { list: SubmissionList; query: DeskQuery }) {
  if (list.pageCount <= 1) return null;
  const href = (page: number) => `${PATHS.adminSubmissions}?${deskQueryString({ ...query, page })}`;
  const link = "btn-outline min-h-11 px-3 py-2 text-sm";
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {list.page > 1 ? (
        <Link href={href(list.page - 1)} className={link}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {query.sort === "due" ? "Previous" : "Newer"}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-muted">
        Page {list.page} of {list.pageCount}
      </p>
      {list.page < list.pageCount ? (
        <Link href={href(list.page + 1)} className={link}>
          {query.sort === "due" ? "Next" : "Older"}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const submissionsPage = adminPage(SubmissionsPage, {
  title: "Desk",
  description: "Intake requests: search, filter, export and open them.",
});

/**
 * "27 Nov 2026, 9:33 AM EST", free to break only between the day and the time, so the column gives the width
 * the status, the due time and the engagement need (the desk's table never scrolls sideways).
 */
function ReceivedAt({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} data-received>
      <span className="whitespace-nowrap">{formatDate(iso)},</span>{" "}
      <span className="whitespace-nowrap">{formatTimeOfDay(iso)}</span>
    </time>
  );
}
