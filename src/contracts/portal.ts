import * as v from "valibot";
import { calendarDate } from "./dates";
import type { DocSpec } from "./document";
import { dropControls, oneLine, oneLineMessage, requiredText } from "./fields";
import { DEFAULT_HOURLY_RATE_CENTS, type MoneyView } from "./ledger";
import {
  type Cadence,
  CadenceSchema,
  SUBJECT_MESSAGES,
  SubjectsSchema,
  type SubscriptionView,
} from "./subscriptions";

/** The client portal's engagement: what staff prepare and what the client consents to and signs. */
export const SCOPE_MIN = 20;
export const SCOPE_MAX = 4000;
export const TURNAROUND_MAX_DAYS = 120;
/** The most an hour may be billed at: $10,000. */
export const HOURLY_RATE_MAX_CENTS = 1_000_000;
/** Flat (paid in full), retainer (hours drawn from it), monthly (Judgment Intel: per subject per month). */
export const FEE_KINDS = ["flat", "retainer", "monthly"] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const ENGAGEMENT_STATUSES = ["draft", "sent", "signed", "engaged"] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];
/** How long an e-mailed link opens the portal. */
export const PORTAL_LINK_DAYS = 14;
export const SIGNED_NAME_MAX = 200;
export const PAYMENT_METHOD_MAX = 200;

export const PORTAL_MESSAGES = {
  linkInvalid:
    "This link has expired or was replaced by a newer one. Ask for a fresh link on this page (enter the email address you gave us) or reply to our email.",
  noSession:
    "Open your engagement with the link in the email we sent you. Each link opens the portal once: if yours was used or has expired, ask for a new one below with the email address you gave us.",
  signedIn:
    "Your session has ended. Each link we email opens the portal once: ask for a fresh one with the email address you gave us.",
  consentFirst: "Please read and accept the consumer disclosure before signing.",
  alreadySigned: "This letter is already signed.",
  notSent: "The letter has not been sent to the client yet.",
  lockedSigned: "The letter is signed: its terms can no longer change.",
  lockedSent:
    "The letter was sent to the client, so its terms are frozen as they read them. To change them, withdraw the letter (its link and any consent given are void, and the client is told by email), edit the terms and send it again.",
  withdrawSigned: "The letter is signed: it can no longer be withdrawn.",
  letterChanged:
    "The letter you are signing is not the one this page showed you. Read the letter again (reload the page), then sign.",
  termsChanged: "The terms changed while the letter was being sent. Check them and send it again.",
  previewStale:
    "The letter is no longer the one you looked at (its terms or its date changed). Look at it again, then send it.",
  noEngagement: "No engagement has been prepared for this request yet.",
  linkRequested: "If that address has an open engagement with us, a fresh link is on its way.",
  signedOut: "You have signed out. To come back, ask for a fresh link with the email address you gave us.",
  linkUsed:
    "This link has already been used: each link we email opens the portal once. Enter the email address you gave us below and we will send you a fresh link. If you did not open it yourself, reply to our email.",
} as const;

/**
 * What a mail's own portal link opens the portal on (`#token=…&focus=`): the part of the page the mail is about.
 * Each names the heading the page scrolls to once the link has opened it.
 */
export const PORTAL_FOCUS = {
  report: "documents-title",
  statement: "statements-title",
  letter: "letter-title",
  consultation: "consultation-title",
  payment: "payment-title",
  requests: "requests-title",
} as const;
export type PortalFocus = keyof typeof PORTAL_FOCUS;

/** The opening of the refusal of a typed name that is not the addressed signer's: the letter's name follows. */
export const SIGN_AS_ADDRESSED = "Type your full name as it appears on the letter";
/** The refusal of a signature in another name than the one the letter is addressed to (422, at the name). */
export const signAsAddressed = (addressed: string) => `${SIGN_AS_ADDRESSED}: ${addressed}`;

/**
 * What a form posted without JavaScript comes back to /portal with (`?problem=`): a fixed word, never the
 * server's text, so the address cannot carry anything the page would show as the firm's words.
 */
