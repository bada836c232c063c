import { portalAccess } from "./access";
import { clientEngagements } from "./client";
import { engagementCore, type PortalServiceDeps } from "./engagement";
import { staffEngagements } from "./staff";

/**
 * The engagement: staff prepare, send and record payments (the desk's side, staff.ts); the client opens the
 * link, consents, reads and signs (the portal's side, client.ts). Every portal call takes the engagement id from
 * the session.
 */
export function createPortalService(deps: PortalServiceDeps) {
  const core = engagementCore(deps);
  return {
    staff: staffEngagements(core),
    portal: clientEngagements(core),
    access: portalAccess(core),
    repo: core.repo,
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
