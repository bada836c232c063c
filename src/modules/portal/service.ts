import { randomBytes } from "node:crypto";
import * as v from "valibot";
import type { Config } from "../../config";
import { EXPEDITE_HOURS } from "../../contracts/constants";
import {
  ConsentSchema,
  EngagementDraftSchema,
  type EngagementView,
  PaymentSchema,
  PORTAL_LINK_DAYS,
  PORTAL_MESSAGES,
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
import { engagementDefaults, matterName, serviceName } from "./defaults";
import { type EngagementRow, engagementsRepo, sha256 } from "./engagements.repo";
import { type LetterFacts, renderLetter } from "./letter";
import { PORTAL_LINK_MAIL, PORTAL_SIGNED_CLIENT_MAIL, PORTAL_SIGNED_DESK_MAIL } from "./mail";
import { portalSessions } from "./sessions.repo";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const LETTER_OPENED = "letter-opened";
/** The steps before the signature that its certificate of completion lists, with the signature itself. */
const CERTIFIED_BEFORE_SIGNING = ["sent", "opened", LETTER_OPENED, "consented"];
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
  const submissions = contactSubmissions(store);
  const desk = submissionDesk(store);
  const statusEvents = submissionEvents(db);
  const linkRequests = createRateLimiter({ limit: LINK_REQUESTS_PER_HOUR, windowMs: HOUR_MS });
  const firmDate = new Intl.DateTimeFormat("en-CA", { timeZone: config.desk.timeZone });

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
      linkExpiresAt: e.linkExpiresAt,
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

  function letterFacts(e: EngagementRow): LetterFacts | null {
    const s = submissions.byId(e.submissionId);
    if (!s) return null;
    return {
      reference: s.reference,
      clientName: s.name,
      clientFirm: s.firm,
      matter: matterName(s.matterType),
      serviceName: serviceName(s.desiredService),
      scope: e.scope,
      feeCents: e.feeCents,
      feeKind: e.feeKind,
      turnaroundBusinessDays: e.turnaroundBusinessDays,
      expedite: e.expedite,
      signatory: config.portal.signatory,
      date: firmDate.format(new Date(e.sentAt ?? now().toISOString())),
    };
  }

  /** The letter as the client reads it: the same bytes every time until it is signed (its hash is what they sign). */
  const unsignedLetter = (e: EngagementRow, facts: LetterFacts) =>
    renderLetter(config.brand, facts, new Date(e.sentAt ?? "2000-01-01T00:00:00Z"));

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

  /** A fresh link for the engagement (the one before stops working, and the sessions it opened end). */
  function issueLink(e: EngagementRow, at: Date) {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(at.getTime() + PORTAL_LINK_DAYS * DAY_MS).toISOString();
    sessions.endAllOf(e.id);
    repo.setLink(e.id, token, expiresAt, at.toISOString());
    deps.outbox.enqueue({ kind: PORTAL_LINK_MAIL, submissionId: e.submissionId, refId: e.id });
    return expiresAt;
  }

  /**
   * The first time the client opens the letter in the portal, the one the certificate lists between sent and
   * consented; a reload or a second tab is not a new step. Checked and written in one transaction.
   */
  const recordLetterOpened = db.transaction((id: number, visitor: Visitor) => {
    if (repo.events(id).some((ev) => ev.kind === LETTER_OPENED)) return;
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
      return e
        ? { engagement: view(e) }
        : { engagement: null, defaults: engagementDefaults(s.desiredService) };
    },
    /** Saves the draft the desk prepares; refused once the letter is signed. */
    saveDraft(submissionId: number, body: unknown, actor: Actor): EngagementView {
      if (!submissions.byId(submissionId)) throw new NotFoundError("Not found");
      const parsed = v.safeParse(EngagementDraftSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const existing = repo.bySubmission(submissionId);
      if (existing && (existing.status === "signed" || existing.status === "engaged"))
        throw new ConflictError(PORTAL_MESSAGES.lockedSigned);
      const at = now();
      db.transaction(() => {
        repo.saveDraft(submissionId, parsed.output, at.toISOString());
        auditBy(db, actor, "engagement.saved", { submissionId }, at);
      })();
      return view(repo.bySubmission(submissionId) as EngagementRow);
    },
    /** The letter's PDF: the sealed one once signed, else the one the client is asked to sign. */
    async letter(submissionId: number): Promise<Uint8Array> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      if (e.signedAt) return sealedLetter(e);
      const facts = letterFacts(e);
      if (!facts) throw new NotFoundError("Not found");
      return unsignedLetter(e, facts);
    },
    /** Emails the client a fresh link; answers until when it works. */
    send(submissionId: number, actor: Actor): string {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      if (e.status === "signed" || e.status === "engaged")
        throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
      const at = now();
      const linkExpiresAt = db.transaction(() => {
        const expires = issueLink(e, at);
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
    /** Exchanges a link's token for a session; refused when the token is unknown, replaced or expired. */
    openSession(body: unknown, visitor: Visitor) {
      const token = tokenOf(body);
      const e = token ? repo.byToken(token) : null;
      const at = now();
      if (!e?.linkExpiresAt || Date.parse(e.linkExpiresAt) <= at.getTime())
        throw new UnauthorizedError(PORTAL_MESSAGES.linkInvalid);
      const session = sessions.create(e.id, at);
      repo.addEvent(e.id, {
        kind: "opened",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail: "Authenticated by the link emailed to the client's address",
      });
      return { session, engagement: portalView(e) };
    },
    engagementOf: (sessionId: string) => sessions.engagementOf(sessionId, now()),
    /**
     * Emails a fresh link to each engagement of the address that is still waiting on the client. Says nothing
     * of what it found: an unknown address, a bad one and too many requests all end the same way.
     */
    requestLink(body: unknown, visitor: Visitor): void {
      const parsed = v.safeParse(v.object({ email: v.pipe(v.string(), v.trim(), v.email()) }), body);
      if (!parsed.success) return;
      const at = now();
      const key = `${sha256(parsed.output.email.toLowerCase())}`;
      for (const k of [key, `ip:${visitor.ip}`]) {
        if (!linkRequests.hit(k, at.getTime()).allowed) return;
      }
      for (const id of submissions.idsByEmail(parsed.output.email)) {
        const e = repo.bySubmission(id);
        if (e && e.status !== "draft" && !e.workStartedAt) {
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
    /** The letter's PDF as the client reads it; the first reading is a step of the certificate. */
    async letter(engagementId: number, visitor: Visitor): Promise<Uint8Array> {
      const e = repo.byId(engagementId);
      if (!e) throw signedOut();
      if (e.signedAt) return sealedLetter(e);
      const facts = letterFacts(e);
      if (!facts) throw new NotFoundError("Not found");
      const letter = await unsignedLetter(e, facts);
      recordLetterOpened(e.id, visitor);
      return letter;
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
      const facts = letterFacts(e);
      if (!facts) throw signedOut();
      const at = now();
      const letterSha256 = sha256(await unsignedLetter(e, facts));
      // Recorded with the signature below: a seal that fails leaves no "signed" event behind.
      const signedEvent = {
        kind: "signed",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail: `Typed name "${parsed.output.fullName}" and "I agree to sign"; letter SHA-256 ${letterSha256}`,
      };
      const signedLetter = await renderLetter(
        config.brand,
        { ...facts, signed: { name: parsed.output.fullName, date: firmDate.format(at) } },
        at,
      );
      const withCertificate = await appendCompletionPage(signedLetter, {
        firm: config.brand.name,
        reference: facts.reference,
        signer: parsed.output.fullName,
        timeZone: config.desk.timeZone,
        authentication:
          "A single-use link emailed to the client's address, opening a session bound to this engagement",
        letterSha256,
        consentSha256: e.consentSha256,
        events: [
          ...repo.events(e.id).filter((ev) => CERTIFIED_BEFORE_SIGNING.includes(ev.kind)),
          signedEvent,
        ],
      });
      const sealed = await sealPdf(withCertificate, deps.certificate(), {
        reason: `Engagement letter ${facts.reference} signed by the client`,
        firm: config.brand.name,
        contact: config.brand.email,
        place: config.brand.domain,
        at,
      });
      // The signature is checked again inside the write, before anything is written: two tabs signing at once
      // sign once, and the second is told so.
      db.transaction(() => {
        if (repo.byId(e.id)?.signedAt) throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
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
    v.union([v.object({ token: v.string() }), v.object({ link: v.pipe(v.string(), v.trim()) })]),
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
