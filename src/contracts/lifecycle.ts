import { CONSULTATION_MESSAGES } from "./consultation";
import { DOCUMENT_MESSAGES } from "./documents";
import type { SubmissionStatus } from "./intake";
import { type EngagementStatus, PORTAL_MESSAGES } from "./portal";
import type { SubscriptionState } from "./subscriptions";

/**
 * One lifecycle (ADR 278): which actions each state of a request and of its engagement allows, for staff, the
 * client and the jobs. Every route and job that performs one of these actions asks this table, so that a
 * request closed while its client's portal is open can no longer be consented to, signed, paid or billed,
 * whatever door the action comes through. Pure: no store, no clock; the features read the state and ask.
 */

/** What staff do to a request's engagement, from the desk. */
export const STAFF_ACTIONS = [
  "send",
  "withdraw",
  "record-payment",
  "deliver",
  "close",
  "request-documents",
  "countersign",
] as const;
/** What the client does in the portal (`pay`: a payment the processor reports for them). */
export const CLIENT_ACTIONS = [
  "open",
  "consent",
  "sign",
  "decline",
  "pay",
  "upload",
  "answer-request",
  "book",
  "pause",
  "resume",
  "cancel",
] as const;
/** What the daily jobs do of their own accord. */
export const JOB_ACTIONS = ["charge", "sweep", "statement", "remind", "expire", "remind-documents"] as const;
export const LIFECYCLE_ACTIONS = [...STAFF_ACTIONS, ...CLIENT_ACTIONS, ...JOB_ACTIONS] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/**
 * Where a request stands for its engagement: open (new, in review, quoted, engaged) or ended by staff, closed or
 * declined. An ended request keeps its records (its letter, its ledger) and takes no new step.
 */
export type RequestPhase = "open" | "closed" | "declined";
export const requestPhase = (status: SubmissionStatus): RequestPhase =>
  status === "closed" || status === "declined" ? status : "open";
/** Closing or declining a request ends what hangs off it: its portal sessions and links (and the jobs skip it). */
export const endsRequest = (status: SubmissionStatus) => requestPhase(status) !== "open";

/**
 * The engagement's stages, in order: a draft (never sent, or withdrawn to change its terms), sent to the client,
 * consented to, signed, engaged (paid, so the work or the monitoring started), its report delivered (which the
 * firm may do before the fee is paid in full). A sent letter's round may stop before it is signed (ADR 297):
 * every party signed and it waits for the firm's countersignature, a signer declined it, or it expired.
 */
export const ENGAGEMENT_STAGES = [
  "draft",
  "sent",
  "consented",
  "awaiting-countersignature",
  "declined",
  "expired",
  "signed",
  "engaged",
  "delivered",
] as const;
export type EngagementStage = (typeof ENGAGEMENT_STAGES)[number];

/** What stopped a sent letter's signing round, as stored; null while it runs (ADR 297). */
export type RoundState = "awaiting-countersignature" | "declined" | "expired";

/**
 * The stage of an engagement as stored: its status and the moments it records. `consentedAt` is the consent of
 * whoever asks (a signer's own, in the portal).
 */
export function engagementStage(e: {
  status: "draft" | "sent" | "signed" | "engaged";
  consentedAt: string | null;
  deliveredAt: string | null;
  roundState?: RoundState | null;
}): EngagementStage {
  if (e.status === "sent" && e.roundState) return e.roundState;
  if (e.status === "sent") return e.consentedAt ? "consented" : "sent";
  // The firm may deliver its report before the fee is paid in full: delivered is delivered.
  if (e.status === "signed" || e.status === "engaged") return e.deliveredAt ? "delivered" : e.status;
  return e.status;
}

/**
 * What an engagement's answers (the desk's and the portal's) say its status is (issue 47, ADR 305): the status
 * stored, but a letter every party signed that waits on the firm's countersignature says so. It is not signed
 * yet: the table allows it nothing a signed letter allows (no fee due, no delivery, no upload) until an owner
 * countersigns, and the engagement reads `signed` from then on.
 */
export type ReportedStatus = EngagementStatus | "awaiting-countersignature";
export function reportedStatus(e: Parameters<typeof engagementStage>[0]): ReportedStatus {
  return engagementStage(e) === "awaiting-countersignature" ? "awaiting-countersignature" : e.status;
}

