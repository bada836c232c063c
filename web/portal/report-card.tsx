import { Download } from "lucide-react";
import type { DocumentView } from "../../src/contracts/documents";
import { PORTAL_DOCUMENTS_PATH } from "../../src/contracts/documents";
import { formatFileSize } from "../../src/contracts/file-size";
import { useClientTimes } from "../lib/dates";

export function Sha({ value }: { value: string }) {
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

export const downloadHref = (doc: DocumentView) => `${PORTAL_DOCUMENTS_PATH}/${doc.id}`;

/** The firm's report, delivered: first in the section, with its fingerprint and its download. */
export function ReportCard({ doc }: { doc: DocumentView }) {
  const when = useClientTimes().dateTime;
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
