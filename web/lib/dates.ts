import { MONTH_NAMES } from "../../src/contracts/calendar";

/** "March 10, 2026" from "2026-03-10", the same on server and client whatever their locale or time zone. */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return isoDate;
  return `${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
/**
 * "Mar 10, 2026, 2:05 PM" and "Mar 10, 2026" in the browser's own time zone, so only for screens that render
 * after their data loads in the browser (the admin), never for a page the server renders.
 */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const formatDate = (iso: string) => DATE.format(new Date(iso));
