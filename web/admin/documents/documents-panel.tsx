import { Download, FileCheck, Upload } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { cleanFileName, type DocumentView, UPLOAD_PATCH_MAX_BYTES } from "../../../src/contracts/documents";
import { formatFileSize, formatLimit } from "../../../src/contracts/file-size";
import { SUBMISSIONS_API as DESK_API } from "../../../src/contracts/submissions";
import type { SubscriptionView } from "../../../src/contracts/subscriptions";
import { ProgressBar } from "../../components/progress-bar";
import { apiAnswer, apiRequest, apiSendFile, getJson } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { type EngagementAnswer, engagementApi } from "../engagements";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAcceptedChanges } from "../shared/use-accepted-changes";

export const documentsApi = {
  list: (id: number) => `${DESK_API}/${id}/documents`,
  one: (id: number, docId: string) => `${DESK_API}/${id}/documents/${docId}`,
  report: (id: number, docId: string) => `${DESK_API}/${id}/documents/${docId}/report`,
  sweepReport: (id: number, docId: string) => `${DESK_API}/${id}/documents/${docId}/sweep-report`,
  subscription: (id: number) => `${DESK_API}/${id}/subscription`,
};

const At = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/** Upload-Metadata's value: the name as UTF-8, in base64. */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * The engagement's files in the desk: what the client sent and what the firm sent, each downloadable (every
 * download is audited, and a client's file once opened stays), a file sent to the client's portal, and the
 * firm's file marked as the report, which e-mails the client and records the delivery; the client's first
 * download of it is shown as the receipt.
 */
