import { FIRST_RESPONSE_BY_LABELS } from "../../../src/contracts/desk";
import { DESK_VIEWS, type DeskView } from "../../../src/contracts/desk-views";
import { DESIRED_SERVICES, MATTER_TYPES, ROLES, SUBMISSION_STATUSES } from "../../../src/contracts/intake";
import {
  MATTER_TYPE_LABELS,
  ROLE_LABELS,
  SERVICE_LABELS,
  SUBJECT_TYPE_LABELS,
} from "../../../src/contracts/intake-labels";
import { STATUS_LABELS, SUBMISSIONS_API } from "../../../src/contracts/submissions";

export const DESK_API = SUBMISSIONS_API;
export const deskApi = {
  list: (query: string) => `${DESK_API}${query ? `?${query}` : ""}`,
  export: (query: string) => `${DESK_API}/export.csv${query ? `?${query}` : ""}`,
  one: (id: number | string) => `${DESK_API}/${id}`,
  retryMail: (id: number | string) => `${DESK_API}/${id}/mail/retry`,
  replies: (id: number | string) => `${DESK_API}/${id}/replies`,
  responses: (id: number | string) => `${DESK_API}/${id}/responses`,
  sources: "/api/admin/desk/sources",
};

export const DESK_CLOCK_API = "/api/admin/desk";
export const deskClockApi = {
  closures: `${DESK_CLOCK_API}/closures`,
  closure: (date: string) => `${DESK_CLOCK_API}/closures/${encodeURIComponent(date)}`,
};

/** The list's search and filters, as they appear in the page's address and the API's query string. */
export const FILTERS = [
  { key: "status", label: "Status", options: SUBMISSION_STATUSES, labels: STATUS_LABELS },
  { key: "service", label: "Service", options: DESIRED_SERVICES, labels: SERVICE_LABELS },
  { key: "role", label: "Role", options: ROLES, labels: ROLE_LABELS },
  { key: "matterType", label: "Matter type", options: MATTER_TYPES, labels: MATTER_TYPE_LABELS },
] as const;

export type DeskQuery = {
  q: string;
  status: string;
  service: string;
  role: string;
  matterType: string;
  /** "" (newest first) or "due" (soonest due first). */
  sort: string;
  /** Only requests past their due time without a first response. */
  overdue: boolean;
  /** One of the desk's saved views (ADR 301), or "" for all requests. */
  view: DeskView | "";
  page: number;
};

export const SORT_OPTIONS = [
  { value: "", label: "Newest first" },
  { value: "due", label: "Soonest due first" },
] as const;

export function readDeskQuery(search: string): DeskQuery {
  const p = new URLSearchParams(search);
  const page = Number.parseInt(p.get("page") ?? "1", 10);
  return {
    q: p.get("q") ?? "",
    status: p.get("status") ?? "",
    service: p.get("service") ?? "",
    role: p.get("role") ?? "",
    matterType: p.get("matterType") ?? "",
    sort: p.get("sort") === "due" ? "due" : "",
    overdue: p.get("overdue") === "1",
    view: (DESK_VIEWS as readonly string[]).includes(p.get("view") ?? "") ? (p.get("view") as DeskView) : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The query string for a DeskQuery, leaving out empty filters and page 1. */
export function deskQueryString(q: Partial<DeskQuery>): string {
  const p = new URLSearchParams();
  for (const key of ["view", "q", "status", "service", "role", "matterType", "sort"] as const) {
    const value = q[key]?.trim();
    if (value) p.set(key, value);
  }
  if (q.overdue) p.set("overdue", "1");
  if (q.page && q.page > 1) p.set("page", String(q.page));
  return p.toString();
}

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;
/** A landing page as staff read it: the path, and for "/" what it is. */
export const landingLabel = (path: string) => (path === "/" ? "/ (home page)" : path);
export const statusLabel = (s: string) => label(STATUS_LABELS, s);
export const roleLabel = (s: string) => label(ROLE_LABELS, s);
export const matterTypeLabel = (s: string) => label(MATTER_TYPE_LABELS, s);
export const subjectTypeLabel = (s: string) => label(SUBJECT_TYPE_LABELS, s);
export const serviceLabel = (s: string) => label(SERVICE_LABELS, s);
export const firstResponseByLabel = (s: string) => label(FIRST_RESPONSE_BY_LABELS, s);
