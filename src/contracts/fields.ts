import * as v from "valibot";

/**
 * What no line of text may hold: control characters (C0 with tab, CR and LF, DEL, and C1 with NEL) and the
 * Unicode line and paragraph separators. Mail readers and logs break lines on them, so a value holding one
 * could start a forged line ("Reference: …") wherever it is shown or sent.
 */
const LINE_BREAKERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const BREAKER_RUNS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** Whether text is one line: nothing in it breaks a line or is a control character. */
export const isOneLine = (s: string) => !LINE_BREAKERS.test(s);

/**
 * A value put on one line where it is shown or sent (a stored value from before the rule, a mail header): each
 * run of line breaks and control characters becomes one space.
 */
export const toOneLine = (s: string) => s.replace(BREAKER_RUNS, " ");

/** "Name must be one line of text": the one wording of every one-line field's refusal. */
export const oneLineMessage = (field: string) => `${field} must be one line of text`;

/**
 * The rule of every value that is one line (a name, a title, a slug, an address, a subject): refused, not
 * cleaned, so the form, the API and every reader of the value agree on what was accepted.
 */
export const oneLine = (message: string) => v.check<string, string>(isOneLine, message);

const isControl = (n: number) => n < 32 || n === 127;

/**
 * Text without its control characters other than tab and line breaks: those never belong in a paragraph
 * field or a mail body, and are dropped rather than stored.
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

/** A required line of text in an admin form: one line, trimmed, not empty, at most `max` characters. */
export const requiredText = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    oneLine(oneLineMessage(field)),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(max, tooLong(field, max)),
  );

/** A required text of one or more paragraphs in an admin form (line breaks kept): trimmed, not empty, bounded. */
export const requiredParagraphs = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(max, tooLong(field, max)),
  );

/** An optional line of text in an admin form: empty when absent, one line, trimmed, at most `max` characters. */
export const optionalText = (field: string, max: number) =>
  v.pipe(
    v.optional(v.string(`${field} must be text`), ""),
    oneLine(oneLineMessage(field)),
    v.trim(),
    v.maxLength(max, tooLong(field, max)),
  );

/** The Published box of an admin form; entries start as drafts unless said otherwise. */
export const publishedFlag = (fallback: boolean) =>
  v.optional(v.boolean("Published must be true or false"), fallback);
