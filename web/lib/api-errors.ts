import { ApiError } from "./api";

export type FieldMessages = Record<string, string | undefined>;

/**
 * The first message per field of an `{ errors: { field: [message] } }` answer, or undefined. A 422 carries them,
 * and so does a 409 whose conflict is one field's (a taken slug, a day already closed).
 */
export const serverErrors = (error: unknown): FieldMessages | undefined => {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 422)) return undefined;
  const body = error.json<{ errors?: Record<string, string[]> }>();
  return body?.errors && Object.fromEntries(Object.entries(body.errors).map(([k, m]) => [k, m[0]]));
};

/** The `{ error }` message of a failed call, or the fallback. */
export const serverMessage = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.json<{ error?: string }>()?.error) || fallback;
