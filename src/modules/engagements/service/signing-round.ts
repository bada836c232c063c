import { ConflictError } from "../../../contracts/errors";
import { addDays, firmToday, startOfDay } from "../../../contracts/firm-calendar";
import { allowed } from "../../../contracts/lifecycle";
import { SIGNER_ROLE_LABELS } from "../../../contracts/portal";
import { requireAllowed } from "../../../lib/lifecycle";
import { appendCompletionPage, isTimestampError, sealPdf } from "../../signing";
import {
  PORTAL_COUNTERSIGN_DESK_MAIL,
  PORTAL_DECLINED_DESK_MAIL,
  PORTAL_DECLINED_PARTY_MAIL,
  PORTAL_EXPIRED_DESK_MAIL,
  PORTAL_REMINDER_MAIL,
  PORTAL_SIGNED_CC_MAIL,
  PORTAL_SIGNED_CLIENT_MAIL,
  PORTAL_SIGNED_DESK_MAIL,
  PORTAL_SIGNED_PARTY_MAIL,
} from "../mail";
import { CERTIFIED_BEFORE_SIGNING, sinceWithdrawn } from "../model";
import type { EngagementRow, PresentedLetter } from "../repo/engagements";
import type { EngagementCore, Party } from "./engagement";

/** The firm's countersigner as the certificate names them: an owner, in the desk. */
export type Countersigner = {
  username: string;
  name: string;
  email: string | null;
  ip: string;
  userAgent?: string | null;
};

/** The certificate's account of the events: the steps since the last withdrawal, the signatures among them. */
const CERTIFIED = [...CERTIFIED_BEFORE_SIGNING, "signed", "countersigned"];

/**
 * The letter's signing round (ADR 297): sealing once every party (and the firm, when asked) has signed, the
 * decline, and the daily reminders and expiry. The parties sign in order; the core knows who is waiting.
 */
