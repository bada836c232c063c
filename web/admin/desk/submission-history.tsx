import { ArrowRightLeft, Globe, Inbox, Mail, PhoneCall, Send, StickyNote } from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import type { ResponseChannel } from "../../../src/contracts/desk";
import { QUARANTINE_DAYS } from "../../../src/contracts/scanning";
import {
  NOTE_MAX,
  type PortalStep,
  type SubmissionDetail,
  type TimelineEntry,
} from "../../../src/contracts/submissions";
import { formatDateTime } from "../../lib/dates";
import { statusLabel } from "./desk-labels";
import { patchSubmission, type Saved } from "./desk-requests";
import { DeliveryStatus } from "./mail-delivery";

const ICON = {
  received: Inbox,
  confirmation: Mail,
  status: ArrowRightLeft,
  note: StickyNote,
  reply: Send,
  response: PhoneCall,
  portal: Globe,
} as const;

/** A step of the request's portal, in the history's words, with who took it. */
const PORTAL_STEP_TITLES: Record<PortalStep["event"], (by: string, step: PortalStep) => string> = {
  "engagement.sent": (by) => `Portal link emailed to the client by ${by}`,
  "engagement.withdrawn": (by) => `Engagement letter withdrawn by ${by}`,
  "engagement.opened": (by) => `${by} opened the portal with an emailed link`,
  "engagement.access_code_refused": (by) => `A wrong access code was entered with ${by}'s link`,
  "engagement.link_locked": (by) => `${by}'s link locked after five wrong access codes`,
  "engagement.device_kept": (by) => `${by} kept a device signed in for 30 days`,
  "engagement.device_returned": (by) => `${by} came back on a device kept signed in`,
  "engagement.device_ended": (by) => `A device kept signed in was signed out by ${by}`,
  "engagement.passkey_added": (by) => `${by} added a passkey`,
  "engagement.passkey_returned": (by) => `${by} came back with a passkey`,
  "engagement.passkey_removed": (by) => `A passkey was removed by ${by}`,
  "engagement.consented": (by) => `${by} consented to sign electronically`,
  "engagement.signed": (by) => `${by} signed the engagement letter`,
  "engagement.payment": (by) => `Payment recorded by ${by}`,
  "document.uploaded": (by) => `${by} sent a document through the portal`,
  "document.report": (by) => `Report delivered to the portal by ${by}`,
  "document.sweep-report": (by) => `Sweep report delivered to the portal by ${by}`,
  "document.infected": (_, step) =>
    `A file was refused by the virus scanner, which found ${step.signature ?? "a signature"} in it; it is kept sealed in quarantine for ${QUARANTINE_DAYS} days and cannot be opened`,
  "statement.issued": (by) => `Statement of account issued by ${by}`,
  "consultation.booked": (by) => `${by} booked the consultation`,
  "consultation.moved": (by) => `${by} moved the consultation`,
  "consultation.cancelled": (by) => `${by} cancelled the consultation`,
  "subscription.paused": (by) => `Monitoring paused by ${by}`,
  "subscription.resumed": (by) => `Monitoring resumed by ${by}`,
  "subscription.cancelled": (by) => `Monitoring cancelled with 30 days' notice by ${by}`,
};

/** A recorded response as the history tells it. */
const RESPONSE_TITLES: Record<ResponseChannel, string> = {
  call: "Phone call with the requester",
  "other-email": "Email to the requester from another account",
  meeting: "Meeting with the requester",
};

function entryKey(e: TimelineEntry): string {
  switch (e.kind) {
    case "note":
      return `note-${e.note.id}`;
    case "reply":
      return `reply-${e.reply.id}`;
    case "status":
      return `status-${e.change.id}`;
    case "response":
      return `response-${e.response.id}`;
    case "portal":
      return `portal-${e.step.id}`;
    default:
      return e.kind;
  }
}

