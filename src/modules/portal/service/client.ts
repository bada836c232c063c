import { ConflictError, InvalidError, UnauthorizedError } from "../../../contracts/errors";
import { allowed, type LifecycleAction, lifecycleRefusal } from "../../../contracts/lifecycle";
import { payInstructions, payLink } from "../../../contracts/payments";
import {
  PORTAL_MESSAGES,
  type PortalEngagement,
  type PortalLetter,
  type PortalPayment,
  signAsAddressed,
} from "../../../contracts/portal";
import { consumerDisclosure } from "../../../contracts/portal-disclosure";
import { sha256 } from "../../../lib/hash";
import { requireAllowed } from "../../../lib/lifecycle";
import { createRateLimiter } from "../../../lib/rate-limit";
import { writeAudit } from "../../audit";
import { appendCompletionPage, sealPdf } from "../../signing";
import { certificateAuthentication } from "../lib/authentication";
import { signsAs } from "../lib/signer-name";
import { PORTAL_SIGNED_CLIENT_MAIL, PORTAL_SIGNED_DESK_MAIL } from "../mail";
import {
  CERTIFIED_BEFORE_SIGNING,
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
import { type EngagementCore, HOUR_MS } from "./engagement";

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
  const { startWorkIfReady, issueLink, stateOf, monthlyOf, firmDay } = core;
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
  const openWith = db.transaction((token: string, visitor: Visitor, at: Date) => {
    const found = links.use(token, at);
    if ("refused" in found) return found;
    const e = repo.byId(found.link.engagementId);
    if (!e) throw new UnauthorizedError(PORTAL_MESSAGES.linkInvalid);
    // The link's use is undone with the throw: a link of a request ended meanwhile opens nothing.
    requireAllowed(stateOf(e), "open");
    const session = sessions.create(e.id, at);
    repo.addEvent(e.id, {
      kind: "opened",
      at: at.toISOString(),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      detail: `Opened with the single-use link emailed to the client's address at ${found.link.createdAt}; the link opens nothing more`,
    });
    audited(e, "engagement.opened", visitor, at);
    return { session, engagement: e };
  });

  /**
   * The first time the client opens the letter in the portal, the one the certificate lists between sent and
   * consented; a reload or a second tab is not a new step. Checked and written in one transaction.
   */
  const recordLetterOpened = db.transaction((id: number, visitor: Visitor) => {
    if (sinceWithdrawn(repo.events(id)).some((ev) => ev.kind === LETTER_OPENED)) return;
    repo.addEvent(id, {
      kind: LETTER_OPENED,
      at: now().toISOString(),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      detail: "The client opened the engagement letter in the portal",
    });
  });

  const client = {
    /**
     * Exchanges a link's token for a session, once: refused when the token is unknown, replaced, expired or
     * already used. A used link opened again in the browser whose session is still live on that engagement
     * shows it (`session` null: the cookie it has goes on).
     */
    openSession(opening: SessionOpening, visitor: Visitor, current: number | null = null) {
      const token = tokenOf(opening);
      const opened = token ? openWith(token, visitor, now()) : { refused: "unknown" as const };
      if (!("refused" in opened))
        return { session: opened.session, engagement: portalView(opened.engagement) };
      // A link of a request staff closed or declined (voided then) says so, not "ask for a fresh link": none
      // would come. Its holder had it by e-mail from us; nothing else is told.
      const linked = opened.link ? repo.byId(opened.link.engagementId) : null;
      if (linked) requireAllowed(stateOf(linked), "open");
      const live =
        opened.refused === "used" && current === opened.link?.engagementId ? repo.byId(current) : null;
      if (live) return { session: null, engagement: portalView(live) };
      throw new UnauthorizedError(
        opened.refused === "used" ? PORTAL_MESSAGES.linkUsed : PORTAL_MESSAGES.linkInvalid,
      );
    },
    engagementOf: (sessionId: string) => sessions.engagementOf(sessionId, now()),
    /** The session a cookie names (live, or ended by its request's closing), or null when there is none. */
    sessionOf: (sessionId: string) => sessions.lookup(sessionId, now()),
    /** Why the engagement's state refuses the client's action (the lifecycle table, ADR 278), or null. */
    refusal(engagementId: number, action: LifecycleAction): string | null {
      const e = repo.byId(engagementId);
      return e ? lifecycleRefusal(stateOf(e), action) : null;
    },
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
        if (e && allowed(stateOf(e), "open")) {
          db.transaction(() => {
            issueLink(e, at);
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
    find(engagementId: number) {
      const e = repo.byId(engagementId);
      return e ? portalView(e) : null;
    },
    view(engagementId: number) {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      return portalView(e);
    },
    consent(engagementId: number, _consent: ConsentInput, visitor: Visitor) {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      requireAllowed(stateOf(e), "consent");
      if (e.consentedAt) return portalView(e);
      const at = now().toISOString();
      const textSha = sha256(disclosureText(config));
      db.transaction(() => {
        repo.setConsent(e.id, textSha, at);
        repo.addEvent(e.id, {
          kind: "consented",
          at,
          ip: visitor.ip,
          userAgent: visitor.userAgent,
          detail: `Consumer disclosure SHA-256 ${textSha}`,
        });
        audited(e, "engagement.consented", visitor, new Date(at));
      })();
      return portalView(repo.byId(e.id) as EngagementRow);
    },
    /**
     * The letter's PDF as the client reads it: the very bytes kept when it was sent (their SHA-256 is what the
     * signature names), or the sealed copy once signed. The first reading is a step of the certificate.
     */
    async letter(engagementId: number, visitor: Visitor): Promise<Uint8Array> {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      if (e.signedAt) return sealedLetter(e);
      const letter = await letters.presented(e);
      if (!letter) throw signedOut();
      recordLetterOpened(e.id, visitor);
      return letter.pdf;
    },
    /** Seals the signed letter with its certificate of completion; answers when, and the hashes. */
    async sign(
      engagementId: number,
      signature: SignInput,
      visitor: Visitor,
    ): Promise<{ signedAt: string; sha256: string; letterSha256: string }> {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      requireAllowed(stateOf(e), "sign");
      const submission = submissions.byId(e.submissionId);
      const reference = submission?.reference;
      if (!submission || !reference) throw signedOut();
      // The letter is addressed to one person, the one its links were mailed to: only their name signs it.
      if (!signsAs(signature.fullName, submission.name))
        throw new InvalidError({ fullName: [signAsAddressed(submission.name)] });
      const presented = await letters.presented(e);
      if (!presented) throw signedOut();
      // What the client signs is the letter they read: the one whose bytes they downloaded, named by its hash.
      const letterSha256 = presented.sha256;
      if (signature.letterSha256 !== letterSha256) throw new ConflictError(PORTAL_MESSAGES.letterChanged);
      const at = now();
      // Recorded with the signature below: a seal that fails leaves no "signed" event behind.
      const signedEvent = {
        kind: "signed",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail: `Typed name "${signature.fullName}" and "I agree to sign"; letter SHA-256 ${letterSha256}`,
      };
      const signedLetter = await letters.sign(presented, signature.fullName, at);
      const withCertificate = await appendCompletionPage(signedLetter, {
        firm: config.brand.name,
        reference,
        signer: { name: submission.name, email: submission.email },
        typedName: signature.fullName,
        timeZone: config.desk.timeZone,
        authentication: certificateAuthentication(
          repo.events(e.id),
          links.used(e.id),
          config.desk.timeZone,
          submission.email,
        ),
        letterSha256,
        consentSha256: e.consentSha256,
        events: [
          ...sinceWithdrawn(repo.events(e.id)).filter((ev) => CERTIFIED_BEFORE_SIGNING.includes(ev.kind)),
          signedEvent,
        ],
      });
      const sealed = await sealPdf(withCertificate, deps.certificate(), {
        reason: `Engagement letter ${reference} signed by the client`,
        firm: config.brand.name,
        contact: config.brand.email,
        place: config.brand.domain,
        at,
      });
      // The signature is checked again inside the write, before anything is written: two tabs signing at once
      // sign once, and the second is told so; a letter withdrawn meanwhile is not signed.
      db.transaction(() => {
        const current = repo.byId(e.id);
        if (current?.signedAt) throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
        if (current?.letterSha256 !== letterSha256 || !current.consentedAt)
          throw new ConflictError(PORTAL_MESSAGES.letterChanged);
        // Sealing took a moment: a request closed or declined meanwhile takes no signature, no fee, no mail.
        requireAllowed(stateOf(current), "sign");
        repo.addEvent(e.id, signedEvent);
        audited(e, "engagement.signed", visitor, at);
        repo.setSigned(e.id, {
          name: signature.fullName,
          at: at.toISOString(),
          letterSha256,
          pdf: sealed,
        });
        // A flat fee is owed from the signature: the ledger records it in the same write.
        deps.ledger.signed(e.id);
        deps.outbox.enqueue({ kind: PORTAL_SIGNED_CLIENT_MAIL, submissionId: e.submissionId, refId: e.id });
        deps.outbox.enqueue({ kind: PORTAL_SIGNED_DESK_MAIL, submissionId: e.submissionId, refId: e.id });
        // Monitoring starts on the later of the signature and the first month's payment (ADR 246).
        const monthly = monthlyOf(e);
        if (monthly)
          deps.subscriptions.start({
            engagementId: e.id,
            submissionId: e.submissionId,
            ...monthly,
            signedOn: firmDay(at),
          });
        startWorkIfReady(e.id, at);
      })();
      deps.outbox.wake();
      return { signedAt: at.toISOString(), sha256: sha256(sealed), letterSha256 };
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
  function portalView(e: EngagementRow): PortalEngagement {
    const v = view(e);
    const { events: _events, linkExpiresAt: _link, ...rest } = v;
    return {
      ...rest,
      clientName: submissions.byId(e.submissionId)?.name ?? "",
      letter: letterText(e),
      disclosure: [...consumerDisclosure(config.brand)],
      payment: paymentDue(e, v),
    };
  }

  return client;
}
