import type { Database } from "../../../db/index";

export type EngagedRequest = { id: number; reference: string; desiredService: string };

/**
 * The desk's side of the deliveries it shows: which of the requests the portal says a report is owed on are
 * still engaged (a request moved on to closed or declined owes nothing any more), with what the desk shows of
 * them. References and services only: nothing personal.
 */
export function engagedRequests(db: Database) {
  const among = db.prepare<EngagedRequest, [string]>(
    `SELECT id, reference, desired_service AS desiredService FROM contact_submissions
     WHERE status = 'engaged' AND id IN (SELECT value FROM json_each(?))`,
  );
  return {
    /** The engaged requests among these ids, by id; one read for a list's worth. */
    among: (ids: readonly number[]): Map<number, EngagedRequest> =>
      ids.length === 0
        ? new Map()
        : new Map(among.all(JSON.stringify([...new Set(ids)])).map((r) => [r.id, r] as const)),
  };
}
