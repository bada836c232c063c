import { randomBytes } from "node:crypto";
import type { Config } from "../../../config";
import { EXPEDITE_HOURS } from "../../../contracts/constants";
import { serviceName } from "../../../contracts/engagement-defaults";
import { NotFoundError } from "../../../contracts/errors";
import { spanOfDays } from "../../../contracts/firm-calendar";
import type { MoneyView } from "../../../contracts/ledger";
import {
  endsRequest,
  engagementStage,
  type LifecycleState,
  reportedStatus,
} from "../../../contracts/lifecycle";
import {
  type EngagementWithMoney,
  PORTAL_LINK_DAYS,
  SIGNER_ROLE_LABELS,
  type SignerView,
  type SigningStatus,
  type SigningView,
} from "../../../contracts/portal";
import type { DataStore } from "../../../store";
import type { DueService } from "../../desk";
import { contactSubmissions, submissionDesk, submissionEvents } from "../../desk";
import { mailOutboxRepo } from "../../mail";
import type { SealingCertificate } from "../../signing";
import type { SubscriptionsService } from "../../subscriptions";
import { PORTAL_LINK_MAIL, PORTAL_SIGNED_CLIENT_MAIL } from "../mail";
import { businessDayMinutes } from "../model";
import { type EngagementRow, engagementsRepo } from "../repo/engagements";
import { portalLinks } from "../repo/links";
import { portalSessions } from "../repo/sessions";
import { type EngagementSigners, engagementSigners, type SignerRow } from "../repo/signers";
import { letterRecord } from "./letter-record";

/** A signer with the address their mail goes to (the request's own for the requester). */
export type Party = SignerRow & { address: string; requester: boolean };

export const HOUR_MS = 3_600_000;

export type PortalServiceDeps = {
  store: DataStore;
  config: Config;
  outbox: {
    enqueue(m: { kind: string; submissionId?: number; refId?: number }): number | null;
    wake(): void;
  };
  due: DueService;
  /** Judgment Intel's subscription, which a monthly engagement starts, pays and shows (issue 29). */
  subscriptions: Pick<SubscriptionsService, "start" | "viewForEngagement" | "discardPending">;
  certificate: () => SealingCertificate;
  /** The engagement's ledger (issue 30): told of the signature (a flat fee is owed) and of each payment. */
  ledger: LedgerHooks;
  now: () => Date;
};

/**
 * What a payment the processor reported paid: its Checkout Session and its PaymentIntent, as the ledger keys
 * them ("stripe:cs_…", "stripe:pi_…"), so the same thing paid is recorded once whatever event brought it.
 */
export type ProcessorRefs = { object: string; intent: string | null };

/** What the portal tells the ledger, in the same write as what it records, and what it asks of it. */
export type LedgerHooks = {
  /** What is due and by when (the ledger's one reckoning), or null before the signature. */
  due(engagementId: number): { amountDueCents: number; dueOn: string | null } | null;
  /** What is owed now: what is due, or before the signature what the letter asks on it less what was paid. */
  owed(engagementId: number): { amountDueCents: number; dueOn: string | null };
  /** The engagement's money as both sides show it, every figure from the ledger's entries (ADR 285). */
  money(engagementId: number): MoneyView;
  /** What was paid, net of refunds. */
  paidCents(engagementId: number): number;
  /** The day payments first added up to `cents`, or null while they do not. */
  dayPaidReaching(engagementId: number, cents: number): string | null;
  signed(engagementId: number): void;
  paid(payment: {
    engagementId: number;
    paymentId: number;
    amountCents: number;
    receivedOn: string;
    method: string;
    by?: string;
    processor?: ProcessorRefs;
  }): void;
};

/**
 * What both sides of the engagement work on: its tables, the request it answers, its view, its links and the
 * work clock. The desk's side (staff.ts) and the client's (client.ts) are built on it.
 */
