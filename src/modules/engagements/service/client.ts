import { ConflictError, ForbiddenError, InvalidError, UnauthorizedError } from "../../../contracts/errors";
import { allowed, type LifecycleAction, lifecycleRefusal } from "../../../contracts/lifecycle";
import { payInstructions, payLink } from "../../../contracts/payments";
import {
  ACCESS_CODE_MESSAGES,
  ACCESS_CODE_TRIES,
  normalAccessCode,
  notYourTurn,
  PORTAL_MESSAGES,
  type PortalEngagement,
  type PortalLetter,
  type PortalPayment,
  signAsAddressed,
  wrongAccessCode,
} from "../../../contracts/portal";
import { consumerDisclosure } from "../../../contracts/portal-disclosure";
import { sha256 } from "../../../lib/hash";
import { requireAllowed } from "../../../lib/lifecycle";
import { createRateLimiter } from "../../../lib/rate-limit";
import { writeAudit } from "../../audit";
import { verifyPassword } from "../../auth";
import { certificateAuthentication } from "../lib/authentication";
import { signsAs } from "../lib/signer-name";
import {
  type ConsentInput,
  disclosureText,
  LETTER_OPENED,
  type LinkRequest,
  type SessionOpening,
  type SignInput,
  sinceWithdrawn,
  tokenOf,
  type Visitor,
} from "../model";
import type { EngagementRow } from "../repo/engagements";
import { type EngagementCore, HOUR_MS, type Party } from "./engagement";
import { signingRound } from "./signing-round";

/** What the certificate adds for a signer the firm gave an access code (ADR 305): no link of theirs opened without it. */
const ACCESS_CODE_CERTIFIED =
  " Access code: the firm told this signer an access code by telephone, and every link emailed to them opened the portal only once it was entered.";

/** Link requests per address and per hour: enough for a lost mail, too few to flood anyone's inbox. */
const LINK_REQUESTS_PER_HOUR = 3;

/** The answer to a portal call whose session ended or whose engagement is gone: sign in again. */
const signedOut = () => new UnauthorizedError(PORTAL_MESSAGES.signedIn);

/**
 * The client's side of the engagement: open the link, consent, read and sign. Every call takes the engagement
 * id from the session, never from what the client sent.
 */
