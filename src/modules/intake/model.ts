import type { IntakeReceipt } from "../../contracts/intake";

/** Larger bodies are refused with 413 before they are read in full. */
export const MAX_BODY_BYTES = 64 * 1024;

export type ReadBody = { payload: Record<string, unknown>; formEncoded: boolean };

/** What POST /api/contact answers when it takes an intake; the success and bot answers are alike on purpose. */
export type IntakeAccepted = { ok: true } & IntakeReceipt;

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const BODY_MESSAGES = {
  contentType: "Send the intake as application/json or application/x-www-form-urlencoded.",
  tooLarge: `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
  malformedJson: "The request body is not valid JSON.",
  notObject: "The request body must be a JSON object.",
  malformedForm: "The form data could not be read.",
} as const;
