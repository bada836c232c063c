import {
  CircleAlert,
  CircleCheck,
  Download,
  FileText,
  LockKeyhole,
  RotateCw,
  Trash2,
  Upload,
  X,
} from "lucide-react";
import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  ACCEPTED_KINDS,
  cleanFileName,
  type DocumentView,
  PORTAL_DOCUMENTS_PATH,
  type PortalDocuments,
  type UploadLimits,
} from "../../src/contracts/documents";
import { formatFileSize, formatLimit } from "../../src/contracts/file-size";
import { ProgressBar } from "../components/progress-bar";
import { type SendingFile, sendFile } from "./document-upload";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

const NOT_STARTED = "The upload could not start. Check the connection, then choose the file again.";

type Sending = {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: "sending" | "done" | "failed";
  message?: string;
  refused?: boolean;
};

type Loaded = { kind: "loading" } | { kind: "error"; message: string } | ({ kind: "open" } & PortalDocuments);

async function load(): Promise<Loaded> {
  try {
    const res = await fetch(PORTAL_DOCUMENTS_PATH, { credentials: "same-origin" });
    const body = (await res.json().catch(() => ({}))) as Partial<PortalDocuments> & { error?: string };
    if (!res.ok || !body.documents || !body.limits)
      return { kind: "error", message: body.error ?? "Your files could not be loaded. Reload the page." };
    return { kind: "open", documents: body.documents, limits: body.limits };
  } catch {
    return {
      kind: "error",
      message: "Your files could not be loaded. Check the connection and reload the page.",
    };
  }
}

/**
 * The engagement's files once the letter is signed: the report when the firm has delivered it, what the client
 * sends (dropped or picked, several at once, each with its own progress and a retry), what the firm sends, and
 * the SHA-256 of every file so either side can prove a copy is the same.
 */
export function DocumentsSection() {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [sending, setSending] = useState<Sending[]>([]);
  const [announce, setAnnounce] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploads = useRef(new Map<string, SendingFile>());

  const refresh = useCallback(() => load().then(setLoaded), []);
  useEffect(() => {
    refresh();
  }, [refresh]);

  const update = (key: string, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const send = async (files: File[]) => {
    for (const file of files) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      // Shown as the server will list it: no control or bidi characters to disguise what it is.
      const name = cleanFileName(file.name) || file.name;
      setSending((all) => [...all, { key, name, size: file.size, sent: 0, state: "sending" }]);
      let upload: SendingFile;
      try {
        upload = await sendFile(file, {
          onProgress: (sent) => update(key, { sent }),
          onDone: () => {
            update(key, { sent: file.size, state: "done", message: undefined });
            setAnnounce(`${name} was sent.`);
            refresh();
          },
          onFailed: ({ message, refused }) => {
            update(key, { state: "failed", message, refused });
            setAnnounce(`${name} was not sent. ${message}`);
            if (refused) uploads.current.delete(key);
            refresh();
          },
        });
      } catch {
        // The uploader itself could not be loaded (the connection dropped before the first byte).
        update(key, { state: "failed", refused: true, message: NOT_STARTED });
        continue;
      }
      uploads.current.set(key, upload);
      upload.start();
    }
  };

  const retry = (key: string) => {
    const upload = uploads.current.get(key);
    if (!upload) return;
    update(key, { state: "sending", message: undefined });
    upload.start();
  };

  const dismiss = (key: string) => {
    uploads.current.delete(key);
    setSending((all) => all.filter((s) => s.key !== key));
  };

  const remove = async (doc: DocumentView) => {
    const res = await fetch(`${PORTAL_DOCUMENTS_PATH}/${doc.id}`, {
      method: "DELETE",
      credentials: "same-origin",
    });
    if (res.ok) {
      setRefusal(null);
      setAnnounce(`${doc.name} was removed.`);
    } else {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      setRefusal(body.error ?? `${doc.name} could not be removed.`);
    }
    refresh();
  };

  const docs = loaded.kind === "open" ? loaded.documents : [];
  const reports = docs.filter((d) => d.direction === "firm" && d.reportAt);
  // A file still on its way from this page is shown with its bar, not also as an unfinished file.
  const onTheWay = new Set(
    sending.filter((s) => s.state !== "done").map((s) => uploads.current.get(s.key)?.id()),
  );
  const fromClient = docs.filter(
    (d) => d.direction === "client" && (d.completedAt !== null || !onTheWay.has(d.id)),
  );
  const fromFirm = docs.filter((d) => d.direction === "firm" && !d.reportAt && d.completedAt);

  return (
    <section aria-labelledby="documents-title" className="space-y-6">
      <div>
        <h2 id="documents-title" className="font-serif text-2xl font-bold text-navy">
          Documents
        </h2>
        <p className="mt-2 flex items-start gap-2 text-ink">
          <LockKeyhole className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
          <span>
            Send us your statements and records here rather than by email. Each file is encrypted as it
            arrives, and its SHA-256 fingerprint is shown so you can check that our copy is exactly yours.
          </span>
        </p>
      </div>

      {reports.map((r) => (
        <ReportCard key={r.id} doc={r} />
      ))}

      {loaded.kind === "open" && <DropZone limits={loaded.limits} onFiles={send} />}

      {sending.length > 0 && (
        <div>
          <h3 className="font-semibold text-ink">Uploads</h3>
          <ul className="mt-3 space-y-3">
            {sending.map((s) => (
              <SendingRow
                key={s.key}
                item={s}
                onRetry={() => retry(s.key)}
                onDismiss={() => dismiss(s.key)}
              />
            ))}
          </ul>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>

      {loaded.kind === "loading" && <p className="text-ink-muted">Loading your files…</p>}
      {loaded.kind === "error" && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {loaded.message}
        </p>
      )}
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {refusal}
        </p>
      )}
      {loaded.kind === "open" && (
        <>
          <FileList
            title="Files you sent"
            empty="No files yet. The files you send appear here once they have arrived whole."
            docs={fromClient}
            onRemove={remove}
          />
          {fromFirm.length > 0 && <FileList title="Files from us" empty="" docs={fromFirm} />}
        </>
      )}
    </section>
  );
}

