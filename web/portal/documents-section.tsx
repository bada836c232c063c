import { LockKeyhole } from "lucide-react";
import { FileList } from "./document-list";
import { DropZone, SendingRow } from "./document-sending";
import { ReportCard } from "./report-card";
import { usePortalDocuments } from "./use-portal-documents";

/**
 * The engagement's files once the letter is signed: the report when the firm has delivered it, what the client
 * sends (dropped or picked, several at once, each with its own progress and a retry), what the firm sends, and
 * the SHA-256 of every file so either side can prove a copy is the same.
 */
export function DocumentsSection() {
  const { loaded, sending, announce, refusal, reports, fromClient, fromFirm, send, retry, dismiss, remove } =
    usePortalDocuments();

  return (
    <section aria-labelledby="documents-title" className="space-y-6">
      <div>
        <h2 id="documents-title" className="font-serif text-2xl font-bold text-navy">
          Documents
        </h2>
        <p className="mt-2 flex items-start gap-2 text-ink">
          <LockKeyhole className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
          <span>
            Send us your records (bank and account statements among them) here rather than by email. Each file
            is encrypted as it arrives, and its SHA-256 fingerprint is shown so you can check that our copy is
            exactly yours.
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
