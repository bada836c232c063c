/**
 * The calendar's words and the firm's clock written out, one spelling for pages, mails and the desk alike,
 * independent of the runtime's locale (the server and every browser write the same text).
 */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const MONTH_SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
/** Sun to Sat (0 = Sunday): also how staff write business hours ("Mon-Fri 09:00-17:00"). */
export const WEEKDAY_SHORT = WEEKDAY_NAMES.map((d) => d.slice(0, 3));
