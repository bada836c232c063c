import type { SubmissionDetail } from "../../../src/contracts/submissions";
import { apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { failedToast } from "../shared/failed-toast";
import { deskApi } from "./desk-labels";

export type Saved = { onSaved: (d: SubmissionDetail) => void };
export type DeskResult = { detail?: SubmissionDetail; errors?: FieldMessages };

/**
 * Sends a change of one submission and toasts the outcome; on failure the caller keeps what was typed and
 * shows the field messages.
 */
async function send(
  method: string,
  url: string,
  body: unknown,
  success: { title: string; description: string },
  failure: string,
): Promise<DeskResult> {
  try {
    const res = await apiRequest(method, url, body);
    toast(success);
    return { detail: (await res.json()) as SubmissionDetail };
  } catch (error) {
    const errors = serverErrors(error);
    failedToast(failure, errors, error, {
      oneField: true,
      fallback: "Please try again. What you wrote is still here.",
    });
    return { errors: errors ?? {} };
  }
}

/** PATCH the submission: a new status, a note, or both. */
export const patchSubmission = (
  id: number,
  body: { status?: string; note?: string },
  success: { title: string; description: string },
) => send("PATCH", deskApi.one(id), body, success, "Not Saved");

/** POST a reply to the requester: stored, then sent through the outbox. */
export const sendReply = (
  id: number,
  body: { subject: string; body: string },
  success: { title: string; description: string },
) => send("POST", deskApi.replies(id), body, success, "Reply Not Sent");

/** POST a response made another way (a call, an e-mail from another account, a meeting) and when. */
export const recordResponse = (
  id: number,
  body: { channel: string; at: string | null },
  success: { title: string; description: string },
) => send("POST", deskApi.responses(id), body, success, "Response Not Recorded");
