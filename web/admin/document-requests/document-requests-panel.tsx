import { Download } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link } from "wouter";
import {
  DOCUMENT_REQUEST_STATE_LABELS,
  progressWords,
  type StaffDocumentRequests,
  type StaffRequestItem,
} from "../../../src/contracts/document-requests";
import { formatFileSize } from "../../../src/contracts/file-size";
import { PATHS } from "../../../src/contracts/paths";
import { QUARANTINE_DAYS } from "../../../src/contracts/scanning";
import { apiAnswer } from "../../lib/api";
import { formatDateTime, formatLongDate } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { ItemEditForm } from "./item-edit";
import { type DraftItem, draftItem, ListDraft } from "./list-draft";
import { requestsApi } from "./requests-api";

const ACTION_WORDS: Record<string, string> = {
  requested: "Requested",
  edited: "Edited",
  withdrawn: "Withdrawn",
  provided: "File received",
  "file-removed": "Client removed their file",
  accepted: "Accepted",
  "revision-requested": "Sent back",
  unavailable: "Client: not available",
  waived: "Waived",
  quarantined: "A file was refused by the virus scanner and kept in quarantine",
};

/**
 * The request's list of documents asked of the client, under its Documents: each item with its state, due date,
 * files and history; what was received accepted or sent back with a reason; an item waived or withdrawn; new
 * items written (the first list from the service's template) and sent, which emails the client once; the
 * engagement's reminders paused. Nothing shows for a request without an engagement.
 */
