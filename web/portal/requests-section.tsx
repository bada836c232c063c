import { CircleAlert, FileCheck, Upload } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  DOCUMENT_REQUEST_STATE_LABELS,
  OUTSTANDING_STATES,
  PORTAL_DOCUMENT_REQUESTS_API,
  type PortalDocumentRequests,
  progressWords,
  REQUEST_ITEM_METADATA,
  type RequestItemView,
  UPLOADABLE_STATES,
} from "../../src/contracts/document-requests";
import { formatFileSize } from "../../src/contracts/file-size";
import { apiAnswer } from "../lib/api";
import { formatLongDate } from "../lib/dates";
import { sendFile } from "./document-upload";

const STATE_TONE: Record<RequestItemView["state"], string> = {
  requested: "border-line bg-paper text-ink",
  provided: "border-navy/30 bg-navy/5 text-navy",
  accepted: "border-green-700/30 bg-green-50 text-green-900",
  "revision-requested": "border-red-300 bg-red-50 text-red-900",
  unavailable: "border-line bg-paper text-ink",
  waived: "border-line bg-paper text-ink-muted",
  withdrawn: "border-line bg-paper text-ink-muted",
};

/**
 * "What we need from you": the records the firm asked for, item by item, each with what exactly is asked, its due
 * date, where it stands and the files sent for it; a file sent straight into an item (the same encrypted upload
 * as the documents below), or "I don't have this" with a word on why. Progress in plain words: "7 of 12 received".
 */