/** The state the table answers for: the request's status, its engagement's stage, its subscription's state. */
export type LifecycleState = {
  request: SubmissionStatus;
  engagement: EngagementStage;
  /** A monthly engagement's subscription (Judgment Intel); null for the other fee kinds or before one exists. */
  subscription: SubscriptionState | null;
};

const SIGNED: readonly EngagementStage[] = ["signed", "engaged", "delivered"];
const EVERY: readonly EngagementStage[] = ENGAGEMENT_STAGES;
/** A letter sent whose round still runs: a signer may act, the job may remind or expire it. */
const SIGNING: readonly EngagementStage[] = ["sent", "consented"];

/** Which stages of an engagement allow each action while its request is open. */
export const OPEN_REQUEST_ALLOWS: Record<LifecycleAction, readonly EngagementStage[]> = {
  // The letter the first time, then a fresh link, before the signature or after it; an expired one anew (a new
  // period). A declined letter is withdrawn and changed first; one signed by all waits only on the firm.
  send: ["draft", ...SIGNING, "expired", ...SIGNED],
  withdraw: [...SIGNING, "awaiting-countersignature", "declined", "expired"],
  countersign: ["awaiting-countersignature"],
  // Money received is a fact: recorded whenever it comes (a retainer may be paid before the letter is signed).
  "record-payment": EVERY,
  pay: EVERY,
  // The firm delivers once the letter is signed (before the fee is paid in full, if it chooses).
  deliver: SIGNED,
  close: EVERY,
  open: [...SIGNING, "awaiting-countersignature", ...SIGNED],
  consent: SIGNING,
  sign: ["consented"],
  decline: SIGNING,
  remind: SIGNING,
  expire: SIGNING,
  upload: SIGNED,
  // The list of records the work runs on (ADR 295): asked for, answered and reminded of once the letter is signed,
  // as files are; a delivered report may still need a record sent back for a revision.
  "request-documents": SIGNED,
  "answer-request": SIGNED,
  "remind-documents": SIGNED,
  book: ["delivered"],
  // Monitoring's moves and its calendar from the signature on: the subscription's own state (pending until the
  // first month is paid too) decides within that.
  pause: SIGNED,
  resume: SIGNED,
  cancel: SIGNED,
  charge: SIGNED,
  sweep: SIGNED,
  statement: EVERY,
};

/**
 * What a closed or declined request still allows: closing (again), recording money owed on a letter it signed
 * (the ledger must hold every payment received), and the statement of that money. Nothing else: no link, no
 * session, no consent, no signature, no file, no booking, no month charged and no sweep raised.
 */
export const ENDED_REQUEST_ALLOWS: Partial<Record<LifecycleAction, readonly EngagementStage[]>> = {
  close: EVERY,
  "record-payment": SIGNED,
  pay: SIGNED,
  statement: EVERY,
};

/** Which subscription states allow the client's and the desk's three moves (the subscription's own machine). */
export const SUBSCRIPTION_ALLOWS: Record<"pause" | "resume" | "cancel", readonly SubscriptionState[]> = {
  pause: ["active"],
  resume: ["paused", "cancelling"],
  cancel: ["active", "paused"],
};

/** How a refusal for an ended request begins: the portal's forms without JavaScript tell the two apart by it. */
export const ENDED_OPENINGS = {
  closed: "This request is closed, so ",
  declined: "This request was declined, so ",
} as const;

/** What an ended request no longer allows, as the sentence's end: "This request is closed, so …". */
const ENDED_WORDS: Record<LifecycleAction, string> = {
  send: "no portal link can be sent. Change its status first if the client still needs the portal.",
  withdraw: "its letter can no longer be withdrawn.",
  "record-payment": "no payment can be recorded on a letter that was never signed.",
  pay: "no payment can be taken on a letter that was never signed.",
  deliver: "no report can be delivered through the portal.",
  close: "",
  open: "its portal can no longer be opened.",
  consent: "its letter can no longer be consented to.",
  sign: "its letter can no longer be signed.",
  upload: "no more files can be sent through the portal.",
  "request-documents": "no documents can be asked for or reviewed.",
  "answer-request": "its list of documents can no longer be answered.",
  "remind-documents": "no reminder of its documents is sent.",
  book: "no consultation can be booked.",
  pause: "its monitoring can no longer be paused.",
  resume: "its monitoring can no longer be resumed.",
  cancel: "its monitoring can no longer be cancelled: nothing more is charged or swept.",
  charge: "no month is charged.",
  countersign: "its letter can no longer be countersigned.",
  decline: "its letter can no longer be declined.",
  remind: "no reminder is sent.",
  expire: "its unsigned letter is left as it is: nothing more expires.",
  sweep: "no sweep is raised.",
  statement: "",
};

