import { Link } from "wouter";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import type { RelatedRequest } from "../../../src/contracts/submissions";
import { formatDate } from "../../lib/dates";
import { serviceLabel } from "./desk-labels";
import { SubmissionStatusBadge } from "./submission-status-badge";

const MATCHED: Record<RelatedRequest["matchedBy"][number], string> = {
  email: "same email",
  firm: "same firm",
};

/**
 * The conflict pre-screen: the requester's other requests (same e-mail address or same firm name), so staff
 * see repeat and possibly conflicting requests before they answer.
 */
export function RelatedRequests({ related }: { related: RelatedRequest[] }) {
  return (
    <section
      aria-labelledby="related-title"
      className={`rounded-xl border bg-white p-6 shadow-sm ${related.length ? "border-gold-dark" : "border-line"}`}
    >
      <h2 id="related-title" className="font-serif text-xl font-bold text-navy">
        Conflict check: other requests
      </h2>
      {related.length === 0 ? (
        <p className="mt-2 text-ink-muted">No other request from this email address or firm.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-muted">
            {related.length === 1 ? "One other request" : `${related.length} other requests`} from the same
            email address or firm. Check them before you answer.
          </p>
          <ul className="mt-4 grid gap-3">
            {related.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 border-l-4 border-gold pl-3 text-sm"
              >
                <Link
                  href={adminSubmissionPath(r.id)}
                  className="font-mono font-semibold text-navy underline"
                >
                  {r.reference}
                </Link>
                <time dateTime={r.submittedAt} className="text-ink-muted">
                  {formatDate(r.submittedAt)}
                </time>
                <SubmissionStatusBadge status={r.status} />
                <span className="text-ink">{serviceLabel(r.desiredService)}</span>
                <span className="text-ink-muted">({r.matchedBy.map((m) => MATCHED[m]).join(", ")})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
