import type { SubmissionList } from "../../../src/contracts/submissions";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Said under a search made while the server is still reading the stored requests after a restart (ADR 119):
 * the list is right for the newest requests, and older matches may be missing until the search is ready.
 */
export function SearchIndexingNotice({
  progress,
}: {
  progress: NonNullable<SubmissionList["searchIndexing"]>;
}) {
  return (
    <p role="status" className="mt-3 rounded-lg border border-line bg-white px-4 py-3 text-sm text-ink">
      Search is still getting ready after a restart: it has read {count(progress.indexed)} of{" "}
      {count(progress.total)} requests, newest first, so older matches may be missing. The results update on
      their own when it is done.
    </p>
  );
}