const NOT_STARTED_MONITORING =
  "Monitoring has not started yet: it starts once the engagement letter is signed and the first month is paid.";
const NOT_SIGNED_YET = "The letter is not signed yet, so no report can be delivered.";
const NOT_SIGNED_FOR_REQUESTS =
  "The letter is not signed yet, so no documents can be asked for: the client sends files once it is signed.";

/** Why an open request's engagement at `stage` refuses `action`: the words the portal and the desk already say. */
function stageRefusal(stage: EngagementStage, action: LifecycleAction): string {
  const signed = SIGNED.includes(stage);
  // A round that stopped says why, whatever was tried (but the desk's withdrawal, which it allows).
  if (stage === "declined")
    return action === "send" ? PORTAL_MESSAGES.resendDeclined : PORTAL_MESSAGES.declined;
  if (stage === "expired") return PORTAL_MESSAGES.expired;
  if (stage === "awaiting-countersignature" && action !== "countersign")
    return action === "withdraw" ? PORTAL_MESSAGES.notSent : PORTAL_MESSAGES.awaitingCountersignature;
  switch (action) {
    case "countersign":
      return signed ? PORTAL_MESSAGES.alreadySigned : PORTAL_MESSAGES.notAwaitingCountersignature;
    case "decline":
    case "remind":
    case "expire":
      return signed ? PORTAL_MESSAGES.alreadySigned : PORTAL_MESSAGES.notSent;
    case "withdraw":
      return signed ? PORTAL_MESSAGES.withdrawSigned : PORTAL_MESSAGES.notSent;
    case "consent":
    case "sign":
      if (signed) return PORTAL_MESSAGES.alreadySigned;
      if (stage === "draft") return PORTAL_MESSAGES.notSent;
      return PORTAL_MESSAGES.consentFirst;
    case "open":
      return PORTAL_MESSAGES.notSent;
    case "upload":
    case "answer-request":
      return DOCUMENT_MESSAGES.notSigned;
    case "request-documents":
    case "remind-documents":
      return NOT_SIGNED_FOR_REQUESTS;
    case "book":
      return CONSULTATION_MESSAGES.notDelivered;
    case "deliver":
      return NOT_SIGNED_YET;
    default:
      return NOT_STARTED_MONITORING;
  }
}

/**
 * Why `state` refuses `action`, in a sentence for the person who tried ("This request is closed, so its letter
 * can no longer be signed."); null when the table allows it. The request comes first, then the engagement's
 * stage, then a subscription's state.
 */
export function lifecycleRefusal(state: LifecycleState, action: LifecycleAction): string | null {
  const phase = requestPhase(state.request);
  if (phase !== "open") {
    if (ENDED_REQUEST_ALLOWS[action]?.includes(state.engagement)) return null;
    return `${ENDED_OPENINGS[phase]}${ENDED_WORDS[action]}`;
  }
  if (!OPEN_REQUEST_ALLOWS[action].includes(state.engagement)) return stageRefusal(state.engagement, action);
  if (action === "pause" || action === "resume" || action === "cancel") {
    // What falls due while paused or under notice is the subscription's calendar's (its dueBy), not a move.
    if (state.subscription !== null && !SUBSCRIPTION_ALLOWS[action].includes(state.subscription))
      return subscriptionRefusal(state.subscription, action);
  }
  return null;
}

/** The subscription's own refusal, without its dates (the subscription says them where it knows them). */
function subscriptionRefusal(s: SubscriptionState, action: "pause" | "resume" | "cancel"): string {
  if (s === "pending") return NOT_STARTED_MONITORING;
  if (s === "ended") return `Monitoring ended: there is nothing left to ${action}.`;
  if (action === "pause")
    return s === "paused"
      ? "Monitoring is already paused."
      : "Monitoring is under notice: it cannot be paused. Resume it first to withdraw the notice.";
  if (action === "resume") return "Monitoring is already active: there is nothing to resume.";
  return "Notice to cancel was already given.";
}

export const allowed = (state: LifecycleState, action: LifecycleAction) =>
  lifecycleRefusal(state, action) === null;