function Entry({ entry, configured }: { entry: TimelineEntry; configured: boolean }) {
  const Icon = ICON[entry.kind];
  let title: ReactNode;
  let body: ReactNode = null;
  switch (entry.kind) {
    case "received":
      title = "Request received";
      break;
    case "confirmation":
      title =
        entry.delivery.state === "sent" ? "Confirmation emailed to the requester" : "Confirmation email";
      body = <DeliveryStatus delivery={entry.delivery} configured={configured} />;
      break;
    case "status":
      title = (
        <>
          Status changed{entry.change.from ? ` from ${statusLabel(entry.change.from)}` : ""} to{" "}
          {statusLabel(entry.change.to)} by {entry.change.actor}
        </>
      );
      break;
    case "response":
      title = `${RESPONSE_TITLES[entry.response.channel]}, recorded by ${entry.response.actor}`;
      break;
    case "portal":
      title = PORTAL_STEP_TITLES[entry.step.event](
        entry.step.byClient ? `${entry.step.by} (client)` : entry.step.by,
        entry.step,
      );
      break;
    case "note":
      title = `Internal note by ${entry.note.author}`;
      body = <p className="mt-1 whitespace-pre-wrap break-words text-ink">{entry.note.body}</p>;
      break;
    case "reply":
      title = `Reply by ${entry.reply.author}`;
      body = (
        <>
          {entry.reply.delivery && <DeliveryStatus delivery={entry.reply.delivery} configured={configured} />}
          <div className="mt-2 rounded-md border border-line bg-paper p-3">
            <p className="break-words text-sm font-semibold text-ink">{entry.reply.subject}</p>
            <p className="mt-2 whitespace-pre-wrap break-words text-sm text-ink">{entry.reply.body}</p>
          </div>
        </>
      );
      break;
  }
  return (
    <li className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-3">
      <span className="flex size-8 items-center justify-center rounded-full bg-navy text-white">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 pb-1">
        <p className="font-semibold text-ink">{title}</p>
        <p className="text-xs text-ink-muted">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </p>
        {body}
      </div>
    </li>
  );
}

/** A history longer than this folds away all but its newest SHOWN entries. */
const FOLD_PAST = 12;
const SHOWN = 8;

/**
 * The request's history, oldest first (received, confirmation, status changes, notes, replies with their
 * delivery, every step of its portal), and the form that adds an internal note to it.
 */
export function SubmissionHistory({ detail, onSaved }: { detail: SubmissionDetail } & Saved) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const [all, setAll] = useState(false);
  // A long history folds its earlier entries away until asked: the newest are what staff come for, and a request
  // that has lived a while would otherwise be screens of history between its details and its mail.
  const hidden = all || detail.timeline.length <= FOLD_PAST ? 0 : detail.timeline.length - SHOWN;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!note.trim()) {
      setError("Write a note before adding it");
      ref.current?.focus();
      return;
    }
    setPending(true);
    const r = await patchSubmission(
      detail.submission.id,
      { note },
      { title: "Note Added", description: "Your note is saved with the submission." },
    );
    setPending(false);
    setError(r.errors?.note ?? r.errors?.form);
    if (r.detail) {
      setNote("");
      onSaved(r.detail);
    } else ref.current?.focus();
  };

  return (
    <section aria-labelledby="history-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="history-title" className="font-serif text-xl font-bold text-navy">
        History and notes
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Everything that happened to this request, oldest first. Notes are seen only by staff and cannot be
        edited once added.
      </p>
      {detail.timeline.length > FOLD_PAST && (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <span>
            {hidden > 0
              ? `The newest ${SHOWN} of ${detail.timeline.length} entries are shown.`
              : `All ${detail.timeline.length} entries are shown.`}
          </span>
          {/* The button stays where it was pressed, its words changed, so focus is not lost with it. */}
          <button
            type="button"
            aria-expanded={hidden === 0}
            aria-controls="history-list"
            onClick={() => setAll(hidden > 0)}
            className="inline-flex min-h-8 items-center font-semibold text-navy underline"
          >
            {hidden > 0 ? `Show all ${detail.timeline.length}` : `Show the newest ${SHOWN} only`}
          </button>
        </p>
      )}
      <ol id="history-list" aria-label="History" className="mt-5 grid gap-5">
        {detail.timeline.slice(hidden).map((entry) => (
          <Entry key={entryKey(entry)} entry={entry} configured={detail.mailConfigured} />
        ))}
      </ol>
      <form onSubmit={onSubmit} noValidate className="mt-6 border-t border-line pt-6">
        <label htmlFor="submission-note" className="block text-sm font-semibold text-ink">
          New note
        </label>
        <textarea
          ref={ref}
          id="submission-note"
          name="note"
          rows={4}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "submission-note-error" : undefined}
          className="mt-1.5 block w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-danger focus:border-navy"
        />
        {error && (
          <p id="submission-note-error" className="mt-1.5 text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending} className="btn-navy mt-4 disabled:opacity-70">
          {pending ? "Adding..." : "Add Note"}
        </button>
      </form>
    </section>
  );
}
