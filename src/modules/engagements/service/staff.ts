import type * as v from "valibot";
import { engagementDefaults } from "../../../contracts/engagement-defaults";
import { ConflictError, InvalidError, NotFoundError } from "../../../contracts/errors";
import type { LifecycleAction } from "../../../contracts/lifecycle";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementView,
  type LetterPreview,
  type LetterSendSchema,
  PORTAL_MESSAGES,
} from "../../../contracts/portal";
import { requireAllowed } from "../../../lib/lifecycle";
import { type Actor, auditBy } from "../../audit";
import { hashPasswordSync, staffAccounts } from "../../auth";
import { PORTAL_PAYMENT_MAIL, PORTAL_WITHDRAWN_MAIL } from "../mail";
import { type EngagementDraft, isSigned, type PaymentInput, sameTerms, WITHDRAWN } from "../model";
import { portalDevices } from "../repo/devices";
import type { EngagementRow, PresentedLetter } from "../repo/engagements";
import { DEVICE_ENDED_BY } from "./access";
import type { EngagementCore, ProcessorRefs } from "./engagement";
import { missingLetterSettings } from "./letter-record";
import { type Countersigner, signingRound } from "./signing-round";

type LetterSend = v.InferOutput<typeof LetterSendSchema>;

/** The desk's side of the engagement: prepare, preview, send, withdraw to change the terms, record payments. */
export function staffEngagements(core: EngagementCore) {
  const { deps, db, repo, links, sessions, submissions, desk, letters, view, sealedLetter } = core;
  const { config, now } = deps;
  const { startWorkIfReady, issueLink, stateOf, monthlyOf } = core;
  const { subscriptions } = deps;
  const devices = portalDevices(db);

  /**
   * The instant a preview was laid out at, for laying it out again (issue 44): on the firm's day it is now and
   * not after now, since the letter's date is the day it goes. Anything else asks for another look.
   */
  function previewInstant(dated: string | undefined): Date {
    const at = now();
    if (!dated) return at;
    const then = new Date(dated);
    if (Number.isNaN(then.getTime()) || then > at || core.firmDay(then) !== core.firmDay(at))
      throw new ConflictError(PORTAL_MESSAGES.previewStale);
    return then;
  }
  const round = signingRound(core);

  /**
   * A payment of a monthly engagement: until monitoring starts, the payment that completes the first month
   * gives the subscription its paid date. After that a payment is the ledger's alone: the months it covers are
   * read from it (paid through), oldest first, and what it leaves over is credit for the next month.
   */
  function payMonthly(e: EngagementRow) {
    const monthly = monthlyOf(e);
    if (!monthly) return;
    const current = subscriptions.viewForEngagement(e.id);
    if (current && current.state !== "pending") return;
    const paidOn = firstMonthPaidOn(e.id, monthly.monthlyCents);
    if (paidOn) subscriptions.start({ engagementId: e.id, submissionId: e.submissionId, ...monthly, paidOn });
  }

  /** The day the payments received first added up to the month's total, or null while they do not. */
  const firstMonthPaidOn = (id: number, monthlyCents: number): string | null =>
    deps.ledger.dayPaidReaching(id, monthlyCents);

  return {
    /** A request the path names that does not exist is not found, before anything sent with it is read. */
    requireRequest(submissionId: number): void {
      if (!submissions.byId(submissionId)) throw new NotFoundError("Not found");
    },
    /** As requireRequest, and the request has an engagement to act on. */
    requireEngagement(submissionId: number): void {
      if (!repo.bySubmission(submissionId)) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
    },
    /**
     * The lifecycle table's answer for a staff action on the request's engagement (ADR 278): the 409 that says
     * why, before anything sent with the action is read. Nothing when the request has no engagement (its 404
     * comes from requireEngagement).
     */
    requireAllowed(submissionId: number, action: LifecycleAction): void {
      const e = repo.bySubmission(submissionId);
      if (e) requireAllowed(stateOf(e), action);
    },
    /**
     * The request was closed or declined: what hangs off it ends at once (ADR 278). Its outstanding links open
     * nothing more and its portal sessions are ended (the client's next action is told why, then signed out).
     * In the caller's transaction, with the status change.
     */
    requestEnded(submissionId: number, at: Date): void {
      const e = repo.bySubmission(submissionId);
      if (!e) return;
      links.voidOutstanding(e.id, at);
      sessions.endedByClosing(e.id, at);
      // A device kept signed in opens nothing more either (ADR 299); passkeys stay, refused by the lifecycle.
      devices.endAllOf(e.id, DEVICE_ENDED_BY.closing, at, false);
    },
    /** The engagement, or what the desk pre-fills for a request that has none yet. */
    get(submissionId: number) {
      const s = submissions.byId(submissionId);
      if (!s) throw new NotFoundError("Not found");
      const e = repo.bySubmission(submissionId);
      // The settings a letter cannot be sent without, for the desk to say so before anyone presses Send.
      const missingSettings = missingLetterSettings(config);
      return e
        ? { engagement: view(e), missingSettings }
        : {
            engagement: null,
            // An attorney's request drafts counsel (the requester) first and asks for the client; anyone
            // else's, the requester alone as the client (ADR 297).
            defaults: {
              ...engagementDefaults(s.desiredService),
              signers:
                s.role === "attorney"
                  ? [
                      { role: "counsel" as const, name: s.name },
                      { role: "client" as const, name: "", email: "" },
                    ]
                  : [{ role: "client" as const, name: s.name }],
            },
            missingSettings,
          };
    },
    /**
     * Saves the draft the desk prepares. Once the letter is sent its terms are frozen as the client reads them:
     * changing them means withdrawing it and sending it again (409 says so).
     */
    saveDraft(submissionId: number, draft: EngagementDraft, actor: Actor): EngagementView {
      if (!submissions.byId(submissionId)) throw new NotFoundError("Not found");
      const at = now();
      // Only the hash of an access code is kept (ADR 305): the code itself is the firm's to tell, by phone.
      const signers = draft.signers?.map(({ accessCode, ...s }) => ({
        ...s,
        accessCodeHash: accessCode ? hashPasswordSync(accessCode, config.passwordCost) : accessCode,
      }));
      db.transaction(() => {
        const existing = repo.bySubmission(submissionId);
        if (existing && isSigned(existing)) throw new ConflictError(PORTAL_MESSAGES.lockedSigned);
        if (existing && existing.status !== "draft") throw new ConflictError(PORTAL_MESSAGES.lockedSent);
        repo.saveDraft(submissionId, draft, at.toISOString());
        // Who signs, in order (ADR 297); left out, the requester alone, as the client.
        const saved = repo.bySubmission(submissionId) as EngagementRow;
        const requester = submissions.byId(submissionId);
        core.signers.replace(saved.id, signers ?? [{ role: "client", name: requester?.name ?? "" }]);
        auditBy(db, actor, "engagement.saved", { submissionId }, at);
      })();
      return view(repo.bySubmission(submissionId) as EngagementRow);
    },
    /**
     * The letter's PDF: the sealed one once signed; the one the client was sent while it waits on them; a draft's
     * as it would be sent today.
     */
    async letter(submissionId: number, dated?: string): Promise<Uint8Array> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      if (e.signedAt) return sealedLetter(e);
      // A preview's PDF is the draft laid out at the preview's instant: the very bytes a send with it freezes.
      const letter =
        e.status === "draft" ? await letters.render(e, previewInstant(dated)) : await letters.presented(e);
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
    /**
     * "A look before sending" (issue 44): the letter a send would freeze now, its text and its SHA-256, dated now;
     * for a letter already sent (or signed), the one a fresh link leads to.
     */
    async preview(submissionId: number): Promise<LetterPreview> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const at = now();
      const letter = e.status === "draft" ? await letters.render(e, at) : await letters.presented(e);
      if (!letter) throw new NotFoundError("Not found");
      const spec = letter.spec ?? letters.textOf(e);
      return {
        dated: at.toISOString(),
        sha256: letter.sha256,
        letter: spec ? { title: spec.title, subtitle: spec.subtitle, blocks: spec.blocks } : null,
      };
    },
    /**
     * With a preview's `letterSha256` and `dated` (`seen`), a draft is laid out at that instant and sent only if
     * it is those very bytes: a term changed since, or a new day on the letter's date, is the 409 that asks for
     * another look, and nothing is sent.
     */
    async send(submissionId: number, actor: Actor, seen: LetterSend = {}): Promise<string> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      requireAllowed(stateOf(e), "send");
      let previewed: PresentedLetter | null = null;
      if (e.status === "draft" && seen.letterSha256) {
        previewed = await letters.render(e, previewInstant(seen.dated));
        if (previewed?.sha256 !== seen.letterSha256) throw new ConflictError(PORTAL_MESSAGES.previewStale);
      }
      // Counsel directs Judgment Intel and receives every report: the letter goes to the attorney who asked, or
      // names counsel among its signers.
      const monthly = monthlyOf(e);
      const counselSigns = core.partiesOf(e).some((p) => p.role === "counsel");
      if (monthly && !counselSigns && submissions.byId(submissionId)?.role !== "attorney")
        throw new InvalidError({ feeKind: [ENGAGEMENT_MESSAGES.counsel] });
      const at = now();
      const signed = isSigned(e);
      const letter = signed
        ? null
        : e.status === "draft"
          ? (previewed ?? (await letters.render(e, at)))
          : await letters.presented(e);
      if (!signed && !letter) throw new NotFoundError("Not found");
      const linkExpiresAt = db.transaction(() => {
        // Rendering took a moment: the letter kept is the one with the terms as they stand now. A signed
        // letter is never sent again; only a link back to it is.
        const current = repo.byId(e.id);
        if (!current) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
        // Asked again here: a request closed while the letter was rendering sends nothing.
        requireAllowed(stateOf(current), "send");
        if (letter) {
          if (isSigned(current)) throw new ConflictError(PORTAL_MESSAGES.alreadySigned);
          if (!sameTerms(current, e)) throw new ConflictError(PORTAL_MESSAGES.termsChanged);
          repo.freezeLetter(e.id, letter, at.toISOString());
        }
        links.voidOutstanding(e.id, at);
        // A first sending, or one after the round expired, starts a new signing period (ADR 297).
        if (current.status === "draft" || current.roundState === "expired")
          repo.startRound(e.id, at.toISOString(), round.expiresAt(at));
        else if (current.status === "sent") repo.nudged(e.id, at.toISOString());
        const expires = issueLink(repo.byId(e.id) as EngagementRow, at);
        repo.markSent(e.id, at.toISOString());
        repo.addEvent(e.id, {
          kind: "sent",
          at: at.toISOString(),
          detail: `Link emailed, valid until ${expires}`,
        });
        auditBy(db, actor, "engagement.sent", { submissionId }, at);
        // The subscription waits, pending, on the terms the client reads, for the signature and the first month.
        if (monthly && !signed)
          subscriptions.start({
            engagementId: e.id,
            submissionId: e.submissionId,
            ...monthly,
            paidOn: firstMonthPaidOn(e.id, monthly.monthlyCents),
          });
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
        if (!current) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
        requireAllowed(stateOf(current), "withdraw");
        // Checked again by the write itself: a letter never sent (or withdrawn a moment ago) changes nothing.
        if (!repo.withdraw(e.id, at.toISOString())) throw new ConflictError(PORTAL_MESSAGES.notSent);
        links.voidOutstanding(e.id, at);
        sessions.endAllOf(e.id);
        devices.endAllOf(e.id, DEVICE_ENDED_BY.withdrawal, at);
        // Every party's consent and signature on it are void with it (the events keep them).
        core.signers.voidRound(e.id);
        // Its terms may change before it is sent again: the pending subscription goes with the letter (ADR 249).
        subscriptions.discardPending(e.id);
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
    /**
     * Records a payment; the work starts once the letter is signed and the fee is paid. A processor's payment
     * names what it paid (`processor`): the ledger writes that once, and refuses a second (409, nothing written).
     */
    recordPayment(
      submissionId: number,
      payment: PaymentInput & { processor?: ProcessorRefs },
      actor: Actor,
    ): EngagementView {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const at = now();
      db.transaction(() => {
        requireAllowed(stateOf(e), "record-payment");
        const paymentId = repo.addPayment(e.id, { ...payment, by: actor.username, at: at.toISOString() });
        deps.ledger.paid({ ...payment, engagementId: e.id, paymentId, by: actor.username });
        repo.addEvent(e.id, {
          kind: "payment",
          at: at.toISOString(),
          detail: `${payment.amountCents} cents received ${payment.receivedOn}`,
        });
        auditBy(db, actor, "engagement.payment", { submissionId, amountCents: payment.amountCents }, at);
        // The client is told of every payment recorded, whoever recorded it (ADR 290).
        deps.outbox.enqueue({ kind: PORTAL_PAYMENT_MAIL, submissionId, refId: paymentId });
        payMonthly(e);
        startWorkIfReady(e.id, at);
      })();
      deps.outbox.wake();
      return view(repo.byId(e.id) as EngagementRow);
    },
    /**
     * The firm countersigns (ADR 297): an owner, once every party has signed a letter sent with
     * `countersign`. The letter is then sealed with every signature and the certificate listing them all,
     * signed, its fee owed, and mailed to every party and copy recipient.
     */
    async countersign(submissionId: number, actor: Actor, userAgent: string | null): Promise<EngagementView> {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      requireAllowed(stateOf(e), "countersign");
      if (!e.countersign) throw new ConflictError(PORTAL_MESSAGES.countersignNotAsked);
      const presented = await letters.presented(e);
      if (!presented) throw new NotFoundError("Not found");
      const at = now();
      const profile = staffAccounts(deps.store).profile(actor.id);
      const countersigner: Countersigner = {
        username: actor.username,
        name: profile?.displayName ?? profile?.email ?? actor.username,
        email: profile?.email ?? null,
        ip: actor.clientAddress,
        userAgent,
      };
      const event = {
        kind: "countersigned",
        at: at.toISOString(),
        ip: actor.clientAddress,
        userAgent,
        detail: `Countersigned for the firm by ${countersigner.name} (${actor.username}, owner); letter SHA-256 ${presented.sha256}`,
      };
      const sealed = await round.sealLetter(e, presented, core.partiesOf(e), { countersigner, at }, at, [
        event,
      ]);
      db.transaction(() => {
        const current = repo.byId(e.id);
        if (!current) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
        // Sealing took a moment: a letter withdrawn or a request closed meanwhile is not countersigned.
        requireAllowed(stateOf(current), "countersign");
        if (current.letterSha256 !== presented.sha256) throw new ConflictError(PORTAL_MESSAGES.letterChanged);
        repo.addEvent(e.id, event);
        repo.countersignedBy(e.id, countersigner.name);
        auditBy(db, actor, "engagement.countersigned", { submissionId }, at);
        round.recordSigned(current, sealed, at, presented.sha256);
      })();
      deps.outbox.wake();
      return view(repo.byId(e.id) as EngagementRow);
    },
    /** The day's reminders and expiries of the letters waiting on a signer (the calendar job's run). */
    runLetterCalendar: (at?: Date) => round.runCalendar(at),
    /** For the desk's detail: the engagement's view, or null. */
    viewOf(submissionId: number): EngagementView | null {
      const e = repo.bySubmission(submissionId);
      return e ? view(e) : null;
    },
  };
}
