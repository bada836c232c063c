export type { Actor } from "../../http/admin-http";

/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not), or null. */
export function parseDate(raw: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw ? null : raw;
}

export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

export const addDays = (date: string, n: number) =>
  utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
