import { FileText, Trash2 } from "lucide-react";
import type { DocumentView } from "../../src/contracts/documents";
import { formatFileSize } from "../../src/contracts/file-size";
import { useClientTimes } from "../lib/dates";
import { downloadHref, Sha } from "./report-card";

/** Files of one direction, each downloadable once whole, an unfinished one with what arrived and when it goes. */
export function FileList({
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
  const when = useClientTimes().dateTime;
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
                    : d.heldAt
                      ? `${formatFileSize(d.size)} · received ${when(d.heldAt)}, being checked for viruses before it is accepted`
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