export function RequestsSection() {
  const [list, setList] = useState<PortalDocumentRequests | null>(null);
  const [failed, setFailed] = useState(false);
  const [announce, setAnnounce] = useState("");
  const load = useCallback(async () => {
    const a = await apiAnswer<PortalDocumentRequests>("GET", PORTAL_DOCUMENT_REQUESTS_API);
    if (a.ok) {
      setList(a.data);
      setFailed(false);
    } else setFailed(true);
  }, []);
  useEffect(() => {
    load();
  }, [load]);
  if (!failed && (list === null || list.items.length === 0)) return null;
  return (
    <section aria-labelledby="requests-title" className="space-y-4">
      <div>
        <h2 id="requests-title" className="font-serif text-2xl font-bold text-navy">
          What we need from you
        </h2>
        {list && (
          <p className="mt-2 text-lg text-ink">
            <span className="font-semibold">{progressWords(list.progress)}</span>. Send each record against
            its item below; it is encrypted as it arrives, like every file you send us.
          </p>
        )}
      </div>
      {failed && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          The list of what we need could not be loaded. Reload the page to try again.
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {list && (
        <ul className="space-y-4">
          {list.items.map((item) => (
            <li key={item.id}>
              <ItemCard
                item={item}
                onChanged={(word) => {
                  setAnnounce(word);
                  load();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemCard({ item, onChanged }: { item: RequestItemView; onChanged: (word: string) => void }) {
  const titleId = useId();
  const outstanding = OUTSTANDING_STATES.includes(item.state);
  const closed = item.state === "waived" || item.state === "accepted";
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border bg-white p-5 shadow-sm ${item.state === "revision-requested" ? "border-red-300" : "border-line"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 flex-1 basis-60 break-words text-lg font-semibold text-ink">
          {item.title}
          {!item.required && (
            <span className="ml-2 text-sm font-normal text-ink-muted">(if you have it)</span>
          )}
        </h3>
        <span className={`rounded-full border px-3 py-1 text-sm font-semibold ${STATE_TONE[item.state]}`}>
          {DOCUMENT_REQUEST_STATE_LABELS[item.state]}
        </span>
      </div>
      {item.description && (
        <p className="mt-2 whitespace-pre-wrap break-words text-ink">{item.description}</p>
      )}
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {item.period && (
          <div className="flex gap-1">
            <dt className="text-ink-muted">Period:</dt>
            <dd className="text-ink">{item.period}</dd>
          </div>
        )}
        {item.dueOn && !closed && (
          <div className="flex gap-1">
            <dt className="text-ink-muted">Due:</dt>
            <dd className={item.overdue ? "font-semibold text-red-800" : "text-ink"}>
              {formatLongDate(item.dueOn)}
              {item.overdue ? " (overdue)" : ""}
            </dd>
          </div>
        )}
      </dl>
      {item.state === "revision-requested" && item.reason && (
        <p className="mt-3 flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <CircleAlert className="mt-1 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">
            <span className="font-semibold">We sent this back: </span>
            {item.reason}
          </span>
        </p>
      )}
      {item.state === "unavailable" && item.note && (
        <p className="mt-3 rounded-lg border border-line bg-paper p-3 text-ink">
          <span className="font-semibold">You told us: </span>
          <span className="break-words">{item.note}</span>
        </p>
      )}
      {item.files.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {item.files.map((f) => (
            <li key={f.id} className="flex items-start gap-2 text-ink">
              <FileCheck className="mt-0.5 size-4 shrink-0 text-navy" aria-hidden="true" />
              <span className="break-all">{f.name}</span>
              <span className="shrink-0 text-ink-muted">
                {formatFileSize(f.size)}
                {f.checking ? " · received, being checked for viruses" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {UPLOADABLE_STATES.includes(item.state) && (
        <ItemActions item={item} titleId={titleId} outstanding={outstanding} onChanged={onChanged} />
      )}
    </article>
  );
}

function ItemActions({
  item,
  titleId,
  outstanding,
  onChanged,
}: {
  item: RequestItemView;
  titleId: string;
  outstanding: boolean;
  onChanged: (word: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const [sending, setSending] = useState<{ sent: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);

  const send = async (file: File) => {
    setProblem(null);
    setSending({ sent: 0, total: file.size });
    try {
      const upload = await sendFile(
        file,
        {
          onProgress: (sent, total) => setSending({ sent, total }),
          onDone: () => {
            setSending(null);
            onChanged(`${file.name} was sent for ${item.title}.`);
          },
          onFailed: ({ message }) => {
            setSending(null);
            setProblem(message);
          },
        },
        { [REQUEST_ITEM_METADATA]: String(item.id) },
      );
      upload.start();
    } catch {
      setSending(null);
      setProblem("The upload could not start. Check the connection, then choose the file again.");
    }
  };

  const answer = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    const a = await apiAnswer(
      "POST",
      `${PORTAL_DOCUMENT_REQUESTS_API}/${item.id}/unavailable`,
      { note },
      "Your answer could not be sent. Try again.",
    );
    setPending(false);
    if (a.ok) {
      setAnswering(false);
      setNote("");
      onChanged(`We have your answer for ${item.title}.`);
    } else setProblem(a.error);
  };

  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap gap-3">
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (file) send(file);
          }}
        />
        <button
          type="button"
          className="btn-navy min-h-11"
          aria-describedby={titleId}
          disabled={sending !== null}
          onClick={() => input.current?.click()}
        >
          <Upload className="size-4" aria-hidden="true" />
          {item.files.length > 0 ? "Send another file" : "Send a file"}
        </button>
        {outstanding && !answering && (
          <button
            type="button"
            className="btn-outline min-h-11"
            aria-describedby={titleId}
            onClick={() => setAnswering(true)}
          >
            I don't have this
          </button>
        )}
      </div>
      {sending && (
        <p role="status" className="text-sm text-ink">
          Sending… {formatFileSize(sending.sent)} of {formatFileSize(sending.total)}
        </p>
      )}
      {answering && (
        <form onSubmit={answer} className="space-y-2 rounded-lg border border-line bg-paper p-4">
          <label htmlFor={noteId} className="block font-semibold text-ink">
            Why not, and where might it be found?
          </label>
          <textarea
            id={noteId}
            className="block min-h-24 w-full rounded-lg border border-line bg-white p-3 text-ink"
            value={note}
            required
            minLength={3}
            maxLength={2000}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-navy min-h-11" disabled={pending}>
              Send the answer
            </button>
            <button type="button" className="btn-outline min-h-11" onClick={() => setAnswering(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
    </div>
  );
}