export function signingRound(core: EngagementCore) {
  const { deps, db, repo, links, sessions, submissions, letters, partiesOf, partyName, waitingOf } = core;
  const { config, now } = deps;
  const timeZone = config.desk.timeZone;

  /** What the certificate says of the seal's time: the authority's timestamp, or truthfully none. */
  const timestampLine = (url: string | undefined, failure: string | null) =>
    url && !failure
      ? `an RFC 3161 timestamp from the time-stamping authority at ${url}, embedded in the seal over its signature (PAdES B-T); the authority's time is in the token, as a PDF reader shows it.`
      : url
        ? `none: the time-stamping authority at ${url} gave none (${failure}); the times here are the firm's server clock.`
        : "none: no time-stamping authority is configured; the times here are the firm's server clock.";

  /**
   * The letter as signed by every party (and the firm's countersigner), with its certificate of completion,
   * sealed with the firm's certificate and, when TSA_URL is set, the authority's timestamp. An authority that
   * fails leaves a seal without one, and a certificate that says so.
   */
  async function sealLetter(
    e: EngagementRow,
    presented: PresentedLetter,
    parties: readonly Party[],
    firm: { countersigner: Countersigner; at: Date } | null,
    at: Date,
    extraEvents: readonly {
      kind: string;
      at: string;
      ip?: string | null;
      userAgent?: string | null;
      detail?: string | null;
    }[],
  ): Promise<Buffer> {
    const submission = submissions.byId(e.submissionId);
    const reference = submission?.reference ?? "";
    const signed = parties.map((p) => ({ ...p, at: new Date(p.signedAt ?? at.toISOString()) }));
    const stamped = await letters.sign(
      presented,
      signed.map((p) => ({ role: p.role, typedName: p.typedName ?? p.name, at: p.at })),
      firm ? { name: firm.countersigner.name, at: firm.at } : null,
    );
    const events = [
      ...sinceWithdrawn(repo.events(e.id)).filter((ev) => CERTIFIED.includes(ev.kind)),
      ...extraEvents,
    ].map((ev) => ({
      kind: ev.kind,
      at: ev.at,
      ip: ev.ip ?? null,
      userAgent: ev.userAgent ?? null,
      detail: ev.detail ?? null,
    }));
    const [first] = parties;
    const certificate = (failure: string | null) =>
      appendCompletionPage(stamped, {
        firm: config.brand.name,
        reference,
        signer: { name: first?.name ?? "", email: first?.address ?? "" },
        typedName: first?.typedName ?? "",
        timeZone,
        authentication: first?.authentication ?? "",
        letterSha256: presented.sha256,
        consentSha256: first?.consentSha256 ?? e.consentSha256,
        events,
        signers: parties.map((p) => ({
          name: p.name,
          email: p.address,
          role: SIGNER_ROLE_LABELS[p.role],
          typedName: p.typedName ?? "",
          at: p.signedAt ?? at.toISOString(),
          ip: p.signedIp,
          authentication: p.authentication ?? "",
        })),
        countersigner: firm
          ? {
              name: firm.countersigner.name,
              email: firm.countersigner.email ?? "not recorded",
              role: `Owner, countersigning for ${config.brand.name}`,
              typedName: firm.countersigner.name,
              at: firm.at.toISOString(),
              ip: firm.countersigner.ip,
              authentication: `Signed in to the firm's desk as ${firm.countersigner.username}, an owner (the role that may sign for the firm), from ${firm.countersigner.ip}.`,
            }
          : null,
        timestamp: timestampLine(config.portal.tsaUrl, failure),
      });
    const about = {
      reason: `Engagement letter ${reference} signed by ${parties.map(partyName).join(", ")}${firm ? ` and countersigned for ${config.brand.name}` : ""}`,
      firm: config.brand.name,
      contact: config.brand.email,
      place: config.brand.domain,
      at,
    };
    if (!config.portal.tsaUrl) return sealPdf(await certificate(null), deps.certificate(), about);
    try {
      return await sealPdf(await certificate(null), deps.certificate(), {
        ...about,
        timestampUrl: config.portal.tsaUrl,
      });
    } catch (error) {
      if (!(await isTimestampError(error))) throw error;
      return sealPdf(await certificate((error as Error).message), deps.certificate(), about);
    }
  }

  /**
   * The letter is signed by everyone it binds: recorded with its seal, the fee owed, monitoring started, and the
   * sealed copy mailed to every party, the copy recipients and the desk. In the caller's transaction.
   */
  function recordSigned(e: EngagementRow, sealed: Buffer, at: Date, letterSha256: string) {
    const parties = partiesOf(e);
    const client = parties.find((p) => p.role === "client") ?? parties[0];
    repo.setSigned(e.id, {
      name: client?.typedName ?? client?.name ?? "",
      at: at.toISOString(),
      letterSha256,
      pdf: sealed,
    });
    // A flat fee is owed from the signature: the ledger records it in the same write.
    deps.ledger.signed(e.id);
    for (const p of parties)
      deps.outbox.enqueue(
        p.requester
          ? { kind: PORTAL_SIGNED_CLIENT_MAIL, submissionId: e.submissionId, refId: e.id }
          : { kind: PORTAL_SIGNED_PARTY_MAIL, submissionId: e.submissionId, refId: p.id },
      );
    if (e.cc.length > 0)
      deps.outbox.enqueue({ kind: PORTAL_SIGNED_CC_MAIL, submissionId: e.submissionId, refId: e.id });
    deps.outbox.enqueue({ kind: PORTAL_SIGNED_DESK_MAIL, submissionId: e.submissionId, refId: e.id });
    // Monitoring starts on the later of the signature and the first month's payment (ADR 246).
    const monthly = core.monthlyOf(e);
    if (monthly)
      deps.subscriptions.start({
        engagementId: e.id,
        submissionId: e.submissionId,
        ...monthly,
        signedOn: core.firmDay(at),
      });
    core.startWorkIfReady(e.id, at);
  }

  /** The day an instant falls on, and the instant a number of the firm's days after that day begins. */
  const dayStartAfter = (at: Date, days: number) =>
    startOfDay(addDays(firmToday(at, timeZone), days), timeZone).toISOString();

  return {
    sealLetter,
    recordSigned,
    /** When a round sent at `at` expires: the start of the firm's day LETTER_EXPIRY_DAYS later. */
    expiresAt: (at: Date) => dayStartAfter(at, config.portal.expiryDays),

    /** Every party signed and the firm countersigns: the desk is told the letter waits on it. */
    awaitCountersignature(e: EngagementRow, at: Date) {
      repo.stopRound(e.id, "awaiting-countersignature", at.toISOString());
      deps.outbox.enqueue({ kind: PORTAL_COUNTERSIGN_DESK_MAIL, submissionId: e.submissionId, refId: e.id });
    },

    /**
     * A signer declines, with their reason: the round ends (no other signer can sign, no link opens), the desk
     * is told with the reason and every other party is told it was declined. In one write.
     */
    decline(e: EngagementRow, party: Party, reason: string, visitor: { ip: string; userAgent: string }) {
      const at = now();
      db.transaction(() => {
        const current = repo.byId(e.id);
        if (!current) throw new ConflictError("The letter is gone.");
        requireAllowed(core.stateOf(current, party), "decline");
        if (!repo.decline(e.id, party.id, reason, at.toISOString()))
          throw new ConflictError("The letter can no longer be declined.");
        links.voidOutstanding(e.id, at);
        sessions.endOthersOf(e.id, party.id, party.requester);
        repo.addEvent(e.id, {
          kind: "declined",
          at: at.toISOString(),
          ip: visitor.ip,
          userAgent: visitor.userAgent,
          detail: `Declined by ${partyName(party)}: ${reason}`,
        });
        deps.outbox.enqueue({ kind: PORTAL_DECLINED_DESK_MAIL, submissionId: e.submissionId, refId: e.id });
        for (const other of partiesOf(current))
          if (other.id !== party.id)
            deps.outbox.enqueue({
              kind: PORTAL_DECLINED_PARTY_MAIL,
              submissionId: e.submissionId,
              refId: other.id,
            });
      })();
      deps.outbox.wake();
    },

    /**
     * The day's reminders and expiries, on the firm's calendar (safe to run twice: a signer mailed within the
     * last LETTER_REMINDER_DAYS days is not mailed again; an expired round is no longer running). A round
     * expires from the start of the firm's day LETTER_EXPIRY_DAYS after it was sent: its links stop, the desk
     * sees "expired" and is told. A waiting signer not mailed for LETTER_REMINDER_DAYS days gets a reminder with
     * a fresh link of their own.
     */
    runCalendar(at: Date = now()): { reminded: number[]; expired: number[] } {
      const reminded: number[] = [];
      const expired: number[] = [];
      const today = firmToday(at, timeZone);
      for (const id of repo.runningRounds()) {
        db.transaction(() => {
          const e = repo.byId(id);
          if (!e || e.roundState || e.status !== "sent") return;
          const state = core.stateOf(e);
          if (e.roundExpiresAt && at.toISOString() >= e.roundExpiresAt) {
            if (!allowed(state, "expire")) return;
            repo.stopRound(e.id, "expired", at.toISOString());
            links.voidOutstanding(e.id, at);
            repo.addEvent(e.id, {
              kind: "expired",
              at: at.toISOString(),
              detail: `Expired unsigned: sent on ${e.sentAt}, it was not signed by every party within ${config.portal.expiryDays} days`,
            });
            deps.outbox.enqueue({
              kind: PORTAL_EXPIRED_DESK_MAIL,
              submissionId: e.submissionId,
              refId: e.id,
            });
            expired.push(e.id);
            return;
          }
          const waiting = waitingOf(partiesOf(e));
          const last = e.remindedAt ?? e.sentAt;
          if (!waiting || !last || !allowed(state, "remind")) return;
          if (today < addDays(firmToday(new Date(last), timeZone), config.portal.reminderDays)) return;
          core.issueLink(e, at, waiting, PORTAL_REMINDER_MAIL);
          repo.nudged(e.id, at.toISOString());
          repo.addEvent(e.id, {
            kind: "reminded",
            at: at.toISOString(),
            detail: `Reminder with a fresh link emailed to ${partyName(waiting)}`,
          });
          reminded.push(e.id);
        })();
      }
      if (reminded.length + expired.length > 0) deps.outbox.wake();
      return { reminded, expired };
    },
  };
}

export type SigningRound = ReturnType<typeof signingRound>;
