import { dayIn, formatMonth } from "../../src/contracts/time-format";
import { usePageData } from "./page-data-context";

/**
 * The server's clock at render time (PageData.now), so dates shown on a page ("Last Updated") are the same in
 * the server's HTML and after hydration, whatever the visitor's clock or time zone.
 */
export const useNow = () => new Date(usePageData()?.now ?? 0);

/** "2026-11": the firm's month of an instant (the page cache keeps pages per this month, ADR 280). */
export const firmMonth = (date: Date, timeZone: string) => dayIn(date, timeZone).slice(0, 7);
/** "Nov 2026": the firm's month and year of an instant. */
export const monthYear = (date: Date, timeZone: string) => formatMonth(firmMonth(date, timeZone));
