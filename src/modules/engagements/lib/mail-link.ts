import { randomBytes } from "node:crypto";
import type { Config } from "../../../config";
import { spanOfDays } from "../../../contracts/firm-calendar";
import { allowed } from "../../../contracts/lifecycle";
import { PORTAL_LINK_DAYS, PORTAL_MAIL_FOCUS, type PortalMailKind } from "../../../contracts/portal";
import { formatDate } from "../../../contracts/time-format";
import type { DataStore } from "../../../store";
import { portalLink } from "../mail";
import { engagementsRepo } from "../repo/engagements";
import { engagementLifecycle } from "../repo/facts";
import { portalLinks } from "../repo/links";

/** The outbox's row as a portal mail's link needs it: which mail, and its kind (what the link opens on). */
export type PortalMailRow = { id: number; kind: string };

/** What a portal mail says where no link of its own can be made: the request's portal opens no more. */
export const NO_PORTAL_LINK =
  "This request's portal can no longer be opened, so this email carries no link to it: reply to this email if you need anything it held.";

/**
 * The way into the portal a mail about the engagement gives the client (issue 44, ADR 306): a link of its own
 * that opens the portal once, on what the mail is about (PORTAL_MAIL_FOCUS, by the mail's kind), and the
 * sentence that says how long it works and how to come back. It is a portal link like the letter's: found by
 * its hash only, expiring after the same days, voided when the request is closed or declined. It is the queued
 * mail's own: made at its first attempt and carried by every retry, its token held encrypted only until the mail
 * is sent (`portalMailSettled`). Where the portal
 * no longer opens for the request (or it has no engagement), the mail says so instead of offering an address
 * that opens nothing.
 *
 * `lead` is the sentence the link ends ("…in our secure portal:"); null puts the link on a line of its own.
 */
export function portalMailLinks(store: DataStore, config: Config, now: () => Date) {
  const repo = engagementsRepo(store);
  const links = portalLinks(store);
  const lifecycle = engagementLifecycle(store);
  return (mail: PortalMailRow, submissionId: number, lead: string | null): string[] => {
    const focus = PORTAL_MAIL_FOCUS[mail.kind as PortalMailKind];
    // A kind that is not listed is a mistake of ours, caught by the test that sends every kind.
    if (!focus) throw new Error(`${mail.kind} is not a portal mail (PORTAL_MAIL_FOCUS)`);
    const e = repo.bySubmission(submissionId);
    const state = lifecycle.ofSubmission(submissionId);
    if (!e || !state || !allowed(state, "open")) return [NO_PORTAL_LINK];
    const at = now();
    // One link per queued mail: a retry carries the link its first attempt made (ADR 306).
    const { token, expiresAt } = links.forMail(mail.id, e.id, at, () => ({
      token: randomBytes(32).toString("base64url"),
      expiresAt: new Date(at.getTime() + spanOfDays(PORTAL_LINK_DAYS)).toISOString(),
    }));
    const url = `${portalLink(config.publicUrl, token)}&focus=${focus}`;
    return [
      lead === null ? url : `${lead} ${url}`,
      "",
      `This link opens the portal once, for this engagement only, until ${formatDate(expiresAt, config.desk.timeZone)}. To come back later, ask for a fresh link on ${config.publicUrl}/portal with this email address.`,
    ];
  };
}

export type PortalMailLinks = ReturnType<typeof portalMailLinks>;

/**
 * After each attempt of any queued mail (the outbox's `afterAttempt`): a portal mail sent leaves only its link's
 * hash; one given up or dropped voids the link nobody received. Mail of other kinds made no link: nothing changes.
 */
export function portalMailSettled(store: DataStore, now: () => Date) {
  const links = portalLinks(store);
  return (mail: PortalMailRow, outcome: "sent" | "retry" | "given-up" | "dropped") => {
    if (!Object.hasOwn(PORTAL_MAIL_FOCUS, mail.kind)) return;
    if (outcome === "sent") links.mailedFor(mail.id);
    else if (outcome !== "retry") links.voidFor(mail.id, now());
  };
}