export const PORTAL_PROBLEMS = {
  consent: "Tick the box to give your consent.",
  sign: 'Type your full name (one line) and tick "I agree to sign" to sign.',
  "sign-name": "Type your full name, on one line, to sign.",
  "sign-agree": 'Tick "I agree to sign" to sign.',
  // The page shows the letter's name beside the field: the address carries only this word.
  "sign-as-addressed": `${SIGN_AS_ADDRESSED}.`,
  "consent-first": PORTAL_MESSAGES.consentFirst,
  "already-signed": PORTAL_MESSAGES.alreadySigned,
  "letter-changed": PORTAL_MESSAGES.letterChanged,
  "signed-out": PORTAL_MESSAGES.signedIn,
  link: PORTAL_MESSAGES.linkInvalid,
  "link-used": PORTAL_MESSAGES.linkUsed,
  // The request's lifecycle (ADR 278): staff closed or declined it while the page was open.
  closed:
    "This request is closed, so its portal can no longer be used: its letter takes no consent or signature.",
  declined:
    "This request was declined, so its portal can no longer be used: its letter takes no consent or signature.",
} as const;
export type PortalProblem = keyof typeof PORTAL_PROBLEMS;

/**
 * A form's problems said at the controls they are about: the field each problem word marks (the control's name)
 * and its message there. Words not listed are about no one control and are said above the form.
 */
export const PORTAL_PROBLEM_FIELDS: Partial<Record<PortalProblem, Record<string, string>>> = {
  consent: { consent: PORTAL_PROBLEMS.consent },
  sign: { fullName: PORTAL_PROBLEMS["sign-name"], agree: PORTAL_PROBLEMS["sign-agree"] },
  "sign-name": { fullName: PORTAL_PROBLEMS["sign-name"] },
  "sign-agree": { agree: PORTAL_PROBLEMS["sign-agree"] },
  "sign-as-addressed": { fullName: PORTAL_PROBLEMS["sign-as-addressed"] },
};

/** What a form posted without JavaScript comes back to /portal with when it worked (`?notice=`). */
export const PORTAL_NOTICES = {
  "link-sent": PORTAL_MESSAGES.linkRequested,
  "signed-out": PORTAL_MESSAGES.signedOut,
} as const;
export type PortalNotice = keyof typeof PORTAL_NOTICES;

/**
 * The canonical query /portal renders for (PageDefinition.query): one known problem or notice word, nothing
 * else, so the page cache keeps one copy per word and the address cannot put other words on the page.
 */
export function portalQuery(search: string): string {
  const q = new URLSearchParams(search);
  const problem = q.get("problem");
  if (problem && Object.hasOwn(PORTAL_PROBLEMS, problem)) return `problem=${problem}`;
  const notice = q.get("notice");
  if (notice && Object.hasOwn(PORTAL_NOTICES, notice)) return `notice=${notice}`;
  return "";
}

/**
 * The client's view of the engagement (GET /api/portal, and /portal rendered for a session): the terms and the
 * progress the desk sees (EngagementView), less what is the firm's own (when and to whom it was sent, the name
 * signed, each payment, the history), and what the client's page adds.
 */
export type PortalEngagement = Pick<
  EngagementView,
  | "reference"
  | "service"
  | "scope"
  | "feeCents"
  | "feeKind"
  | "hourlyRateCents"
  | "turnaroundBusinessDays"
  | "expedite"
  | "monthly"
  | "subscription"
  | "firmToday"
  | "status"
  | "consentedAt"
  | "signedAt"
  | "signedCopyMailedAt"
  | "paidCents"
  | "outstandingCents"
  | "workStartedAt"
  | "deliveryDueAt"
  | "deliveredAt"
  | "letterSha256"
> & {
  /** Every money figure of the engagement, from the ledger (ADR 285). */
  money: MoneyView;
  /** The client's name as the request gave it: the portal's frame says whose engagement this is. */
  clientName: string;
  /** The letter's text, the document its PDF was drawn from; null until the letter is kept (sent). */
  letter: PortalLetter | null;
  disclosure: string[];
  /** Once signed: what is due, by when and where to pay it. */
  payment: PortalPayment | null;
};

