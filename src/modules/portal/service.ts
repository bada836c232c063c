import { randomBytes } from "node:crypto";
import * as v from "valibot";
import type { Config } from "../../config";
import { EXPEDITE_HOURS } from "../../contracts/constants";
import {
  ConsentSchema,
  EngagementDraftSchema,
  type EngagementView,
  PaymentSchema,
  PORTAL_CLOSED_STATUSES,
  PORTAL_LINK_DAYS,
  PORTAL_MESSAGES,
  PortalLinkRequestSchema,
  PortalTokenSchema,
  portalClosedMessage,
  SignSchema,
} from "../../contracts/portal";
import { consumerDisclosure } from "../../contracts/portal-disclosure";
import { type Actor, auditBy } from "../../http/admin-http";
import { ConflictError, invalidInput, NotFoundError, UnauthorizedError } from "../../http/errors";
import { createRateLimiter } from "../../http/rate-limit";
import type { DataStore } from "../../store";
import type { DueService } from "../desk";
import { contactSubmissions, submissionDesk, submissionEvents } from "../desk";
import type { SealingCertificate } from "../signing";
import { appendCompletionPage, sealPdf } from "../signing";
import { certificateAuthentication } from "./authentication";
import { engagementDefaults, serviceName } from "./defaults";
import { type EngagementRow, engagementsRepo, type StoredEvent, sha256 } from "./engagements.repo";
import { letterRecord, missingLetterSettings } from "./letter-record";
import { portalLinks } from "./links.repo";
import {
  PORTAL_LINK_MAIL,
  PORTAL_SIGNED_CLIENT_MAIL,
  PORTAL_SIGNED_DESK_MAIL,
  PORTAL_WITHDRAWN_MAIL,
} from "./mail";
import { portalSessions } from "./sessions.repo";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const LETTER_OPENED = "letter-opened";
const WITHDRAWN = "withdrawn";
/** The steps before the signature that its certificate of completion lists, with the signature itself. */
const CERTIFIED_BEFORE_SIGNING = ["sent", "opened", LETTER_OPENED, "consented"];

/** The events of the letter as it stands: a withdrawal ends what came before (its link, opening, consent). */
const sinceWithdrawn = (events: StoredEvent[]) =>
  events.slice(events.findLastIndex((ev) => ev.kind === WITHDRAWN) + 1);

const isSigned = (e: EngagementRow) => e.status === "signed" || e.status === "engaged";

/** Whether two readings of an engagement hold the same letter: its state and every term it states. */
const sameTerms = (a: EngagementRow, b: EngagementRow) =>
  a.status === b.status &&
  a.scope === b.scope &&
  a.feeCents === b.feeCents &&
  a.feeKind === b.feeKind &&
  a.turnaroundBusinessDays === b.turnaroundBusinessDays &&
  a.expedite === b.expedite;
/** Link requests per address and per hour: enough for a lost mail, too few to flood anyone's inbox. */
const LINK_REQUESTS_PER_HOUR = 3;

export type Visitor = { ip: string; userAgent: string };

/** The answer to a portal call whose session ended or whose engagement is gone: sign in again. */
const signedOut = () => new UnauthorizedError(PORTAL_MESSAGES.signedIn);

export const disclosureText = (config: Config) => consumerDisclosure(config.brand).join("\n\n");

/**
 * The engagement: staff prepare, send and record payments (the desk's side); the client opens the link,
 * consents, reads and signs (the portal's side). Every portal call takes the engagement id from the session.
 */
