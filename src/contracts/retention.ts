/**
 * What the privacy page says about keeping requests, without the privacy API's schemas: the page quotes these
 * and should not load valibot to read two numbers (the JavaScript budget, ADR 011).
 */

/** How long requests are kept until an admin sets otherwise. */
export const RETENTION_DEFAULTS = { unengagedDays: 365, engagedDays: 2555 } as const;

/** The two retention settings, in days. */
export type RetentionDays = { unengagedDays: number; engagedDays: number };

/** "1 year", "7 years", "90 days": whole years when the days make them. */
export function retentionPeriod(daysKept: number): string {
  if (daysKept % 365 === 0) {
    const years = daysKept / 365;
    return `${years.toLocaleString("en-US")} ${years === 1 ? "year" : "years"}`;
  }
  return `${daysKept.toLocaleString("en-US")} ${daysKept === 1 ? "day" : "days"}`;
}