function DropZone({ limits, onFiles }: { limits: UploadLimits; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const drop = (ev: DragEvent) => {
    ev.preventDefault();
    setOver(false);
    const files = [...ev.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is for the pointer; the button inside is the way in by keyboard
    <div
      onDragOver={(ev) => {
        ev.preventDefault();
        setOver(true);
      }}
      // Leaving for a child of the zone is not leaving the zone.
      onDragLeave={(ev) => {
        if (!ev.currentTarget.contains(ev.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
      data-drop-zone
      className={`rounded-xl border-2 border-dashed p-6 text-center transition-colors ${
        over ? "border-navy bg-paper-deep" : "border-mist bg-white"
      }`}
    >
      <Upload className="mx-auto size-8 text-navy" aria-hidden="true" />
      <p className="mt-2 font-semibold text-ink">
        <span className="hidden sm:inline">Drag files here to send them, or</span>
        <span className="sm:hidden">Send files from this device</span>
      </p>
      <button
        type="button"
        className="btn-navy mt-3"
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        Choose files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(ev) => {
          const files = [...(ev.target.files ?? [])];
          ev.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <p id={hintId} className="mx-auto mt-4 max-w-prose text-sm text-ink-muted">
        We accept {ACCEPTED_KINDS}: up to {formatLimit(limits.maxBytes)} a file and{" "}
        {formatLimit(limits.maxTotalBytes)} for all of this engagement's files together. The file's content
        decides its type, not its name: documents with macros, web pages and scripts are not accepted. Several
        files may be sent at once.
      </p>
    </div>
  );
}

function SendingRow({
  item,
  onRetry,
  onDismiss,
}: {
  item: Sending;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const id = useId();
  const percent = item.size ? Math.floor((item.sent / item.size) * 100) : 100;
  const status =
    item.state === "done"
      ? "Sent"
      : item.state === "failed"
        ? "Not sent"
        : `${percent}% · ${formatFileSize(item.sent)} of ${formatFileSize(item.size)}`;
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <label htmlFor={`${id}-progress`} className="min-w-0 break-all font-semibold text-ink">
          {item.name}
        </label>
        <span
          className={`flex items-center gap-1.5 text-sm ${item.state === "failed" ? "text-danger" : "text-ink-muted"}`}
        >
          {item.state === "done" && <CircleCheck className="size-4 text-green-700" aria-hidden="true" />}
          {item.state === "failed" && <CircleAlert className="size-4" aria-hidden="true" />}
          {status}
        </span>
      </div>
      <ProgressBar
        id={`${id}-progress`}
        max={item.size}
        value={item.state === "done" ? item.size : item.sent}
        failed={item.state === "failed"}
        className="mt-2"
      />
      {item.message && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {item.message}
        </p>
      )}
      {item.state !== "sending" && (
        <div className="mt-3 flex flex-wrap gap-3">
          {item.state === "failed" && !item.refused && (
            <button type="button" className="btn-outline min-h-10 px-4 py-2 text-sm" onClick={onRetry}>
              <RotateCw className="size-4" aria-hidden="true" />
              Retry <span className="sr-only">{item.name}</span>
            </button>
          )}
          <button
            type="button"
            className="btn-base min-h-10 px-4 py-2 text-sm text-ink-muted underline hover:text-ink"
            onClick={onDismiss}
          >
            <X className="size-4" aria-hidden="true" />
            Clear <span className="sr-only">{item.name} from this list</span>
          </button>
        </div>
      )}
    </li>
  );
}

function Sha({ value }: { value: string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-ink-muted">
        SHA-256 <code className="font-mono text-ink">{value.slice(0, 12)}…</code>
      </summary>
      <code className="mt-1 block break-all rounded bg-paper px-2 py-1 font-mono text-xs text-ink">
        {value}
      </code>
    </details>
  );
}

const downloadHref = (doc: DocumentView) => `${PORTAL_DOCUMENTS_PATH}/${doc.id}`;

function ReportCard({ doc }: { doc: DocumentView }) {
  return (
    <article
      aria-labelledby={`report-${doc.id}`}
      className="rounded-xl border-2 border-gold bg-white p-5 shadow-sm"
    >
      <p className="eyebrow">Your report</p>
      <h3 id={`report-${doc.id}`} className="mt-1 break-all font-serif text-xl font-bold text-navy">
        {doc.name}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        {formatFileSize(doc.size)} · delivered {when(doc.reportAt ?? doc.createdAt)}
      </p>
      {doc.sha256 && (
        <div className="mt-2">
          <Sha value={doc.sha256} />
        </div>
      )}
      <a className="btn-navy mt-4 w-full sm:w-auto" href={downloadHref(doc)} download>
        <Download className="size-4" aria-hidden="true" />
        Download the report
      </a>
    </article>
  );
}

function FileList({
  title,
  empty,
  docs,
  onRemove,
}: {
  title: string;
  empty: string;
  docs: DocumentView[];
  onRemove?: (doc: DocumentView) => void;
}) {
  return (
    <div>
      <h3 className="font-semibold text-ink">{title}</h3>
      {docs.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-white">
          {docs.map((d) => (
            <li key={d.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-4">
              <div className="min-w-0 flex-1 basis-60">
                {d.completedAt ? (
                  <a
                    href={downloadHref(d)}
                    download
                    className="inline-flex max-w-full items-start gap-2 font-semibold text-navy underline"
                  >
                    <FileText className="mt-1 size-4 shrink-0" aria-hidden="true" />
                    <span className="break-all">{d.name}</span>
                  </a>
                ) : (
                  <span className="inline-flex max-w-full items-start gap-2 font-semibold text-ink">
                    <FileText className="mt-1 size-4 shrink-0" aria-hidden="true" />
                    <span className="break-all">{d.name}</span>
                  </span>
                )}
                <p className="mt-0.5 text-sm text-ink-muted">
                  {d.completedAt
                    ? `${formatFileSize(d.size)} · ${when(d.completedAt)}`
                    : `Unfinished: ${formatFileSize(d.received)} of ${formatFileSize(d.size)} arrived${
                        d.expiresAt ? `; removed ${when(d.expiresAt)} unless sent again` : ""
                      }`}
                  {d.openedAt ? " · opened by us" : ""}
                </p>
                {d.sha256 && (
                  <div className="mt-1">
                    <Sha value={d.sha256} />
                  </div>
                )}
              </div>
              {onRemove && !d.openedAt && (
                <button
                  type="button"
                  className="btn-base min-h-10 px-3 py-2 text-sm text-danger underline hover:bg-danger-light"
                  onClick={() => onRemove(d)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove <span className="sr-only">{d.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
