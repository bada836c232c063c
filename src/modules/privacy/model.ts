import type * as v from "valibot";
import { fieldErrors } from "../../contracts/admin-auth";

/** Who did something, for the audit log. */
export type Actor = { id: number; username: string; clientAddress: string };

/** What a handler sends: a status and a JSON body. */
export type Outcome = { status: number; body: unknown };

/** Ids are positive integers; anything else names no request. */
export const parseId = (raw: string): number | null => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);

/** `{ errors: { field: [message] } }` from a failed parse; whole-body problems are filed under "form". */
export const invalid = (issues: readonly v.BaseIssue<unknown>[]) => ({ errors: fieldErrors(issues) });

/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not), or null. */
export function parseDate(raw: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw ? null : raw;
}

export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

export const addDays = (date: string, n: number) =>
  utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