export function DocumentsPanel({ submissionId }: { submissionId: number }) {
  const [docs, setDocs] = useState<DocumentView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState<DocumentView | null>(null);
  const [pending, setPending] = useState(false);

  const [engaged, setEngaged] = useState(false);
  // A monthly engagement with a sweep raised and not yet delivered: its files may be delivered as the sweep report.
  const [sweepOwed, setSweepOwed] = useState(false);
  const changes = useAcceptedChanges();

  const load = useCallback(
    () =>
      Promise.all([
        getJson<{ documents: DocumentView[] }>([documentsApi.list(submissionId)]),
        getJson<EngagementAnswer>([engagementApi.one(submissionId)]),
      ]).then(
        async ([a, e]) => {
          // Only a monthly engagement has sweeps: any other request is never asked for a subscription.
          const s =
            e.engagement?.feeKind === "monthly"
              ? await apiAnswer<SubscriptionView>("GET", documentsApi.subscription(submissionId))
              : null;
          setDocs(a.documents);
          setEngaged(e.engagement !== null);
          setSweepOwed(s?.ok === true && (s.data.sweeps ?? []).some((w) => w.deliveredAt === null));
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [submissionId],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read them again.
  useEffect(() => {
    load();
  }, [load, changes]);

  const markReport = async () => {
    if (!marking) return;
    setPending(true);
    try {
      await apiRequest("POST", documentsApi.report(submissionId, marking.id));
      toast({
        title: "Report Delivered",
        description: `${marking.name} is the report; the client is emailed a link to the portal.`,
      });
      setMarking(null);
      await load();
    } catch (error) {
      toast({
        title: "Not Marked as the Report",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };

  const fromClient = docs?.filter((d) => d.direction === "client") ?? [];
  const fromFirm = docs?.filter((d) => d.direction === "firm") ?? [];

  return (
    <section
      aria-labelledby="documents-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="documents-title" className="font-serif text-xl font-bold text-navy">
        Documents
      </h2>
      {failed && (
        <p className="mt-3 text-ink-muted">
          The documents could not be loaded. Reload the page to try again.
        </p>
      )}
      {!docs && !failed && <p className="mt-3 text-sm text-ink-muted">Loading the documents...</p>}
      {docs && (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            Encrypted at rest. Every download is recorded in the audit log; once a client's file is opened
            here, the client can no longer remove it.
          </p>
          <DocumentList
            submissionId={submissionId}
            title="From the client"
            empty="The client has sent no files yet."
            docs={fromClient}
          >
            {(d) => <ClientFacts doc={d} />}
          </DocumentList>
          <DocumentList
            submissionId={submissionId}
            title="From the firm"
            empty="No files sent to the client yet."
            docs={fromFirm}
          >
            {(d) => (
              <FirmFacts doc={d} onMark={() => setMarking(d)}>
                {sweepOwed && !d.sweepAt && d.completedAt && (
                  <SweepReportControl submissionId={submissionId} doc={d} onDelivered={load} />
                )}
              </FirmFacts>
            )}
          </DocumentList>
          {engaged ? (
            <SendFileForm submissionId={submissionId} onSent={load} />
          ) : (
            <p className="mt-5 text-sm text-ink-muted">
              Files can be sent to the client once an engagement is prepared above.
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={marking !== null}
        title="Deliver this as the report?"
        text={
          <p>
            <span className="break-words font-semibold">{marking?.name}</span> becomes the report: the client
            is emailed a link to the portal now (the file is not attached), and the delivery is recorded.
          </p>
        }
        confirmLabel="Deliver the Report"
        pendingLabel="Delivering..."
        tone="navy"
        pending={pending}
        onConfirm={markReport}
        onCancel={() => setMarking(null)}
      />
    </section>
  );
}

function DocumentList({
  submissionId,
  title,
  empty,
  docs,
  children,
}: {
  submissionId: number;
  title: string;
  empty: string;
  docs: DocumentView[];
  children: (d: DocumentView) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="mt-5">
      <h3 id={id} className="font-semibold text-ink">
        {title}
      </h3>
      {docs.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-2 divide-y divide-line rounded-lg border border-line">
          {docs.map((d) => (
            <li key={d.id} className="grid gap-1 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                {d.completedAt ? (
                  <a
                    href={documentsApi.one(submissionId, d.id)}
                    download
                    className="inline-flex min-w-0 items-start gap-1.5 font-semibold text-navy underline"
                  >
                    <Download className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span className="break-words">{d.name}</span>
                  </a>
                ) : (
                  <span className="break-words font-semibold text-ink">{d.name}</span>
                )}
                {d.reportAt && (
                  <span className="rounded-full bg-gold-light px-2.5 py-0.5 text-xs font-semibold text-gold-dark">
                    The report
                  </span>
                )}
              </div>
              <p className="text-ink-muted">
                {formatFileSize(d.size)}
                {d.kind ? ` · ${d.kind.toUpperCase()}` : ""} ·{" "}
                {d.completedAt ? (
                  <>
                    arrived <At iso={d.completedAt} />
                  </>
                ) : d.heldAt ? (
                  <>
                    arrived <At iso={d.heldAt} />, not yet scanned: the virus scanner did not answer, so it
                    cannot be opened until a scan finds it clean
                  </>
                ) : (
                  `unfinished: ${formatFileSize(d.received)} arrived`
                )}
              </p>
              {d.sha256 && (
                <p className="text-ink-muted">
                  SHA-256 <code className="break-all font-mono text-xs text-ink">{d.sha256}</code>
                </p>
              )}
              {children(d)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ClientFacts({ doc }: { doc: DocumentView }) {
  return (
    <p className="text-ink-muted">
      {doc.openedAt ? (
        <>
          First opened here <At iso={doc.openedAt} />
        </>
      ) : (
        "Not opened yet: the client may still remove it."
      )}
    </p>
  );
}

function FirmFacts({
  doc,
  onMark,
  children,
}: {
  doc: DocumentView;
  onMark: () => void;
  children?: React.ReactNode;
}) {
  if (doc.reportAt)
    return (
      <dl className="grid gap-x-4 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-ink-muted">Delivered</dt>
          <dd className="text-ink">
            <At iso={doc.reportAt} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-muted">Received by the client</dt>
          <dd className="text-ink">{doc.receivedAt ? <At iso={doc.receivedAt} /> : "Not downloaded yet"}</dd>
        </div>
      </dl>
    );
  if (!doc.completedAt) return null;
  return (
    <div className="flex flex-wrap items-start gap-x-3">
      <button
        type="button"
        onClick={onMark}
        className="btn-base mt-1 min-h-10 border-2 border-navy px-3 py-1.5 text-sm text-navy hover:bg-paper"
      >
        <FileCheck className="size-4" aria-hidden="true" />
        Mark as the Report <span className="sr-only">: {doc.name}</span>
      </button>
      {children}
    </div>
  );
}

/**
 * Judgment Intel: the firm's file delivered as the sweep report, which records the oldest sweep owed done and
 * tells counsel by e-mail. The server's refusal (already delivered, or no sweep owed) is said at the control.
 */
function SweepReportControl({
  submissionId,
  doc,
  onDelivered,
}: {
  submissionId: number;
  doc: DocumentView;
  onDelivered: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const deliver = async () => {
    setPending(true);
    setError(null);
    const answer = await apiAnswer(
      "POST",
      documentsApi.sweepReport(submissionId, doc.id),
      undefined,
      "Not delivered.",
    );
    setPending(false);
    if (!answer.ok) return setError(answer.error);
    toast({
      title: "Sweep Report Delivered",
      description: `${doc.name} is the sweep report; counsel is emailed a link to the portal.`,
    });
    onDelivered();
  };
  return (
    <div>
      <button
        type="button"
        onClick={deliver}
        disabled={pending}
        aria-describedby={error ? `${id}-error` : undefined}
        className="btn-base mt-1 min-h-10 border-2 border-navy px-3 py-1.5 text-sm text-navy hover:bg-paper disabled:opacity-70"
      >
        <FileCheck className="size-4" aria-hidden="true" />
        {pending ? "Delivering..." : "Deliver as the Sweep Report"}{" "}
        <span className="sr-only">: {doc.name}</span>
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function SendFileForm({ submissionId, onSent }: { submissionId: number; onSent: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!file) return setError("Choose a file to send.");
    if (file.size > UPLOAD_PATCH_MAX_BYTES)
      return setError(`The desk sends files of up to ${formatLimit(UPLOAD_PATCH_MAX_BYTES)}.`);
    setError(null);
    setSent(0);
    const answer = await apiSendFile(
      documentsApi.list(submissionId),
      file,
      { "upload-metadata": `filename ${base64(file.name)}` },
      setSent,
    );
    setSent(null);
    if (answer.status === 201) {
      toast({ title: "File Sent", description: `${cleanFileName(file.name)} is in the client's portal.` });
      setFile(null);
      if (input.current) input.current.value = "";
      onSent();
      return;
    }
    let message: string | undefined;
    try {
      message = (JSON.parse(answer.body) as { error?: string }).error;
    } catch {
      message = undefined;
    }
    setError(message ?? (answer.status === 0 ? "The connection was lost. Please try again." : "Not sent."));
  };

  return (
    <form onSubmit={submit} className="mt-6 border-t border-line pt-5">
      <h3 className="font-semibold text-ink">Send a file to the client</h3>
      <label htmlFor={`${id}-file`} className="mt-3 block text-sm font-semibold text-ink">
        File for the client's portal
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(ev) => {
          setFile(ev.target.files?.[0] ?? null);
          setError(null);
        }}
        className="mt-1.5 block w-full rounded-md border border-ink-muted bg-white text-sm text-ink file:mr-3 file:min-h-10 file:border-0 file:bg-paper file:px-3 file:font-semibold file:text-navy"
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-muted">
        Up to {formatLimit(UPLOAD_PATCH_MAX_BYTES)}, of the types the portal accepts. It appears in the portal
        at once; mark it as the report above when it is the deliverable.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {sent !== null && file && (
        <div className="mt-3">
          <label htmlFor={`${id}-progress`} className="text-sm text-ink-muted">
            Sending {cleanFileName(file.name)}
          </label>
          <ProgressBar id={`${id}-progress`} max={file.size} value={sent} className="mt-1" />
        </div>
      )}
      <button
        type="submit"
        disabled={sent !== null}
        className="btn-navy mt-4 w-full disabled:opacity-70 sm:w-auto"
      >
        <Upload className="size-4" aria-hidden="true" />
        {sent !== null ? "Sending..." : "Send the File to the Client"}
      </button>
    </form>
  );
}