/** The letter as the page shows it: the blocks its PDF was laid out from, in order. */
export type PortalLetter = Pick<DocSpec, "title" | "subtitle" | "blocks">;

/**
 * The amount due, the firm's day it is due (YYYY-MM-DD; null when nothing is), the processor's link with the
 * reference and amount in it (null without PAYMENT_URL or when nothing is due) and the firm's words on how to pay.
 */
export type PortalPayment = {
  amountDueCents: number;
  dueOn: string | null;
  payUrl: string | null;
  instructions: string | null;
};

const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.number(`${field} must be a whole number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(max, `${field} must be at most ${max}`),
  );

/** A monthly engagement's terms as both sides read them; `feeCents` is the fee per subject per month. */
export type MonthlyTerms = { subjects: string[]; cadence: Cadence; monthlyCents: number };

export const ENGAGEMENT_MESSAGES = {
  feeKind: "Fee kind must be flat, retainer or monthly",
  subjectsNeeded: SUBJECT_MESSAGES.subjects,
  counsel:
    "Judgment Intel is directed by counsel: a monthly engagement is sent only for a request whose role is attorney. Change the fee kind, or ask counsel to make the request.",
} as const;

/**
 * PUT /api/admin/submissions/:id/engagement: the draft staff prepare. A monthly engagement names its subjects
 * (and its cadence, quarterly unless monthly sweeps were agreed); the others carry none.
 */
export const EngagementDraftSchema = v.pipe(
  v.object({
    scope: v.pipe(
      v.string("Scope is required"),
      v.transform(dropControls),
      v.trim(),
      v.minLength(SCOPE_MIN, `Scope must be at least ${SCOPE_MIN} characters`),
      v.maxLength(SCOPE_MAX, `Scope must be at most ${SCOPE_MAX} characters`),
    ),
    feeCents: wholeNumber("Fee", 1, 100_000_000),
    feeKind: v.picklist(FEE_KINDS, ENGAGEMENT_MESSAGES.feeKind),
    hourlyRateCents: v.optional(wholeNumber("Hourly rate", 1, HOURLY_RATE_MAX_CENTS)),
    turnaroundBusinessDays: wholeNumber("Turnaround", 1, TURNAROUND_MAX_DAYS),
    expedite: v.boolean("Expedite must be true or false"),
    subjects: v.optional(SubjectsSchema),
    cadence: v.optional(CadenceSchema, "quarterly"),
  }),
  v.forward(
    v.check((d) => d.feeKind !== "monthly" || d.subjects !== undefined, ENGAGEMENT_MESSAGES.subjectsNeeded),
    ["subjects"],
  ),
  v.transform((d) =>
    d.feeKind === "monthly" ? d : { ...d, subjects: undefined, cadence: "quarterly" as Cadence },
  ),
  // Hours are billed only where the letter states their rate: a retainer's ($350 unless the desk set another).
  v.transform((d) => ({
    ...d,
    hourlyRateCents: d.feeKind === "retainer" ? (d.hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS) : undefined,
  })),
);
/** The draft as the desk sends and stores it: a cadence only matters (and is only sent) for a monthly fee. */
export type EngagementDraft = Omit<
  v.InferOutput<typeof EngagementDraftSchema>,
  "cadence" | "hourlyRateCents"
> & {
  cadence?: Cadence;
  hourlyRateCents?: number;
};

/** POST /api/admin/submissions/:id/engagement/payments: a receipt staff record. */
export const PaymentSchema = v.object({
  amountCents: wholeNumber("Amount", 1, 100_000_000),
  receivedOn: calendarDate("Date received must be a date (YYYY-MM-DD)"),
  method: requiredText("Method", PAYMENT_METHOD_MAX),
});

/** Forms post strings: "true"/"on" as a ticked box. */
const ticked = (message: string) =>
  v.pipe(
    v.union([v.literal(true), v.literal("true"), v.literal("on")], message),
    v.transform(() => true as const),
  );

export const PortalTokenSchema = v.object({
  token: v.pipe(
    v.string("The link is incomplete"),
    v.regex(/^[A-Za-z0-9_-]{20,100}$/, "The link is incomplete"),
  ),
});
export const PortalLinkRequestSchema = v.object({
  email: v.pipe(v.string("Email is required"), v.trim(), v.email("Enter an email address"), v.maxLength(254)),
});
export const ConsentSchema = v.object({ consent: ticked("Tick the box to give your consent") });
export const SignSchema = v.object({
  fullName: v.pipe(
    v.string("Type your full name to sign"),
    oneLine(oneLineMessage("Your name")),
    v.trim(),
    v.minLength(2, "Type your full name to sign"),
    v.maxLength(SIGNED_NAME_MAX, `Your name must be at most ${SIGNED_NAME_MAX} characters`),
  ),
  agree: ticked('Tick "I agree to sign" to sign'),
  /** The SHA-256 of the letter the client was shown: any other is refused (409) and nothing is signed. */
  letterSha256: v.pipe(
    v.string("Reload the page and read the letter before you sign: the signature names the letter you read"),
    v.trim(),
    v.toLowerCase(),
  ),
});

/** What the desk and the portal show of an engagement. */
export type EngagementEvent = { kind: string; at: string };

/**
 * "A look before sending" (issue 44): the exact letter the desk would send now, dated `dated`, named by its
 * SHA-256; its PDF is `letter.pdf?dated=…`, and sending with both sends those very bytes or nothing (409).
 */
export type LetterPreview = { dated: string; sha256: string; letter: PortalLetter | null };
export const LetterSendSchema = v.object({
  letterSha256: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "The preview is not a letter's SHA-256")),
  ),
  dated: v.optional(v.pipe(v.string(), v.isoTimestamp("The preview's time is not an instant"))),
});
export type Payment = {
  id: number;
  amountCents: number;
  receivedOn: string;
  method: string;
  recordedAt: string;
};
export type EngagementView = {
  reference: string;
  service: string;
  scope: string;
  feeCents: number;
  feeKind: FeeKind;
  /** A retainer engagement's hourly rate, as its letter states it; null for the other fee kinds. */
  hourlyRateCents: number | null;
  turnaroundBusinessDays: number;
  expedite: boolean;
  /** A monthly engagement's terms: who is monitored, how often they are swept, the month's total. */
  monthly: MonthlyTerms | null;
  /** A monthly engagement's subscription once the letter is sent (pending until signed and paid). */
  subscription: SubscriptionView | null;
  /** The firm's date today: what the monitoring card's confirmations count from. */
  firmToday: string;
  status: EngagementStatus;
  sentAt: string | null;
  linkExpiresAt: string | null;
  consentedAt: string | null;
  signedAt: string | null;
  signedName: string | null;
  /** When the mail server took the client's sealed copy: null until then, and the portal says only what is so. */
  signedCopyMailedAt: string | null;
  /**
   * The SHA-256 of the letter as sent to the client (the one they read and sign, GET /api/portal/letter.pdf), once
   * it is sent: the signature names it.
   */
  letterSha256: string | null;
  payments: Payment[];
  /** What was paid, net of refunds: the ledger's. */
  paidCents: number;
  /** What is owed now, the payment form's default: the ledger's (before the signature, what it will ask). */
  outstandingCents: number;
  workStartedAt: string | null;
  deliveryDueAt: string | null;
  /** When the firm marked its report delivered: the delivery clock stops here. */
  deliveredAt: string | null;
  events: EngagementEvent[];
};

/**
 * The engagement as the desk's API answers it (GET /api/admin/submissions/:id/engagement): the view, with every
 * money figure of the ledger, any dispute the processor opened on a payment among them (ADR 285).
 */
export type EngagementWithMoney = EngagementView & { money: MoneyView };
