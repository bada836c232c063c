import * as v from "valibot";

const isControl = (n: number) => n < 32 || n === 127;

/** Whether text holds a control character: a header value or any one-line field must not. */
export const hasControl = (s: string) => [...s].some((c) => isControl(c.charCodeAt(0)));

/**
 * Text without its control characters other than tab and line breaks: those never belong in a form field or a
 * mail body, and are dropped rather than stored.
 */
export function dropControls(s: string): string {
  let out = "";
  for (const c of s) {
    const n = c.charCodeAt(0);
    if (n === 9 || n === 10 || n === 13 || !isControl(n)) out += c;
  }
  return out;
}

/** "Title must be at most 200 characters": the one wording of every admin form's length limit. */
export const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

/** A required line of text in an admin form: trimmed, not empty, at most `max` characters. */
export const requiredText = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(max, tooLong(field, max)),
  );

/** The Published box of an admin form; entries start as drafts unless said otherwise. */
export const publishedFlag = (fallback: boolean) =>
  v.optional(v.boolean("Published must be true or false"), fallback);
