import type { RecordedResponse } from "../../../contracts/desk";
import type {
  MailState,
  PortalStep,
  StatusChange,
  SubmissionNote,
  SubmissionReply,
  TimelineEntry,
} from "../../../contracts/submissions";

// Entries at the same instant read in the order things happen: the request, its confirmation, then the desk.
const ORDER: Record<TimelineEntry["kind"], number> = {
  received: 0,
  confirmation: 1,
  status: 2,
  note: 3,
  reply: 4,
  response: 5,
  portal: 6,
};

/**
 * The detail's history, oldest first: received, the confirmation e-mail (when it was sent, or where it stands),
 * status changes, notes, replies with their delivery and responses recorded as made another way.
 */
export function buildTimeline(parts: {
  submittedAt: string;
  mail: readonly MailState[];
  notes: readonly SubmissionNote[];
  replies: readonly SubmissionReply[];
  responses: readonly RecordedResponse[];
  statusChanges: readonly StatusChange[];
  /** The steps of its portal, from the audit log. */
  portal?: readonly (PortalStep & { at: string })[];
}): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ kind: "received", at: parts.submittedAt }];
  const confirmation = parts.mail.find((m) => m.kind === "intake-confirmation");
  if (confirmation) {
    const { state, attempts, lastError, sentAt, nextAttemptAt } = confirmation;
    entries.push({
      kind: "confirmation",
      at: sentAt ?? parts.submittedAt,
      delivery: { state, attempts, lastError, sentAt, nextAttemptAt },
    });
  }
  for (const change of parts.statusChanges) entries.push({ kind: "status", at: change.at, change });
  for (const note of parts.notes) entries.push({ kind: "note", at: note.createdAt, note });
  for (const reply of parts.replies) entries.push({ kind: "reply", at: reply.createdAt, reply });
  // At the time the client was answered, not when staff wrote it down.
  for (const response of parts.responses) entries.push({ kind: "response", at: response.at, response });
  for (const { at, ...step } of parts.portal ?? []) entries.push({ kind: "portal", at, step });
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort(
      (a, b) =>
        a.entry.at.localeCompare(b.entry.at) || ORDER[a.entry.kind] - ORDER[b.entry.kind] || a.i - b.i,
    )
    .map(({ entry }) => entry);
}
