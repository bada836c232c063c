import { AUDIT_AREAS } from "../../../src/contracts/audit";
import { isCalendarDate } from "../../../src/contracts/dates";
import { addDays, startOfDay } from "../../../src/contracts/firm-calendar";

/** The audit log's filters as they appear in the page's address: who, what (an area), when (local days). */
export type AuditFilters = { user: string; area: string; from: string; to: string; views: boolean };

const AREAS = new Set<string>(AUDIT_AREAS.map((a) => a.value));

export function readAuditFilters(search: string): AuditFilters {
  const p = new URLSearchParams(search);
  const day = (key: string) => {
    const value = p.get(key) ?? "";
    // A day that does not exist (?from=2026-02-30) is no filter, not the day Date would roll it over to.
    return isCalendarDate(value) ? value : "";
  };
  const area = p.get("area") ?? "";
  return {
    user: (p.get("user") ?? "").slice(0, 64),
    area: AREAS.has(area) ? area : "",
    from: day("from"),
    to: day("to"),
    views: p.get("views") === "1",
  };
}

/** The page's query string, leaving out what is not set. */
export function auditFiltersString(f: AuditFilters): string {
  const p = new URLSearchParams();
  if (f.user.trim()) p.set("user", f.user.trim());
  if (f.area) p.set("area", f.area);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.views) p.set("views", "1");
  return p.toString();
}

/**
 * The API's query: the chosen days are the firm's (its zone is the one every time in the log is written in,
 * ADR 266 and 280), from the start of "from" to the end of "to".
 */
export function auditApiQuery(f: AuditFilters, timeZone: string, before?: number): string {
  const startOfLocalDay = (day: string, later = 0) => startOfDay(addDays(day, later), timeZone).toISOString();
  const p = new URLSearchParams();
  if (f.user.trim()) p.set("user", f.user.trim());
  if (f.area) p.set("area", f.area);
  if (f.from) p.set("since", startOfLocalDay(f.from));
  if (f.to) p.set("until", startOfLocalDay(f.to, 1));
  if (f.views) p.set("views", "1");
  if (before) p.set("before", String(before));
  return p.toString();
}