export function createPortalService(deps: {
  store: DataStore;
  config: Config;
  outbox: {
    enqueue(m: { kind: string; submissionId?: number; refId?: number }): number | null;
    wake(): void;
  };
  due: DueService;
  certificate: () => SealingCertificate;
  now: () => Date;
}) {
  const { store, config } = deps;
  const { db } = store;
  const { now } = deps;
  const repo = engagementsRepo(store);
  const sessions = portalSessions(db);
  const links = portalLinks(store);
  const submissions = contactSubmissions(store);
  const desk = submissionDesk(store);
  const statusEvents = submissionEvents(db);
  const linkRequests = createRateLimiter({ limit: LINK_REQUESTS_PER_HOUR, windowMs: HOUR_MS });
  const letters = letterRecord({ store, config, repo, now });

  const paid = (id: number) => repo.payments(id).reduce((sum, p) => sum + p.amountCents, 0);

  function view(e: EngagementRow): EngagementView {
    const submission = submissions.byId(e.submissionId);
    const payments = repo.payments(e.id);
    const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
    return {
      reference: submission?.reference ?? "",
      service: serviceName(submission?.desiredService ?? ""),
      scope: e.scope,
      feeCents: e.feeCents,
      feeKind: e.feeKind,
      turnaroundBusinessDays: e.turnaroundBusinessDays,
      expedite: e.expedite,
      status: e.status,
      sentAt: e.sentAt,
      linkExpiresAt: links.openUntil(e.id, now()),
      consentedAt: e.consentedAt,
      signedAt: e.signedAt,
      signedName: e.signedName,
      letterSha256: e.letterSha256,
      payments,
      paidCents,
      outstandingCents: Math.max(0, e.feeCents - paidCents),
      workStartedAt: e.workStartedAt,
      deliveryDueAt: e.deliveryDueAt,
      deliveredAt: e.deliveredAt,
      events: repo.events(e.id).map((ev) => ({ kind: ev.kind, at: ev.at })),
    };
  }

  /** The signed letter as sealed; its bytes are the engagement's record, never rendered again. */
  const sealedLetter = (e: EngagementRow): Uint8Array => {
    const pdf = repo.signedPdf(e.id);
    if (!pdf) throw new NotFoundError("Not found");
    return pdf;
  };

  /**
   * The work clock: once the letter is signed and the fee paid in full (a retainer: any payment), the request is
   * engaged and its delivery is due after the turnaround on the firm's business clock (72 hours when expedited).
   */
  function startWorkIfReady(id: number, at: Date) {
    const e = repo.byId(id);
    if (e?.status !== "signed" || e.workStartedAt) return;
    const received = paid(id);
    if (e.feeKind === "flat" ? received < e.feeCents : received <= 0) return;
    const dueAt = e.expedite
      ? new Date(at.getTime() + EXPEDITE_HOURS * HOUR_MS)
      : deps.due.clock.addBusinessMinutes(at, e.turnaroundBusinessDays * businessDayMinutes(config));
    repo.setWorkStarted(id, at.toISOString(), dueAt.toISOString());
    repo.addEvent(id, {
      kind: "work-started",
      at: at.toISOString(),
      detail: `Delivery due ${dueAt.toISOString()}`,
    });
    const s = submissions.byId(e.submissionId);
    if (s && s.status !== "engaged") {
      desk.update(e.submissionId, { status: "engaged" }, at.toISOString());
      statusEvents.statusChanged(e.submissionId, {
        from: s.status,
        to: "engaged",
        actor: "portal",
        at: at.toISOString(),
      });
    }
  }

  /**
   * A new link for the engagement, mailed by the outbox. It adds to the links the client may hold: no session
   * ends and no other link stops working. Answers until when it works.
   */
  function issueLink(e: EngagementRow, at: Date) {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(at.getTime() + PORTAL_LINK_DAYS * DAY_MS).toISOString();
    links.clearSpent(at);
    const linkId = links.issue(e.id, token, at, expiresAt);
    deps.outbox.enqueue({ kind: PORTAL_LINK_MAIL, submissionId: e.submissionId, refId: linkId });
    return expiresAt;
  }

  /** The status of the engagement's request when its portal is closed (no link goes out), else null. */
  const closedStatusOf = (e: EngagementRow) => {
    const status = submissions.byId(e.submissionId)?.status;
    return status && PORTAL_CLOSED_STATUSES.includes(status) ? status : null;
  };

  /**
   * Opens the portal with a link: the link is marked used and the session made in one write, so of two openings
   * of one link only one makes a session. Answers why it opened nothing otherwise.
   */
  const openWith = db.transaction((token: string, visitor: Visitor, at: Date) => {
    const found = links.use(token, at);
    if ("refused" in found) return found;
    const e = repo.byId(found.link.engagementId);
    if (!e) throw new UnauthorizedError(PORTAL_MESSAGES.linkInvalid);
    const session = sessions.create(e.id, at);
    repo.addEvent(e.id, {
      kind: "opened",
      at: at.toISOString(),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      detail: `Opened with the single-use link emailed to the client's address at ${found.link.createdAt}; the link opens nothing more`,
    });
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

  const staff = {
    /** The engagement, or what the desk pre-fills for a request that has none yet. */
    get(submissionId: number) {
      const s = submissions.byId(submissionId);
      if (!s) throw new NotFoundError("Not found");
      const e = repo.bySubmission(submissionId);
      // The settings a letter cannot be sent without, for the desk to say so before anyone presses Send.
      const missingSettings = missingLetterSettings(config);
      return e
        ? { engagement: view(e), missingSettings }
        : { engagement: null, defaults: engagementDefaults(s.desiredService), missingSettings };
    },
    /**
     * Saves the draft the desk prepares. Once the letter is sent its terms are frozen as the client reads them:
     * changing them means withdrawing it and sending it again (409 says so).
     */
    saveDraft(submissionId: number, body: unknown, actor: Actor): EngagementView {
      if (!submissions.byId(submissionId)) throw new NotFoundError("Not found");
      const parsed = v.safeParse(EngagementDraftSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const at = now();
      db.transaction(() => {
        const existing = repo.bySubmission(submissionId);
        if (existing && isSigned(existing)) throw new ConflictError(PORTAL_MESSAGES.lockedSigned);
        if (existing && existing.status !== "draft") throw new ConflictError(PORTAL_MESSAGES.lockedSent);
        repo.saveDraft(submissionId, parsed.output, at.toISOString());
        auditBy(db, actor, "engagement.saved", { submissionId }, at);
      })();
      return view(repo.bySubmission(submissionId) as EngagementRow);
    },
    /**
     * The letter's PDF: the sealed one once signed; the one the client was sent while it waits on them; a draft's
     * as it would be sent today.
     */
    async letter(submissionId: number): Promise<Uint8Array> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      if (e.signedAt) return sealedLetter(e);
      const letter = e.status === "draft" ? await letters.render(e, now()) : await letters.presented(e);
      if (!letter) throw new NotFoundError("Not found");
      return letter.pdf;
    },
    /**
     * Emails the client a fresh link, before the signature or after it (a client whose work started or ended
     * gets back in this way), unless the request is closed; answers until when it works. The desk's link
     * replaces the ones not opened yet (one that reached the wrong hands stops this way); sessions go on.
     * The first sending freezes the letter: it is rendered once, with the firm's terms (refused while one is
     * missing), and kept as the client will read it.
     */
    async send(submissionId: number, actor: Actor): Promise<string> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const closed = closedStatusOf(e);
      if (closed) throw new ConflictError(portalClosedMessage(closed));
      const at = now();
      const signed = isSigned(e);
      const letter = signed
        ? null
        : e.status === "draft"
          ? await letters.render(e, at)
          : await letters.presented(e);
      if (!signed && !letter) throw new NotFoundError("Not found");
      const linkExpiresAt = db.transaction(() => {
        // Rendering took a moment: the letter kept is the one with the terms as they stand now. A signed
        // letter is never sent again; only a link back to it is.
        const current = repo.byId(e.id);
        if (!current) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
        if (letter) {
          if (isSigned(current)) throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
          if (!sameTerms(current, e)) throw new ConflictError(PORTAL_MESSAGES.termsChanged);
          repo.freezeLetter(e.id, letter, at.toISOString());
        }
        links.voidOutstanding(e.id, at);
        const expires = issueLink(e, at);
        repo.markSent(e.id, at.toISOString());
        repo.addEvent(e.id, {
          kind: "sent",
          at: at.toISOString(),
          detail: `Link emailed, valid until ${expires}`,
        });
        auditBy(db, actor, "engagement.sent", { submissionId }, at);
        // The letter is the firm's answer to the request: the desk's first-response clock stops (ADR 227).
        desk.recordFirstResponse(submissionId, at.toISOString(), "engagement-letter");
        return expires;
      })();
      deps.outbox.wake();
      return linkExpiresAt;
    },
    /**
     * Withdraws a sent letter to change its terms: it is a draft again, its link, the sessions it opened and any
     * consent are void, and the client is told by email. Refused once signed, and for a letter never sent.
     */
    withdraw(submissionId: number, actor: Actor): EngagementView {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const at = now();
      db.transaction(() => {
        const current = repo.byId(e.id);
        if (!current || isSigned(current)) throw new ConflictError(PORTAL_MESSAGES.withdrawSigned);
        if (!repo.withdraw(e.id, at.toISOString())) throw new ConflictError(PORTAL_MESSAGES.notSent);
        links.voidOutstanding(e.id, at);
        sessions.endAllOf(e.id);
        repo.addEvent(e.id, {
          kind: WITHDRAWN,
          at: at.toISOString(),
          detail: `Withdrawn by ${actor.username}: the link and any consent are void; the client is told by email`,
        });
        auditBy(db, actor, "engagement.withdrawn", { submissionId }, at);
        deps.outbox.enqueue({ kind: PORTAL_WITHDRAWN_MAIL, submissionId: e.submissionId, refId: e.id });
      })();
      deps.outbox.wake();
      return view(repo.byId(e.id) as EngagementRow);
    },
    /** Records a payment; the work starts once the letter is signed and the fee is paid. */
    recordPayment(submissionId: number, body: unknown, actor: Actor): EngagementView {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const parsed = v.safeParse(PaymentSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const at = now();
      db.transaction(() => {
        repo.addPayment(e.id, { ...parsed.output, by: actor.username, at: at.toISOString() });
        repo.addEvent(e.id, {
          kind: "payment",
          at: at.toISOString(),
          detail: `${parsed.output.amountCents} cents received ${parsed.output.receivedOn}`,
        });
        auditBy(
          db,
          actor,
          "engagement.payment",
          { submissionId, amountCents: parsed.output.amountCents },
          at,
        );
        startWorkIfReady(e.id, at);
      })();
      return view(repo.byId(e.id) as EngagementRow);
    },
    /** For the desk's detail: the engagement's view, or null. */
    viewOf(submissionId: number): EngagementView | null {
      const e = repo.bySubmission(submissionId);
      return e ? view(e) : null;
    },
  };

  const portal = {
    /**
     * Exchanges a link's token for a session, once: refused when the token is unknown, replaced, expired or
     * already used. A used link opened again in the browser whose session is still live on that engagement
     * shows it (`session` null: the cookie it has goes on).
     */
    openSession(body: unknown, visitor: Visitor, current: number | null = null) {
      const token = tokenOf(body);
      const opened = token ? openWith(token, visitor, now()) : { refused: "unknown" as const };
      if (!("refused" in opened))
        return { session: opened.session, engagement: portalView(opened.engagement) };
      const live =
        opened.refused === "used" && current === opened.link?.engagementId ? repo.byId(current) : null;
      if (live) return { session: null, engagement: portalView(live) };
      throw new UnauthorizedError(
        opened.refused === "used" ? PORTAL_MESSAGES.linkUsed : PORTAL_MESSAGES.linkInvalid,
      );
    },
    engagementOf: (sessionId: string) => sessions.engagementOf(sessionId, now()),
    /** Signing out deletes the session: its cookie, or any copy of it, opens nothing afterwards. */
    signOut: (sessionId: string) => sessions.end(sessionId),
    /**
     * Emails a fresh link to each engagement of the address whose request is not closed, before or after the
     * signature. It only adds a link: the client's sessions and the links they hold go on, so anyone who knows
     * the address can do no more than send the client mail. Says nothing of what it found: an unknown address,
     * a bad one and too many requests all end the same way.
     */
    requestLink(body: unknown, visitor: Visitor): void {
      const parsed = v.safeParse(PortalLinkRequestSchema, body);
      if (!parsed.success) return;
      const at = now();
      const key = `${sha256(parsed.output.email.toLowerCase())}`;
      for (const k of [key, `ip:${visitor.ip}`]) {
        if (!linkRequests.hit(k, at.getTime()).allowed) return;
      }
      for (const id of submissions.idsByEmail(parsed.output.email)) {
        const e = repo.bySubmission(id);
        if (e && e.status !== "draft" && !closedStatusOf(e)) {
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
    consent(engagementId: number, body: unknown, visitor: Visitor) {
      const parsed = v.safeParse(ConsentSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
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
      body: unknown,
      visitor: Visitor,
    ): Promise<{ signedAt: string; sha256: string; letterSha256: string }> {
      const parsed = v.safeParse(SignSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      if (e.signedAt) throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
      if (!e.consentedAt) throw new ConflictError(PORTAL_MESSAGES.consentFirst);
      const presented = await letters.presented(e);
      const reference = submissions.byId(e.submissionId)?.reference;
      if (!presented || !reference) throw signedOut();
      // What the client signs is the letter they read: the one whose bytes they downloaded, named by its hash.
      const letterSha256 = presented.sha256;
      if (parsed.output.letterSha256 !== letterSha256) throw new ConflictError(PORTAL_MESSAGES.letterChanged);
      const at = now();
      // Recorded with the signature below: a seal that fails leaves no "signed" event behind.
      const signedEvent = {
        kind: "signed",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail: `Typed name "${parsed.output.fullName}" and "I agree to sign"; letter SHA-256 ${letterSha256}`,
      };
      const signedLetter = await letters.sign(presented, parsed.output.fullName, at);
      const withCertificate = await appendCompletionPage(signedLetter, {
        firm: config.brand.name,
        reference,
        signer: parsed.output.fullName,
        timeZone: config.desk.timeZone,
        authentication: certificateAuthentication(repo.events(e.id), links.used(e.id), config.desk.timeZone),
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
        repo.addEvent(e.id, signedEvent);
        repo.setSigned(e.id, {
          name: parsed.output.fullName,
          at: at.toISOString(),
          letterSha256,
          pdf: sealed,
        });
        deps.outbox.enqueue({ kind: PORTAL_SIGNED_CLIENT_MAIL, submissionId: e.submissionId, refId: e.id });
        deps.outbox.enqueue({ kind: PORTAL_SIGNED_DESK_MAIL, submissionId: e.submissionId, refId: e.id });
        startWorkIfReady(e.id, at);
      })();
      deps.outbox.wake();
      return { signedAt: at.toISOString(), sha256: sha256(sealed), letterSha256 };
    },
  };

  /** What the client sees: their engagement and, once signed, how to pay. */
  function portalView(e: EngagementRow) {
    const { events: _events, linkExpiresAt: _link, ...rest } = view(e);
    const signed = e.signedAt !== null;
    return {
      ...rest,
      disclosure: [...consumerDisclosure(config.brand)],
      payment: signed
        ? {
            url: config.portal.paymentUrl
              ?.replaceAll("{reference}", encodeURIComponent(rest.reference))
              .replaceAll("{amount}", (rest.outstandingCents / 100).toFixed(2)),
            instructions: config.portal.paymentInstructions ?? null,
          }
        : null,
    };
  }

  return { staff, portal, repo };
}

/**
 * The link's token from what the client sent: `{ token }` from the page's script, or `{ link }` from the form
 * shown without JavaScript, where the client pastes the whole e-mailed link (its fragment never reaches a
 * server any other way) or the token alone.
 */
function tokenOf(body: unknown): string | null {
  const parsed = v.safeParse(
    v.union([PortalTokenSchema, v.object({ link: v.pipe(v.string(), v.trim()) })]),
    body,
  );
  if (!parsed.success) return null;
  if ("token" in parsed.output) return parsed.output.token;
  const pasted = parsed.output.link;
  const found = /(?:^|[#?&])token=([A-Za-z0-9_-]+)/.exec(pasted) ?? /^([A-Za-z0-9_-]{16,})$/.exec(pasted);
  return found?.[1] ?? null;
}

/** Minutes in the firm's business day (the first open day of the week): N business days is N times this. */
function businessDayMinutes(config: Config): number {
  const day = config.desk.hours.find((h) => h !== null);
  return day ? day.close - day.open : 480;
}

export type PortalService = ReturnType<typeof createPortalService>;
