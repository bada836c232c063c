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
];

/** "March 10, 2026" from "2026-03-10", the same on server and client whatever their locale or time zone. */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return isoDate;
  return `${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}