export function clientEngagements(core: EngagementCore) {
  const { deps, db, repo, links, sessions, submissions, letters, view, sealedLetter } = core;
  const { config, now } = deps;
  const { issueLink, stateOf, partiesOf, partyFor, partyName, waitingOf } = core;
  const round = signingRound(core);
  const linkRequests = createRateLimiter({ limit: LINK_REQUESTS_PER_HOUR, windowMs: HOUR_MS });

  /** The client's step in the audit log, under the engagement's client name and the address they came from. */
  const audited = (e: EngagementRow, event: string, visitor: Visitor, at: Date) =>
    writeAudit(deps.store, {
      event,
      client: { name: submissions.byId(e.submissionId)?.name ?? "", clientAddress: visitor.ip },
      detail: { submissionId: e.submissionId },
      at,
    });

  /**
   * Opens the portal with a link: the link is marked used and the session made in one write, so of two openings
   * of one link only one makes a session. Answers why it opened nothing otherwise.
   */
  const openWith = db.transaction((token: string, visitor: Visitor, at: Date, coded: boolean) => {
    const found = links.use(token, at);
    if ("refused" in found) return found;
    const e = repo.byId(found.link.engagementId);
    if (!e) throw new UnauthorizedError(PORTAL_MESSAGES.linkInvalid);
    // The link's use is undone with the throw: a link of a request ended meanwhile opens nothing.
    requireAllowed(stateOf(e), "open");
    // The session acts for the signer the link was mailed to, and for no one else (ADR 297).
    const party = partyFor(e, found.link.signerId);
    const session = sessions.create(e.id, at, "link", null, party?.id ?? null);
    const several = partiesOf(e).length > 1;
    repo.addEvent(e.id, {
      kind: "opened",
      at: at.toISOString(),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      detail: `Opened with the single-use link emailed to ${several && party ? `${partyName(party)} at their address` : "the client's address"} at ${found.link.createdAt}${coded ? ", after the access code the firm gave them by phone was entered" : ""}; the link opens nothing more`,
    });
    audited(e, "engagement.opened", visitor, at);
    return { session, engagement: e, signerId: party?.id ?? null };
  });

  /**
   * The first time the client opens the letter in the portal, the one the certificate lists between sent and
   * consented; a reload or a second tab is not a new step. Checked and written in one transaction.
   */
  const recordLetterOpened = db.transaction((id: number, visitor: Visitor, party: Party | null) => {
    const several = party !== null && partiesOf(repo.byId(id) as EngagementRow).length > 1;
    const detail = several
      ? `${partyName(party)} opened the engagement letter in the portal`
      : "The client opened the engagement letter in the portal";
    if (sinceWithdrawn(repo.events(id)).some((ev) => ev.kind === LETTER_OPENED && ev.detail === detail))
      return;
    repo.addEvent(id, {
      kind: LETTER_OPENED,
      at: now().toISOString(),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      detail,
    });
  });

  /**
   * The access code a link's signer was given by phone (ADR 305), asked before the link opens anything: answers
   * whether one was asked (and entered right). Without it the answer is 422 at `accessCode`; a wrong one counts
   * on the link, and the fifth locks it (403) with an event on the trail and an entry in the audit.
   */
  async function requireAccessCode(token: string, code: string | undefined, visitor: Visitor) {
    const at = now();
    const link = links.usable(token, at);
    const e = link ? repo.byId(link.engagementId) : null;
    const party = link && e ? partyFor(e, link.signerId) : null;
    const hash = party ? core.signers.accessCodeHash(party.id) : null;
    if (!link || !e || !party || !hash) return false;
    if (!code?.trim()) throw new InvalidError({ accessCode: [ACCESS_CODE_MESSAGES.asked] });
    if (await verifyPassword(normalAccessCode(code), hash, config.passwordCost)) return true;
    const failed = db.transaction(() => {
      const counted = links.wrongCode(link.id, now(), ACCESS_CODE_TRIES);
      if (!counted) return null;
      const locked = counted.lockedAt !== null;
      repo.addEvent(e.id, {
        kind: locked ? "link-locked" : "access-code-refused",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail: locked
          ? `The link emailed to ${partyName(party)} at ${link.createdAt} locked after ${ACCESS_CODE_TRIES} wrong access codes`
          : `A wrong access code was entered with the link emailed to ${partyName(party)} (${counted.codeFailures} of ${ACCESS_CODE_TRIES})`,
      });
      audited(e, locked ? "engagement.link_locked" : "engagement.access_code_refused", visitor, at);
      return counted;
    })();
    if (!failed || failed.lockedAt) throw new ForbiddenError(ACCESS_CODE_MESSAGES.locked);
    throw new InvalidError({ accessCode: [wrongAccessCode(ACCESS_CODE_TRIES - failed.codeFailures)] });
  }

  /** The party a session acts for: the signer its link was mailed to (the first, for a session before parties). */
  const partyOf = (e: EngagementRow, signerId: number | null) => {
    const party = partyFor(e, signerId);
    if (!party) throw signedOut();
    return party;
  };

  const client = {
    /**
     * Exchanges a link's token for a session, once: refused when the token is unknown, replaced, expired or
     * already used. A used link opened again in the browser whose session is still live on that engagement
     * shows it (`session` null: the cookie it has goes on).
     */
    async openSession(
      opening: SessionOpening,
      visitor: Visitor,
      current: number | null = null,
      currentSigner: number | null = null,
    ) {
      const token = tokenOf(opening);
      const coded = token ? await requireAccessCode(token, opening.accessCode, visitor) : false;
      const opened = token ? openWith(token, visitor, now(), coded) : { refused: "unknown" as const };
      if (!("refused" in opened))
        return { session: opened.session, engagement: portalView(opened.engagement, opened.signerId) };
      // A link of a request staff closed or declined (voided then) says so, not "ask for a fresh link": none
      // would come. Its holder had it by e-mail from us; nothing else is told.
      const linked = opened.link ? repo.byId(opened.link.engagementId) : null;
      if (linked) requireAllowed(stateOf(linked), "open");
      const live =
        opened.refused === "used" && current === opened.link?.engagementId ? repo.byId(current) : null;
      if (live) return { session: null, engagement: portalView(live, currentSigner) };
      if (opened.refused === "locked") throw new ForbiddenError(ACCESS_CODE_MESSAGES.locked);
      throw new UnauthorizedError(
        opened.refused === "used" ? PORTAL_MESSAGES.linkUsed : PORTAL_MESSAGES.linkInvalid,
      );
    },
    engagementOf: (sessionId: string) => sessions.engagementOf(sessionId, now()),
    /** The session a cookie names (live, or ended by its request's closing), or null when there is none. */
    sessionOf: (sessionId: string) => sessions.lookup(sessionId, now()),
    /** Why the engagement's state refuses the client's action (the lifecycle table, ADR 278), or null. */
    refusal(engagementId: number, action: LifecycleAction, signerId: number | null = null): string | null {
      const e = repo.byId(engagementId);
      return e ? lifecycleRefusal(stateOf(e, partyFor(e, signerId)), action) : null;
    },
    /** The signer a session acts for (ADR 297); null for a session opened before parties. */
    signerOf: (sessionId: string) => sessions.signerOf(sessionId),
    /** Signing out deletes the session: its cookie, or any copy of it, opens nothing afterwards. */
    signOut: (sessionId: string) => sessions.end(sessionId),
    /**
     * Emails a fresh link to each engagement of the address whose request is not closed, before or after the
     * signature. It only adds a link: the client's sessions and the links they hold go on, so anyone who knows
     * the address can do no more than send the client mail. Says nothing of what it found: an unknown address,
     * a bad one and too many requests all end the same way.
     */
    requestLink(request: LinkRequest, visitor: Visitor): void {
      if (!request) return;
      const at = now();
      const key = `${sha256(request.email.toLowerCase())}`;
      for (const k of [key, `ip:${visitor.ip}`]) {
        if (!linkRequests.hit(k, at.getTime()).allowed) return;
      }
      for (const id of submissions.idsByEmail(request.email)) {
        const e = repo.bySubmission(id);
        // A link locked by wrong access codes is replaced by the firm, who tells the code again (ADR 305).
        const requester = e ? (partiesOf(e).find((p) => p.requester) ?? null) : null;
        if (requester && links.newestFor(requester.engagementId, requester)?.lockedAt) continue;
        if (e && allowed(stateOf(e), "open")) {
          db.transaction(() => {
            // The address is the request's: the link is its requester's own, whoever's turn it is (ADR 297).
            issueLink(e, at, requester);
            repo.addEvent(e.id, {
              kind: "sent",
              at: at.toISOString(),
              ip: visitor.ip,
              detail: "Fresh link emailed at the client's request",
            });
          })();
        }
      }
      deps.outbox.wake();
    },
    /** The session's engagement as the client sees it, or null when it is gone. */
    find(engagementId: number, signerId: number | null = null) {
      const e = repo.byId(engagementId);
      return e ? portalView(e, signerId) : null;
    },
    view(engagementId: number, signerId: number | null = null) {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      return portalView(e, signerId);
    },
    /** The signer's own consent to electronic records (each party consents for themselves, ADR 297). */
    consent(engagementId: number, _consent: ConsentInput, visitor: Visitor, signerId: number | null = null) {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      const party = partyOf(e, signerId);
      requireAllowed(stateOf(e, party), "consent");
      if (party.consentedAt) return portalView(e, signerId);
      const at = now().toISOString();
      const textSha = sha256(disclosureText(config));
      const several = partiesOf(e).length > 1;
      db.transaction(() => {
        core.signers.setConsent(party.id, textSha, at);
        // The engagement's own consent is its first signer's: the desk's stage reads it.
        if (!e.consentedAt) repo.setConsent(e.id, textSha, at);
        repo.addEvent(e.id, {
          kind: "consented",
          at,
          ip: visitor.ip,
          userAgent: visitor.userAgent,
          detail: several
            ? `${partyName(party)}: consumer disclosure SHA-256 ${textSha}`
            : `Consumer disclosure SHA-256 ${textSha}`,
        });
        audited(e, "engagement.consented", visitor, new Date(at));
      })();
      return portalView(repo.byId(e.id) as EngagementRow, signerId);
    },
    /**
     * The signer declines the letter, with their reason (1 to 1,000 characters): the round ends, the desk and
     * the other parties are told (ADR 297).
     */
    decline(engagementId: number, reason: string, visitor: Visitor, signerId: number | null = null) {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      const party = partyOf(e, signerId);
      requireAllowed(stateOf(e, party), "decline");
      if (party.signedAt) throw new ConflictError(PORTAL_MESSAGES.alreadySignedByYou);
      round.decline(e, party, reason, visitor);
      audited(e, "engagement.declined", visitor, now());
      return portalView(repo.byId(e.id) as EngagementRow, signerId);
    },
    /**
     * The letter's PDF as the client reads it: the very bytes kept when it was sent (their SHA-256 is what the
     * signature names), or the sealed copy once signed. The first reading is a step of the certificate.
     */
    async letter(
      engagementId: number,
      visitor: Visitor,
      signerId: number | null = null,
    ): Promise<Uint8Array> {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      if (e.signedAt) return sealedLetter(e);
      const letter = await letters.presented(e);
      if (!letter) throw signedOut();
      recordLetterOpened(e.id, visitor, partyFor(e, signerId));
      return letter.pdf;
    },
    /**
     * The session's signer signs, in their turn (ADR 297): in their own name, on the letter whose hash they were
     * shown. The next signer is then mailed their link; after the last, the letter waits for the firm's
     * countersignature when the draft asked for one, or is sealed with its certificate of completion and mailed
     * to everyone. Answers when, and the hashes (`sha256` of the sealed letter, null while others must sign).
     */
    async sign(
      engagementId: number,
      signature: SignInput,
      visitor: Visitor,
      signerId: number | null = null,
    ): Promise<{ signedAt: string; sha256: string | null; letterSha256: string; complete: boolean }> {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      const party = partyOf(e, signerId);
      if (party.signedAt) throw new ConflictError(PORTAL_MESSAGES.alreadySignedByYou);
      requireAllowed(stateOf(e, party), "sign");
      const parties = partiesOf(e);
      const before = waitingOf(parties);
      if (before && before.id !== party.id) throw new ConflictError(notYourTurn(before));
      const submission = submissions.byId(e.submissionId);
      if (!submission?.reference) throw signedOut();
      // The letter names each party: only their own name signs for them.
      if (!signsAs(signature.fullName, party.name))
        throw new InvalidError({ fullName: [signAsAddressed(party.name)] });
      const presented = await letters.presented(e);
      if (!presented) throw signedOut();
      // What the signer signs is the letter they read: the one whose bytes they downloaded, named by its hash.
      const letterSha256 = presented.sha256;
      if (signature.letterSha256 !== letterSha256) throw new ConflictError(PORTAL_MESSAGES.letterChanged);
      const at = now();
      const several = parties.length > 1;
      const signedEvent = {
        kind: "signed",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail: `${several ? `${partyName(party)}: typed` : "Typed"} name "${signature.fullName}" and "I agree to sign"; letter SHA-256 ${letterSha256}`,
      };
      // How this signer was authenticated: the links mailed to them and the openings those made.
      const requester = parties.find((p) => p.requester) ?? parties[0];
      const mine = links.used(e.id).filter((l) => (l.signerId ?? requester?.id) === party.id);
      // With several parties each opening names whose link it was: only this signer's count for them.
      // So do the openings by a device they kept or a passkey they added (ADR 305), which name them too.
      const theirs = (ev: { kind: string; detail: string | null }) => {
        if (!several) return true;
        if (ev.kind === "opened") return (ev.detail ?? "").includes(`emailed to ${partyName(party)} `);
        if (ev.kind === "device-opened" || ev.kind === "passkey-opened")
          return (ev.detail ?? "").includes(` ${partyName(party)} `);
        return true;
      };
      const authentication = `${certificateAuthentication(
        repo.events(e.id).filter(theirs),
        mine,
        config.desk.timeZone,
        party.address,
        several ? "the signer" : "the client",
      )}${party.hasAccessCode ? ACCESS_CODE_CERTIFIED : ""}`;
      const signed = {
        ...party,
        signedAt: at.toISOString(),
        typedName: signature.fullName,
        signedIp: visitor.ip,
        authentication,
      };
      const rest = parties.filter((p) => p.id !== party.id && !p.signedAt);
      const next = rest[0] ?? null;
      const sealNow = !next && !e.countersign;
      // Sealed before the write (it takes a moment); recorded with the signature below, or not at all.
      const sealed = sealNow
        ? await round.sealLetter(
            e,
            presented,
            parties.map((p) => (p.id === party.id ? signed : p)),
            null,
            at,
            [signedEvent],
          )
        : null;
      // The signature is checked again inside the write, before anything is written: two tabs signing at once
      // sign once, and the second is told so; a letter withdrawn meanwhile is not signed.
      db.transaction(() => {
        const current = repo.byId(e.id);
        if (current?.signedAt) throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
        if (current?.letterSha256 !== letterSha256) throw new ConflictError(PORTAL_MESSAGES.letterChanged);
        const now_ = partyFor(current, party.id);
        if (!now_?.consentedAt) throw new ConflictError(PORTAL_MESSAGES.letterChanged);
        // Sealing took a moment: a request closed or declined meanwhile takes no signature, no fee, no mail.
        requireAllowed(stateOf(current, now_), "sign");
        if (
          !core.signers.setSigned(party.id, {
            at: at.toISOString(),
            typedName: signature.fullName,
            ip: visitor.ip,
            userAgent: visitor.userAgent,
            authentication,
          })
        )
          throw new ConflictError(PORTAL_MESSAGES.alreadySignedByYou);
        repo.addEvent(e.id, signedEvent);
        audited(e, "engagement.signed", visitor, at);
        if (next) {
          // The next party's turn: their own link, mailed now; reminders count from now.
          issueLink(current, at, next);
          repo.nudged(e.id, at.toISOString());
          repo.addEvent(e.id, {
            kind: "sent",
            at: at.toISOString(),
            detail: `Link emailed to ${partyName(next)}, whose turn it is to sign`,
          });
        } else if (!sealed) round.awaitCountersignature(current, at);
        else round.recordSigned(current, sealed, at, letterSha256);
      })();
      deps.outbox.wake();
      return {
        signedAt: at.toISOString(),
        sha256: sealed ? sha256(sealed) : null,
        letterSha256,
        complete: sealed !== null,
      };
    },
  };

  /** What is due and by when, as the ledger reckons it for the statements too, and where to pay it. */
  function paymentDue(e: EngagementRow, v: ReturnType<typeof view>): PortalPayment | null {
    const due = deps.ledger.due(e.id);
    if (!due) return null;
    const payUrl =
      due.amountDueCents > 0 ? payLink(config.portal.paymentUrl, v.reference, due.amountDueCents) : null;
    const instructions = payInstructions(config.portal.paymentInstructions, v.reference, due.amountDueCents);
    return { ...due, payUrl, instructions };
  }

  /** The letter's text as the client was sent it, the very document its PDF was drawn from. */
  function letterText(e: EngagementRow): PortalLetter | null {
    const spec = letters.textOf(e);
    return spec ? { title: spec.title, subtitle: spec.subtitle, blocks: spec.blocks } : null;
  }

  /** What the client sees: their engagement, the letter's text and, once signed, what is due and how to pay. */
  function portalView(e: EngagementRow, signerId: number | null = null): PortalEngagement {
    const v = view(e);
    const { events: _events, linkExpiresAt: _link, ...rest } = v;
    const you = partyFor(e, signerId);
    return {
      ...rest,
      // The page speaks to the signer whose session this is: their consent, their turn.
      consentedAt: you ? you.consentedAt : rest.consentedAt,
      clientName: you?.name ?? submissions.byId(e.submissionId)?.name ?? "",
      letter: letterText(e),
      disclosure: [...consumerDisclosure(config.brand)],
      payment: paymentDue(e, v),
      you: you ? { position: you.position, name: you.name, role: you.role } : null,
    };
  }

  return client;
}
