import * as v from "valibot";
import { calendarDate } from "./dates";
import type { DocSpec } from "./document";
import { dropControls, oneLine, oneLineMessage, requiredText } from "./fields";
import { DEFAULT_HOURLY_RATE_CENTS, type MoneyView } from "./ledger";
import type { MailKindName } from "./mail-kinds";
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
  alreadySignedByYou:
    "You have signed this letter. We email you the sealed copy once every party has signed it.",
  declined: "The letter was declined, so it can no longer be signed. The firm has been told.",
  expired:
    "This letter expired before everyone signed it, so it can no longer be opened or signed. Ask the firm to send it again: reply to our email, or ask for a fresh link below and we will tell the firm.",
  awaitingCountersignature:
    "Every party has signed: the letter now waits for the firm's countersignature, and the sealed copy is emailed to everyone once it is given.",
  resendDeclined: "The letter was declined: withdraw it, change what needs changing and send it again.",
  notAwaitingCountersignature:
    "The letter is not waiting for the firm's countersignature: every party it names must sign first.",
  countersignNotAsked:
    "This letter was sent without a countersignature: the firm's signature was stamped at sending.",
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
  monitoring: "monitoring-title",
} as const;
export type PortalFocus = keyof typeof PORTAL_FOCUS;

/**
 * Every kind of mail that sends the client into the portal, and what its own link opens the portal on (issue 44):
 * each carries a single-use link made for it (src/modules/engagements/lib/mail-link.ts), never the bare address
 * alone. The letter's link and a signer's reminder carry the letter's own link instead (they open on the letter,
 * the first step). A mail to the desk is not a portal mail.
 */
export const PORTAL_MAIL_FOCUS = {
  "portal-signed-client": "letter",
  "portal-payment-client": "payment",
  "documents-report-ready": "report",
  "documents-sweep-report": "report",
  "statement-issued": "statement",
  "consultation-client": "consultation",
  "document-requests-added": "requests",
  "document-requests-reminder": "requests",
  "subscription-client": "monitoring",
} as const satisfies Partial<Record<MailKindName, PortalFocus>>;
export type PortalMailKind = keyof typeof PORTAL_MAIL_FOCUS;

/** The opening of the refusal of a typed name that is not the addressed signer's: the letter's name follows. */
export const SIGN_AS_ADDRESSED = "Type your full name as it appears on the letter";
/** The refusal of a signature out of turn (409): who signs first, and that the signer is emailed then. */
export const notYourTurn = (before: { name: string; role: SignerRole }) =>
  `It is not your turn to sign yet: ${before.name} (${SIGNER_ROLE_LABELS[before.role].toLowerCase()}) signs first, and we email you a link as soon as they have.`;

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
  // A link whose signer the firm gave an access code (ADR 305): asked for, or wrong, or locked after five.
  "access-code":
    "This link needs the access code the firm gave you by phone, and the one entered was missing or not right. Paste the link again with the code.",
  "link-locked":
    "This link is locked: the access code was entered wrongly five times. Ask the firm for a new link.",
  // A signer's decline that was refused: its reason was missing or too long, or the round had stopped.
  "declined-letter":
    "The letter was not declined: say why in 1 to 1,000 characters, or reload the page to see where it stands.",
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
  /** The parties and the round (ADR 297), and which of the signers this session is. */
  signing?: SigningView;
  you?: { position: number; name: string; role: SignerRole } | null;
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

/** The parties who sign an engagement letter before the firm: counsel directing the work, the client paying. */
export const SIGNER_ROLES = ["counsel", "client"] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = { counsel: "Counsel", client: "Client" };
/** At most this many signers before the firm, and copy recipients. */
export const SIGNERS_MAX = 4;
export const CC_MAX = 10;
export const DECLINE_REASON_MAX = 1000;

/** An access code as told by phone: 4 to 40 letters, digits or dashes; spaces and case do not count. */
export const ACCESS_CODE_MIN = 4;
export const ACCESS_CODE_MAX = 40;
/** Wrong access codes a link takes before it locks: the signer then asks the firm for a new one. */
export const ACCESS_CODE_TRIES = 5;
export const ACCESS_CODE_MESSAGES = {
  format: `An access code must be ${ACCESS_CODE_MIN} to ${ACCESS_CODE_MAX} letters, digits or dashes`,
  asked:
    "Enter the access code the firm gave you by phone: it keeps the letter for you alone, even if someone else reads this email.",
  locked:
    "This link is locked: the access code was entered wrongly five times. Ask the firm for a new link (reply to our email or call us); they will tell you the code again by phone.",
} as const;
/** The wrong code's answer, with the tries left before the link locks. */
export const wrongAccessCode = (left: number) =>
  `That is not the access code the firm gave you. ${left === 1 ? "One more wrong try locks" : `${left} more wrong tries lock`} this link.`;
