import { useEffect, useState } from "react";
import {
  DOCUMENT_REQUESTS_OVERVIEW_API,
  type RequestProgress,
  type RequestsOverviewRow,
} from "../../../src/contracts/document-requests";
import { apiAnswer } from "../../lib/api";

/** Each request's progress, read once for the desk's list and read again when the list is older than this. */
const FRESH_MS = 30_000;
let cached: { at: number; rows: Promise<Map<number, RequestProgress>> } | null = null;

function overview(): Promise<Map<number, RequestProgress>> {
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.rows;
  const rows = apiAnswer<{ engagements: RequestsOverviewRow[] }>("GET", DOCUMENT_REQUESTS_OVERVIEW_API).then(
    (a) => (a.ok ? new Map(a.data.engagements.map((e) => [e.submissionId, e.progress])) : new Map()),
  );
  cached = { at: Date.now(), rows };
  return rows;
}

/**
 * The desk list's word on a request's documents: "Documents 7 of 12", and what is overdue; nothing for a request
 * with no list (or for a role that may not read them).
 */
export function DocumentProgress({ submissionId }: { submissionId: number }) {
  const [progress, setProgress] = useState<RequestProgress | null>(null);
  useEffect(() => {
    let live = true;
    overview().then((m) => {
      if (live) setProgress(m.get(submissionId) ?? null);
    });
    return () => {
      live = false;
    };
  }, [submissionId]);
  if (!progress || progress.asked === 0) return null;
  return (
    <span className="block whitespace-nowrap text-ink-muted">
      Documents {progress.received} of {progress.asked}
      {progress.overdue > 0 && (
        <span className="font-semibold text-red-800">, {progress.overdue} overdue</span>
      )}
    </span>
  );
}
