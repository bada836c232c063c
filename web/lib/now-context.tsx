import { formatMonth } from "../../src/contracts/time-format";
import { usePageData } from "./page-data-context";

/**
 * The server's clock at render time (PageData.now), so dates shown on a page ("Last Updated") are the same in
 * the server's HTML and after hydration, whatever the visitor's clock or time zone.
 */
export const useNow = () => new Date(usePageData()?.now ?? 0);

/** "Nov 2026": month and year in UTC, the server's reference. */
export const monthYear = (date: Date) => formatMonth(date.toISOString());