/** The code as compared: spaces dropped, letters in capitals (a code read out on the phone is not spelt in case). */
export const normalAccessCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();
export const AccessCodeSchema = v.pipe(
  v.string(ACCESS_CODE_MESSAGES.format),
  v.transform(normalAccessCode),
  v.regex(/^[A-Z0-9-]+$/, ACCESS_CODE_MESSAGES.format),
  v.minLength(ACCESS_CODE_MIN, ACCESS_CODE_MESSAGES.format),
  v.maxLength(ACCESS_CODE_MAX, ACCESS_CODE_MESSAGES.format),
);

const emailAddress = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.email(message), v.maxLength(254, message));

/**
 * One signer of the draft, in order: a role, a name (as they type it to sign) and an address; without one, the
 * requester at the request's own address.
 */
export const SignerDraftSchema = v.object({
  role: v.picklist(SIGNER_ROLES, "Each signer's role must be counsel or client"),
  name: v.pipe(
    v.string("Each signer needs a name"),
    oneLine(oneLineMessage("A signer's name")),
    v.trim(),
    v.minLength(2, "Each signer needs a name"),
    v.maxLength(SIGNED_NAME_MAX, `A signer's name must be at most ${SIGNED_NAME_MAX} characters`),
  ),
  email: v.optional(emailAddress("Each signer's email must be an email address")),
  /**
   * The code the firm tells this signer by phone (ADR 305): the portal asks for it before a link of theirs opens
   * the letter. Kept only as a hash. Left out, a signer at the same place with the same role and address keeps
   * the one they had; null takes it away.
   */
  accessCode: v.optional(v.nullable(AccessCodeSchema)),
});
export type SignerDraft = v.InferOutput<typeof SignerDraftSchema>;

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
    /** Who signs, in order (ADR 297); left out, the requester alone signs as the client. */
    signers: v.optional(
      v.pipe(
        v.array(SignerDraftSchema, "Signers must be a list"),
        v.minLength(1, "Name at least one signer"),
        v.maxLength(SIGNERS_MAX, `At most ${SIGNERS_MAX} signers`),
        v.check(
          (list) => list.filter((s) => s.email === undefined).length <= 1,
          "Only one signer may be the requester (the one without an email address)",
        ),
      ),
    ),
    /** Who receives a copy of the signed letter without signing. */
    cc: v.optional(
      v.pipe(
        v.array(emailAddress("Each copy recipient must be an email address"), "Copies must be a list"),
        v.maxLength(CC_MAX, `At most ${CC_MAX} copy recipients`),
      ),
    ),
    /** The firm countersigns last, in the desk, before the letter is signed. */
    countersign: v.optional(v.boolean("Countersign must be true or false"), false),
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
  "cadence" | "hourlyRateCents" | "countersign"
> & {
  cadence?: Cadence;
  hourlyRateCents?: number;
  countersign?: boolean;
};

/** POST /api/portal/decline: why the signer declines (told to the desk and the other parties). */
export const DeclineSchema = v.object({
  reason: v.pipe(
    v.string("Say why you decline"),
    v.transform(dropControls),
    v.trim(),
    v.minLength(1, "Say why you decline"),
    v.maxLength(DECLINE_REASON_MAX, `The reason must be at most ${DECLINE_REASON_MAX} characters`),
  ),
});

/** Where the signing round stands: waiting on a signer, on the firm, declined, expired, or signed. */
export type SigningStatus =
  | "draft"
  | "waiting"
  | "awaiting-countersignature"
  | "declined"
  | "expired"
  | "signed";

/** One signer as both sides see them: who, in which order, and where they stand. */
export type SignerView = {
  position: number;
  role: SignerRole;
  name: string;
  email: string;
  /** The request's own sender (their address is the request's). */
  requester: boolean;
  consentedAt: string | null;
  signedAt: string | null;
  /** Whose turn it is now. */
  waiting: boolean;
  /** The firm tells this signer an access code by phone (ADR 305); the code itself is never shown. */
  accessCode: boolean;
  /** Their newest link was locked by five wrong codes: the desk sends them a new one. */
  linkLocked: boolean;
};

/** The engagement's parties and its signing round (ADR 297). */
export type SigningView = {
  status: SigningStatus;
  signers: SignerView[];
  cc: string[];
  countersign: boolean;
  countersignedBy: string | null;
  /** When the round expires unsigned; null once it stopped. */
  expiresAt: string | null;
  declined: { by: string; reason: string; at: string } | null;
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
  /** As the lifecycle reports it: the stored status, or `awaiting-countersignature` (ADR 305). */
  status: EngagementStatus | "awaiting-countersignature";
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
  /** Who signs, in order, and where the round stands (ADR 297). */
  signing?: SigningView;
};

/**
 * The engagement as the desk's API answers it (GET /api/admin/submissions/:id/engagement): the view, with every
 * money figure of the ledger, any dispute the processor opened on a payment among them (ADR 285).
 */
export type EngagementWithMoney = EngagementView & { money: MoneyView };
