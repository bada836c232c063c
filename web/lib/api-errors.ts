import { ApiError } from "./api";

export type FieldMessages = Record<string, string | undefined>;

/** The first message per field of a 422 `{ errors: { field: [message] } }` answer, or undefined. */
export const serverErrors = (error: unknown): FieldMessages | undefined => {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const body = error.json<{ errors?: Record<string, string[]> }>();
  return body?.errors && Object.fromEntries(Object.entries(body.errors).map(([k, m]) => [k, m[0]]));
};

/** The `{ error }` message of a failed call, or the fallback. */
export const serverMessage = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.json<{ error?: string }>()?.error) || fallback;