export function DocumentRequestsPanel({ submissionId }: { submissionId: number }) {
  const [view, setView] = useState<StaffDocumentRequests | null>(null);
  const [draft, setDraft] = useState<DraftItem[] | null>(null);
  const [fields, setFields] = useState<Record<string, string[]> | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const load = useCallback(async () => {
    const a = await apiAnswer<StaffDocumentRequests>("GET", requestsApi.list(submissionId));
    setView(a.ok ? a.data : null);
  }, [submissionId]);
  useEffect(() => {
    void load();
  }, [load]);
  if (view === null || !view.engaged) return null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setBusy(true);
    const items = draft.map(({ key: _, ...i }) => i);
    const a = await apiAnswer<{ ids: number[] }>("POST", requestsApi.list(submissionId), { items });
    setBusy(false);
    if (!a.ok) {
      setFields(a.fields);
      setProblem(a.error);
      return;
    }
    setDraft(null);
    setFields(undefined);
    setProblem(null);
    toast({
      title: "Documents Requested",
      description: `${items.length === 1 ? "One item was" : `${items.length} items were`} sent; the client is emailed the list.`,
    });
    await load();
  };

  const pause = async () => {
    const a = await apiAnswer("PUT", requestsApi.reminders(submissionId), { paused: !view.remindersPaused });
    if (a.ok) await load();
    else toast({ title: "Reminders Not Changed", description: a.error, variant: "destructive" });
  };

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id={titleId} className="font-serif text-xl font-bold text-navy">
        Documents requested
      </h2>
      {view.items.length > 0 && (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-ink">{progressWords(view.progress)}</p>
          <button
            type="button"
            className="btn-base min-h-11 px-3 text-sm text-navy underline"
            onClick={pause}
          >
            {view.remindersPaused ? "Resume reminders" : "Pause reminders"}
          </button>
        </div>
      )}
      {view.remindersPaused && (
        <p className="mt-1 text-sm text-ink-muted">
          Reminders are paused: the client is not reminded of due items.
        </p>
      )}
      {view.items.length === 0 && !draft && (
        <p className="mt-2 text-sm text-ink-muted">Nothing has been asked of the client yet.</p>
      )}
      {view.items.length > 0 && (
        <ul className="mt-3 divide-y divide-line rounded-lg border border-line">
          {view.items.map((item) => (
            <ItemRow
              key={item.id}
              submissionId={submissionId}
              item={item}
              today={view.today}
              onChanged={load}
            />
          ))}
        </ul>
      )}
      {draft ? (
        <form onSubmit={send} className="mt-5 space-y-3">
          <h3 className="font-semibold text-ink">New items for the client</h3>
          <ListDraft
            items={draft}
            onChange={setDraft}
            fields={fields}
            fieldPrefix="items"
            blank={() => draftItem()}
            due={(item, set, id) => (
              <>
                <label htmlFor={id} className="block text-sm font-semibold text-ink">
                  Due
                </label>
                <input
                  id={id}
                  type="date"
                  min={view.today}
                  className="mt-1 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus:border-navy"
                  value={item.dueOn ?? ""}
                  onChange={(e) => set({ dueOn: e.currentTarget.value || null })}
                />
              </>
            )}
          />
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-navy min-h-11" disabled={busy || draft.length === 0}>
              Send to the client
            </button>
            <button
              type="button"
              className="btn-outline min-h-11"
              onClick={() => {
                setDraft(null);
                setFields(undefined);
                setProblem(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {view.template.length > 0 && view.items.length === 0 && (
            <button
              type="button"
              className="btn-navy min-h-11"
              onClick={() => setDraft(view.template.map((i) => draftItem(i)))}
            >
              Start from the service's template
            </button>
          )}
          <button type="button" className="btn-outline min-h-11" onClick={() => setDraft([draftItem()])}>
            Ask for {view.items.length > 0 ? "more" : "documents"}
          </button>
          <Link
            href={PATHS.adminDocumentTemplates}
            className="inline-flex min-h-11 items-center text-sm text-navy underline"
          >
            Edit the templates
          </Link>
        </div>
      )}
    </section>
  );
}

function ItemRow({
  submissionId,
  item,
  today,
  onChanged,
}: {
  submissionId: number;
  item: StaffRequestItem;
  today: string;
  onChanged: () => Promise<void>;
}) {
  const reasonId = useId();
  const [revising, setRevising] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (path: string, body?: unknown, method = "POST") => {
    setBusy(true);
    const a = await apiAnswer(method, path, body);
    setBusy(false);
    if (!a.ok) return setProblem(a.error);
    setProblem(null);
    setRevising(false);
    setReason("");
    await onChanged();
  };
  const quarantined = item.history.filter((h) => h.action === "quarantined");
  const base = requestsApi.item(submissionId, item.id);
  const open = item.state !== "accepted" && item.state !== "withdrawn";
  const reviewable = item.state === "provided" || item.state === "unavailable";
  return (
    <li className="grid gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 flex-1 basis-48 break-words font-semibold text-ink">
          {item.title}
          {!item.required && <span className="font-normal text-ink-muted"> (optional)</span>}
        </span>
        <span className="rounded-full border border-line bg-paper px-2 py-0.5 font-semibold text-ink">
          {DOCUMENT_REQUEST_STATE_LABELS[item.state]}
        </span>
      </div>
      {(item.description || item.period || item.dueOn) && (
        <p className="break-words text-ink-muted">
          {[
            item.description,
            item.period && `Period: ${item.period}`,
            item.dueOn && `Due ${formatLongDate(item.dueOn)}${item.overdue ? " (overdue)" : ""}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      {item.note && item.state === "unavailable" && (
        <p className="break-words text-ink">
          <span className="font-semibold">The client says: </span>
          {item.note}
        </p>
      )}
      {item.reason && item.state === "revision-requested" && (
        <p className="break-words text-ink">
          <span className="font-semibold">Sent back: </span>
          {item.reason}
        </p>
      )}
      {item.files.length > 0 && (
        <ul className="grid gap-1">
          {item.files.map((f) =>
            f.checking ? (
              <li key={f.id} className="text-ink">
                <span className="break-all font-semibold">{f.name}</span>
                <span className="ml-2 text-ink-muted">
                  {formatFileSize(f.size)} · not yet scanned: it opens once the virus scanner finds it clean
                </span>
              </li>
            ) : (
              <li key={f.id}>
                <a
                  href={requestsApi.file(submissionId, f.id)}
                  download
                  className="inline-flex min-w-0 items-start gap-1.5 text-navy underline"
                >
                  <Download className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span className="break-all">{f.name}</span>
                  <span className="sr-only">, for {item.title}</span>
                </a>
                <span className="ml-2 text-ink-muted">{formatFileSize(f.size)}</span>
              </li>
            ),
          )}
        </ul>
      )}
      {quarantined.length > 0 && (
        <p className="break-words rounded-md border border-danger bg-danger-light p-2 text-ink">
          <span className="font-semibold">Refused by the virus scanner: </span>
          {quarantined.map((h) => h.detail).join(", ")}. The file is kept encrypted in quarantine for{" "}
          {QUARANTINE_DAYS} days and cannot be opened; the client was told to send it another way.
        </p>
      )}
      {open && (
        <div className="flex flex-wrap gap-2">
          {item.state === "provided" && (
            <button
              type="button"
              className="btn-navy min-h-10 px-3 py-1.5 text-sm"
              disabled={busy}
              onClick={() => act(`${base}/accept`)}
            >
              Accept <span className="sr-only">{item.title}</span>
            </button>
          )}
          {reviewable && !revising && (
            <button
              type="button"
              className="btn-outline min-h-10 px-3 py-1.5 text-sm"
              onClick={() => setRevising(true)}
            >
              Send back <span className="sr-only">{item.title}</span>
            </button>
          )}
          {!editing && (
            <button
              type="button"
              className="btn-outline min-h-10 px-3 py-1.5 text-sm"
              onClick={() => {
                setEditing(true);
                setRevising(false);
              }}
            >
              Edit <span className="sr-only">{item.title}</span>
            </button>
          )}
          {item.state !== "waived" && (
            <button
              type="button"
              className="btn-base min-h-10 px-3 text-sm text-navy underline"
              disabled={busy}
              onClick={() => act(`${base}/waive`)}
            >
              Waive <span className="sr-only">{item.title}</span>
            </button>
          )}
          <button
            type="button"
            className="btn-base min-h-10 px-3 text-sm text-danger underline hover:bg-danger-light"
            disabled={busy}
            onClick={() => act(base, undefined, "DELETE")}
          >
            Withdraw <span className="sr-only">{item.title}</span>
          </button>
        </div>
      )}
      {editing && open && (
        <ItemEditForm
          submissionId={submissionId}
          item={item}
          today={today}
          onCancel={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await onChanged();
          }}
        />
      )}
      {revising && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void act(`${base}/revise`, { reason });
          }}
        >
          <label htmlFor={reasonId} className="font-semibold text-ink">
            Why it is sent back (the client reads this)
          </label>
          <textarea
            id={reasonId}
            className="min-h-20 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink"
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-navy min-h-10 px-3 py-1.5 text-sm" disabled={busy}>
              Send back to the client
            </button>
            <button
              type="button"
              className="btn-outline min-h-10 px-3 py-1.5 text-sm"
              onClick={() => setRevising(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      {item.history.length > 0 && (
        <details>
          <summary className="min-h-6 cursor-pointer text-ink-muted">
            History <span className="sr-only">of {item.title}</span>
          </summary>
          <ol className="mt-1 grid gap-0.5 text-ink-muted">
            {item.history.map((h) => (
              <li key={`${h.at}-${h.action}`}>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>: {ACTION_WORDS[h.action] ?? h.action}
                {h.detail ? `: ${h.detail}` : ""}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
