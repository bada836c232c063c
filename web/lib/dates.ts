import { useSyncExternalStore } from "react";
import {
  formatDate as dateIn,
  formatDateTime as dateTimeIn,
  formatDateTimeFor,
  formatDay,
  formatTimeFor,
  localZone,
  formatTime as timeIn,
} from "../../src/contracts/time-format";
import { usePageData } from "./page-data-context";

/** The firm's zone when a page carries none (FIRM_TIMEZONE's default): only components rendered alone in tests. */
const DEFAULT_ZONE = "America/New_York";
let firmZone = DEFAULT_ZONE;

/**
 * The firm's zone (PageData.timeZone), set once when the app renders: it is the server's setting and the same for
 * every page, so the screens' formatters below read it without each threading it through.
 */
export function setFirmZone(timeZone: string | undefined) {
  firmZone = timeZone || DEFAULT_ZONE;
}

/** The firm's zone as the page data gives it. */
export const useFirmZone = () => usePageData()?.timeZone || firmZone;

/**
 * "27 Nov 2026" from "2026-11-27", or the firm's day of an instant: the same on server and client whatever
 * their locale or time zone.
 */
export const formatLongDate = (value: string) =>
  value.length <= 10 ? formatDay(value) : dateIn(value, firmZone);

/** "27 Nov 2026, 10:00 AM EST": an instant on the firm's clock, with its label (ADR 266). */
export const formatDateTime = (iso: string) => dateTimeIn(iso, firmZone);
/** "27 Nov 2026, 10:00:07 AM EST": where the second matters (the audit log). */
export const formatDateTimeSeconds = (iso: string) => dateTimeIn(iso, firmZone, { seconds: true });
/** "27 Nov 2026": the firm's day of an instant. */
export const formatDate = (iso: string) => dateIn(iso, firmZone);
/** "10:00 AM EST": the firm's time of day of an instant (formatDateTime is the day, a comma and this). */
export const formatTimeOfDay = (iso: string) => timeIn(iso, firmZone);

const noSubscription = () => () => {};
/**
 * The browser's zone, or "" while the server renders and while the page hydrates: the server cannot know it, so
 * the first render in the browser matches the server's markup and the client's own time is added just after.
 */
export const useClientZone = () => useSyncExternalStore(noSubscription, localZone, () => "");

/**
 * A client's view of an instant: "27 Nov 2026, 10:00 AM EST (4:00 PM CET your time)", the second part once the
 * page has hydrated in a browser whose zone differs from the firm's.
 */
export function useClientTimes() {
  const firm = useFirmZone();
  const client = useClientZone();
  return {
    dateTime: (iso: string) => formatDateTimeFor(iso, firm, client),
    time: (iso: string) => formatTimeFor(iso, firm, client),
  };
}
