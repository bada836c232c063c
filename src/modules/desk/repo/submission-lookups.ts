import type { RelatedRequest, SourceCount } from "../../../contracts/submissions";
import type { Database } from "../../../db/index";

type RelatedRow = Omit<RelatedRequest, "matchedBy"> & { byEmail: number; byFirm: number };

/**
 * Reads across contact_submissions for the desk: a requester's other requests (the conflict pre-screen) and
 * where requests came from. Both match on columns that hold no clear personal data: the keyed hashes of the
 * e-mail and the firm name, the landing page and the referring host.
 */
export function submissionLookups(db: Database) {
  const related = db.prepare<RelatedRow, { id: number }>(
    `SELECT o.id, o.reference, o.submitted_at AS submittedAt, o.status, o.desired_service AS desiredService,
       (o.email_hash IS NOT NULL AND o.email_hash = s.email_hash) AS byEmail,
       (o.firm_hash IS NOT NULL AND o.firm_hash = s.firm_hash) AS byFirm
     FROM contact_submissions s
     JOIN contact_submissions o ON o.id <> s.id
       AND ((o.email_hash IS NOT NULL AND o.email_hash = s.email_hash)
         OR (o.firm_hash IS NOT NULL AND o.firm_hash = s.firm_hash))
     WHERE s.id = $id
     ORDER BY o.submitted_at DESC, o.id DESC
     LIMIT 50`,
  );
  const byLanding = db.prepare<SourceCount, [string, string]>(
    `SELECT landing_page AS value, count(*) AS count FROM contact_submissions
     WHERE submitted_at >= ? AND submitted_at <= ? AND landing_page IS NOT NULL
     GROUP BY landing_page ORDER BY count DESC, value LIMIT 20`,
  );
  const byReferrer = db.prepare<SourceCount, [string, string]>(
    `SELECT referrer_host AS value, count(*) AS count FROM contact_submissions
     WHERE submitted_at >= ? AND submitted_at <= ? AND referrer_host IS NOT NULL
     GROUP BY referrer_host ORDER BY count DESC, value LIMIT 20`,
  );
  const totals = db.prepare<{ total: number; withLanding: number; withReferrer: number }, [string, string]>(
    `SELECT count(*) AS total, count(landing_page) AS withLanding, count(referrer_host) AS withReferrer
     FROM contact_submissions WHERE submitted_at >= ? AND submitted_at <= ?`,
  );

  return {
    /** Every other request with the same e-mail address or the same firm name, newest first (at most 50). */
    relatedTo: (id: number): RelatedRequest[] =>
      related.all({ id }).map(({ byEmail, byFirm, ...r }) => ({
        ...r,
        matchedBy: [...(byEmail ? ["email" as const] : []), ...(byFirm ? ["firm" as const] : [])],
      })),
    /** Requests received in [from, to]: counts by landing page and by referring host (top 20 of each). */
    sources(fromIso: string, toIso: string) {
      const t = totals.get(fromIso, toIso) ?? { total: 0, withLanding: 0, withReferrer: 0 };
      return {
        ...t,
        landingPages: byLanding.all(fromIso, toIso),
        referrers: byReferrer.all(fromIso, toIso),
      };
    },
  };
}

export type SubmissionLookups = ReturnType<typeof submissionLookups>;
