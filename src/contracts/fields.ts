import * as v from "valibot";

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