export function engagementCore(deps: PortalServiceDeps) {
  const { store, config, now } = deps;
  const { db } = store;
  const repo = engagementsRepo(store);
  const sessions = portalSessions(db);
  const links = portalLinks(store);
  const outbox = mailOutboxRepo(store);
  const submissions = contactSubmissions(store);
  const desk = submissionDesk(store);
  const statusEvents = submissionEvents(db);
  const signers: EngagementSigners = engagementSigners(store);

  /**
   * The engagement's signers, in order (ADR 297). An engagement saved before parties has none stored: its
   * requester alone signs, as the client, and is stored so from the first reading, with the consent and the
   * signature the engagement recorded for them.
   */
  function partiesOf(e: EngagementRow): Party[] {
    let rows = signers.of(e.id);
    if (rows.length === 0) {
      const s = submissions.byId(e.submissionId);
      if (!s) return [];
      signers.replace(e.id, [{ role: "client", name: s.name }]);
      const [only] = signers.of(e.id);
      if (only) signers.adopt(only.id, e.consentedAt, e.consentSha256, e.signedAt);
      rows = signers.of(e.id);
    }
    const request = submissions.byId(e.submissionId);
    return rows.map((r) => ({ ...r, address: r.email ?? request?.email ?? "", requester: r.email === null }));
  }
  /** Whose turn it is: the first signer who has not signed, or null when all have. */
  const waitingOf = (parties: readonly Party[]) => parties.find((p) => !p.signedAt) ?? null;
  /**
   * The party a session or a link acts for. One that names none was mailed to the request's own address (made
   * before parties, or a mail's own link): the requester's.
   */
  const partyFor = (e: EngagementRow, signerId: number | null): Party | null => {
    const parties = partiesOf(e);
    const found =
      signerId === null
        ? (parties.find((p) => p.requester) ?? parties[0])
        : parties.find((p) => p.id === signerId);
    return found ?? null;
  };
  /** "Dana Whitfield (counsel)": how a certificate line and a mail name a party. */
  const partyName = (p: Pick<Party, "name" | "role">) =>
    `${p.name} (${SIGNER_ROLE_LABELS[p.role].toLowerCase()})`;

  /** Where the signing round stands, for the desk and the portal. */
  function signingOf(e: EngagementRow): SigningView {
    const parties = partiesOf(e);
    const waiting = e.status === "sent" && !e.roundState ? waitingOf(parties) : null;
    const status: SigningStatus =
      e.status === "draft" ? "draft" : e.status !== "sent" ? "signed" : (e.roundState ?? "waiting");
    const decliner = e.declinedBy === null ? null : parties.find((p) => p.id === e.declinedBy);
    return {
      status,
      signers: parties.map(
        (p): SignerView => ({
          position: p.position,
          role: p.role,
          name: p.name,
          email: p.address,
          requester: p.requester,
          consentedAt: p.consentedAt,
          signedAt: p.signedAt,
          waiting: waiting?.id === p.id,
          accessCode: p.hasAccessCode,
          linkLocked: !p.signedAt && links.newestFor(e.id, p)?.lockedAt != null,
        }),
      ),
      cc: e.cc,
      countersign: e.countersign,
      countersignedBy: e.countersignedBy,
      expiresAt: status === "waiting" ? e.roundExpiresAt : null,
      declined:
        e.roundState === "declined" && decliner
          ? { by: partyName(decliner), reason: e.declinedReason ?? "", at: e.roundChangedAt ?? "" }
          : null,
    };
  }

  const letters = letterRecord({ store, config, repo, now, parties: partiesOf });

  /** A monthly engagement's terms; `feeCents` is per subject per month, so the month's total is their product. */
  const monthlyOf = (e: EngagementRow) =>
    e.feeKind === "monthly" && e.subjects
      ? {
          subjects: e.subjects,
          cadence: e.cadence ?? "quarterly",
          monthlyCents: e.feeCents * e.subjects.length,
        }
      : null;
  /** The firm's calendar date of an instant: the subscription's dates are the firm's days. */
  const firmDay = (at: Date) => deps.due.clock.local(at).date;

  function view(e: EngagementRow): EngagementWithMoney {
    const submission = submissions.byId(e.submissionId);
    const payments = repo.payments(e.id);
    const monthly = monthlyOf(e);
    const subscription = monthly ? deps.subscriptions.viewForEngagement(e.id) : null;
    // Every figure is the ledger's (ADR 285): what was paid, what is owed now, the retainer, the last payment.
    const money = deps.ledger.money(e.id);
    return {
      reference: submission?.reference ?? "",
      service: serviceName(submission?.desiredService ?? ""),
      scope: e.scope,
      feeCents: e.feeCents,
      feeKind: e.feeKind,
      hourlyRateCents: e.hourlyRateCents,
      turnaroundBusinessDays: e.turnaroundBusinessDays,
      expedite: e.expedite,
      monthly,
      subscription,
      firmToday: firmDay(now()),
      // Every party signed and the firm has not yet: the lifecycle's word for it, not "sent" (ADR 305).
      status: reportedStatus(e),
      sentAt: e.sentAt,
      linkExpiresAt: links.openUntil(e.id, now()),
      consentedAt: e.consentedAt,
      signedAt: e.signedAt,
      signedName: e.signedName,
      signedCopyMailedAt: e.signedAt
        ? (outbox.forRef(PORTAL_SIGNED_CLIENT_MAIL, e.id).find((m) => m.state === "sent")?.sentAt ?? null)
        : null,
      letterSha256: e.letterSha256,
      payments,
      paidCents: money.paidCents,
      outstandingCents: deps.ledger.owed(e.id).amountDueCents,
      money,
      workStartedAt: e.workStartedAt,
      deliveryDueAt: e.deliveryDueAt,
      deliveredAt: e.deliveredAt,
      events: repo.events(e.id).map((ev) => ({ kind: ev.kind, at: ev.at })),
      signing: signingOf(e),
    };
  }

  /** The signed letter as sealed; its bytes are the engagement's record, never rendered again. */
  const sealedLetter = (e: EngagementRow): Uint8Array => {
    const pdf = repo.signedPdf(e.id);
    if (!pdf) throw new NotFoundError("Not found");
    return pdf;
  };

  /**
   * The work clock: once the letter is signed and what it asks up front is paid in full (the flat fee, the
   * retainer's deposit, the first month), as the ledger has it, the request is engaged and its delivery is due
   * after the turnaround on the firm's business clock (72 hours when expedited). A part payment is recorded and
   * starts nothing: what remains is what the desk and the portal show as owed.
   */
  function startWorkIfReady(id: number, at: Date) {
    const e = repo.byId(id);
    if (e?.status !== "signed" || e.workStartedAt) return;
    // A payment recorded on a closed request (money owed on its signed letter) settles it; it does not reopen
    // the request nor start a clock for work the firm ended (ADR 278).
    if (endsRequest(stateOf(e).request)) return;
    const received = deps.ledger.paidCents(id);
    const monthly = monthlyOf(e);
    if (monthly) {
      if (received < monthly.monthlyCents) return;
      // Monitoring has no delivery date: its sweeps, on the subscription's calendar, are its clock.
      repo.setWorkStarted(id, at.toISOString(), null);
      repo.addEvent(id, { kind: "work-started", at: at.toISOString(), detail: "Monitoring started" });
      markEngaged(e.submissionId, at);
      return;
    }
    if (received < e.feeCents) return;
    const dueAt = e.expedite
      ? new Date(at.getTime() + EXPEDITE_HOURS * HOUR_MS)
      : deps.due.clock.addBusinessMinutes(at, e.turnaroundBusinessDays * businessDayMinutes(config));
    repo.setWorkStarted(id, at.toISOString(), dueAt.toISOString());
    repo.addEvent(id, {
      kind: "work-started",
      at: at.toISOString(),
      detail: `Delivery due ${dueAt.toISOString()}`,
    });
    markEngaged(e.submissionId, at);
  }

  /** The request is engaged, once: the desk's status follows the engagement. */
  function markEngaged(submissionId: number, at: Date) {
    const s = submissions.byId(submissionId);
    if (s && s.status !== "engaged") {
      desk.update(submissionId, { status: "engaged" }, at.toISOString());
      statusEvents.statusChanged(submissionId, {
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
  function issueLink(e: EngagementRow, at: Date, to: Party | null = null, kind = PORTAL_LINK_MAIL) {
    // While the letter waits on a signer, the link is theirs; otherwise the requester's (their way back in).
    const parties = partiesOf(e);
    const party =
      to ??
      (e.status === "sent" || e.status === "draft" ? waitingOf(parties) : null) ??
      parties.find((p) => p.requester) ??
      parties[0] ??
      null;
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(at.getTime() + spanOfDays(PORTAL_LINK_DAYS)).toISOString();
    links.clearSpent(at);
    const linkId = links.issue(e.id, token, at, expiresAt, party?.id ?? null);
    deps.outbox.enqueue({ kind, submissionId: e.submissionId, refId: linkId });
    return expiresAt;
  }

  /**
   * Where the engagement and its request stand, as the lifecycle table reads them (ADR 278). The subscription's
   * state is its own feature's to check; the request is read afresh each time, so a write that asks inside its
   * transaction sees a close made a moment before.
   */
  const stateOf = (e: EngagementRow, party: Pick<Party, "consentedAt"> | null = null): LifecycleState => ({
    // A request is never gone while its engagement is (erasure removes both): "closed" only satisfies the type.
    request: submissions.statusOf(e.submissionId) ?? "closed",
    // In the portal, the consent that counts is the signer's own (ADR 297).
    engagement: engagementStage(party ? { ...e, consentedAt: party.consentedAt } : e),
    subscription: null,
  });

  return {
    deps,
    db,
    repo,
    sessions,
    links,
    submissions,
    desk,
    letters,
    view,
    sealedLetter,
    startWorkIfReady,
    issueLink,
    stateOf,
    monthlyOf,
    firmDay,
    signers,
    partiesOf,
    partyFor,
    partyName,
    waitingOf,
    signingOf,
  };
}

export type EngagementCore = ReturnType<typeof engagementCore>;
