import { randomBytes } from "node:crypto";
import type { Config } from "../../../config";
import { spanOfDays } from "../../../contracts/firm-calendar";
import { allowed } from "../../../contracts/lifecycle";
import { PORTAL_LINK_DAYS, type PortalFocus } from "../../../contracts/portal";
import type { DataStore } from "../../../store";
import { portalLink } from "../mail";
import { engagementsRepo } from "../repo/engagements";
import { engagementLifecycle } from "../repo/facts";
import { portalLinks } from "../repo/links";

/**
 * The address a mail about the engagement points the client to: a link of its own that opens the portal once,
 * on what the mail is about (ADR 290), made as the mail is written. It is a portal link like the one the letter's
 * mail carries: found by its hash only, expiring after the same days, voided when the request is closed or
 * declined. A request the portal no longer opens for, or none with an engagement, gets the bare portal address.
 */
export function portalMailLinks(store: DataStore, config: Config, now: () => Date) {
  const repo = engagementsRepo(store);
  const links = portalLinks(store);
  const lifecycle = engagementLifecycle(store);
  const bare = `${config.publicUrl}/portal`;
  return (submissionId: number, focus: PortalFocus): string => {
    const e = repo.bySubmission(submissionId);
    const state = lifecycle.ofSubmission(submissionId);
    if (!e || !state || !allowed(state, "open")) return bare;
    const at = now();
    const token = randomBytes(32).toString("base64url");
    links.issueUnheld(e.id, token, at, new Date(at.getTime() + spanOfDays(PORTAL_LINK_DAYS)).toISOString());
    return `${portalLink(config.publicUrl, token)}&focus=${focus}`;
  };
}

export type PortalMailLinks = ReturnType<typeof portalMailLinks>;
