import type { Brand } from "../../../contracts/brand";
import {
  ASSET_MAP_JURISDICTION_ADD_ON,
  ASSET_MAP_RUSH_FEE,
  CONSULTATION_MINUTES,
  EXPEDITE_HOURS,
  FLAT_RATE_RANGE,
  JUDGMENT_INTEL_CANCELLATION_DAYS,
  RECORDS_RETENTION_YEARS,
  RESPONSE_SLA,
  TRANSACTION_TRACE_HOURLY_RATE,
} from "../../../contracts/constants";
import type { FeeKind, SignerRole } from "../../../contracts/portal";
import { SERVICES } from "../../../contracts/services";
import { type Cadence, FIRST_SWEEP_BUSINESS_DAYS } from "../../../contracts/subscriptions";
import type { DocBlock, DocSpec } from "../../signing";

/** The firm's terms for disputes, which only the firm can state (FIRM_* settings). */
export type DisputeTerms = { arbitrationProvider: string; venue: string; governingLaw: string };

/**
 * What makes the sample a client's letter: the blanks, this engagement's fee and turnaround, the firm's dispute
 * terms and the scope statement. The signatures are written on the letter when it is signed (stampSignatures).
 */
export type LetterFill = {
  date: string;
  client: string;
  counsel: string;
  matter: string;
  serviceAndReference: string;
  scope: string;
  /**
   * The fee's kind and amount as written ("$2,500"); a retainer's hours are billed at `hourlyRate`; a monthly
   * engagement's amount is per subject per month, and `monthly` holds its subjects, cadence and month's total.
   */
  fee: { kind: FeeKind; amount: string; hourlyRate: string };
  monthly?: { subjects: string[]; cadence: Cadence; total: string };
  turnaroundBusinessDays: number;
  expedite: boolean;
  signatory: string;
  disputes: DisputeTerms;
  /**
   * Who signs before the firm, in order, and the box each signs in (ADR 297). The letter names each by role:
   * counsel directs the work and receives the reports, the client is the one the work is for and who pays.
   */
  parties: { role: SignerRole; name: string; label: string }[];
  /** The firm signs last, in the desk, after every party (its signatory is then whoever countersigns). */
  countersign: boolean;
};

const between = (voice: Voice) =>
  voice.counsel && voice.client ? "the counsel and client" : voice.counsel ? "the counsel" : "the client";

/** How the letter speaks to its readers, from who signs it. */
type Voice = { counsel: boolean; client: boolean };
const voiceOf = (fill: LetterFill | undefined): Voice =>
  fill
    ? {
        counsel: fill.parties.some((p) => p.role === "counsel"),
        client: fill.parties.some((p) => p.role === "client"),
      }
    : { counsel: false, client: true };

/** The opening: who "you" is, and counsel's place when counsel is a party (a Kovel arrangement). */
function opening(brand: Brand, fill: LetterFill | undefined, voice: Voice): string {
  const begins = `Work begins when we receive the signed letter, ${fill ? FIRST_PAYMENT[fill.fee.kind] : "the fee or retainer it requires"}, and the information listed in the scope.`;
  const monitoring = fill?.fee.kind === "monthly";
  const start = monitoring ? begins.replace("Work begins", "Monitoring begins") : begins;
  if (voice.counsel && voice.client)
    return `This letter confirms the terms on which ${brand.name} ("we") will provide the services described below to the client named above ("you"), who pays for them, at the direction of the counsel named above ("counsel"), who directs the work and receives our reports: we are engaged to assist counsel, and work under counsel's direction. ${start}`;
  if (voice.counsel)
    return `This letter confirms the terms on which ${brand.name} ("we") will provide the services described below to the counsel named above ("you"), who directs the work for their client and receives our reports. ${start}`;
  return `This letter confirms the terms on which ${brand.name} ("we") will provide the services described below to the client named above ("you"). Please read it with your attorney. ${start}`;
}

const FIELD_LABELS = ["Date", "Client", "Counsel of record (if any)", "Matter", "Service and reference"];

/**
 * The firm's engagement letter. Without a fill it is the sample published on the site (blank lines to write
 * on); with one it is the letter a client reads and signs in the portal, the same text with the blanks filled
 * and the scope statement attached.
 */
export const engagementLetter = (brand: Brand, fill?: LetterFill): DocSpec => ({
  title: fill ? "Engagement Letter" : "Sample Engagement Letter",
  subtitle: fill
    ? `Forensic accounting and public-records asset discovery, between ${brand.name} and ${between(voiceOf(fill))} named below.`
    : `Forensic accounting and public-records asset discovery. A sample for review: the letter ${brand.name} signs for your matter sets its actual scope and fee.`,
  subject: "Sample engagement letter for forensic accounting and asset-discovery services",
  keywords: ["engagement letter", "forensic accounting", "asset discovery", "terms"],
  footer: fill
    ? `${brand.name}  |  Engagement letter, ${fill.serviceAndReference}  |  ${brand.email}`
    : `${brand.name}  |  Sample for review only, not legal advice  |  ${brand.email}`,
  blocks: [
    fill
      ? {
          kind: "fields",
          labels: FIELD_LABELS,
          values: [fill.date, fill.client, fill.counsel, fill.matter, fill.serviceAndReference],
        }
      : { kind: "fields", labels: FIELD_LABELS },
    { kind: "paragraph", text: opening(brand, fill, voiceOf(fill)) },
    { kind: "heading", text: "1. Scope of the engagement" },
    {
      kind: "paragraph",
      text: `We will perform the service named above, as described in the scope statement ${fill ? "of this letter" : "attached to this letter"}, and ${fill?.fee.kind === "monthly" ? "report each sweep in writing, with sourced exhibits" : "deliver a written report with sourced exhibits"}. Our work uses only lawful methods: searches of public records and analysis of documents ${voiceOf(fill).counsel ? "counsel or the client provide" : "you or your counsel provide"} or obtain through the legal process.`,
    },
    { kind: "bullets", items: scopeBullets(fill) },
    ...(fill ? thisEngagementsFee(fill) : priceList()),
    { kind: "heading", text: "4. Confidentiality and data handling" },
    {
      kind: "bullets",
      items: [
        "We keep your information and our findings confidential and disclose them only to you, your counsel and people you authorize in writing, or where the law or a court order compels us (and then, where allowed, only after telling you).",
        "Data is encrypted in transit (TLS) and at rest (AES-256); staff access requires multi-factor authentication; we never sell data.",
        "Work papers keep a documented chain of custody for every record we rely on.",
        `We keep engagement files for about ${RECORDS_RETENTION_YEARS} years for forensic work, then destroy them securely, unless a legal hold or your written instruction requires otherwise.`,
      ],
    },
    { kind: "heading", text: "5. Scope and limitations" },
    {
      kind: "bullets",
      items: [
        "We do not use pretexting, surveillance, hacking or unauthorized access to bank or other accounts, and we will decline any request to do so.",
        "We are not a consumer reporting agency. Our reports are not consumer reports and may not be used to decide eligibility for credit, insurance, employment or housing under the Fair Credit Reporting Act. We handle any non-public personal information in line with the Gramm-Leach-Bliley Act and applicable state privacy laws.",
        "Public records can be incomplete, out of date (commercial data is typically 30 to 90 days behind the source) or wrong. We report what the records show and how we verified it; we cannot guarantee that assets exist or will be found.",
        `We provide forensic accounting and records research, not legal advice. Legal conclusions, strategy and filings remain with ${voiceOf(fill).counsel ? "counsel" : "your attorney"}.`,
      ],
    },
    { kind: "heading", text: "6. Termination and refunds" },
    {
      kind: "bullets",
      items: [
        "Either of us may end this engagement by written notice. We will stop work, deliver what is complete, and return your documents.",
        ...refundTerms(fill?.fee.kind),
      ],
    },
    { kind: "heading", text: "7. Dispute resolution" },
    { kind: "paragraph", text: disputeResolution(fill?.disputes) },
    { kind: "heading", text: "8. Entire agreement" },
    {
      kind: "paragraph",
      text: "This letter and its scope statement are the whole agreement between us about this engagement. Changes to scope, fee or timeline are made in writing, by e-mail confirmed by both sides or by an amended scope statement.",
    },
    ...(fill ? scopeStatement(fill) : []),
    {
      kind: "keep",
      blocks: [
        { kind: "heading", text: "Acceptance" },
        { kind: "paragraph", text: acceptance(brand, fill) },
        fill
          ? { kind: "signatures", parties: [...fill.parties.map((p) => p.label), brand.name], columns: 1 }
          : { kind: "signatures", parties: [CLIENT_PARTY, "Counsel of record", brand.name] },
      ],
    },
  ],
});

/** What the scope's list says: counsel's direction, what is priced apart, and the consultation (none for monitoring). */
function scopeBullets(fill: LetterFill | undefined): string[] {
  const voice = voiceOf(fill);
  const direction = voice.counsel
    ? "We work at the direction of counsel and deliver our reports to counsel. Some services may require a licensed investigator in the client's state; the scope statement says so where it applies."
    : "Where your matter is in litigation, we work at the direction of your counsel and deliver our report to counsel. Some services may require attorney direction or a licensed investigator in your state; the scope statement says so where it applies.";
  const extras =
    "Multi-jurisdiction searches, added subjects and expert testimony are outside the base scope and are priced in writing before we do them.";
  // Monitoring has no final report to walk through: its reports are the sweeps (issue 44).
  if (fill?.fee.kind === "monthly") return [direction, extras];
  const whose = voice.counsel && voice.client ? "The fee" : "Your fee";
  return [
    direction,
    extras,
    `${whose} includes a ${CONSULTATION_MINUTES}-minute consultation to walk through the findings after delivery.`,
  ];
}

/** What each signature means: the client agrees, counsel acknowledges directing the work, the firm accepts. */
function acceptance(brand: Brand, fill: LetterFill | undefined): string {
  if (!fill)
    return "By signing below you confirm that you have read this letter, that you have had the chance to review it with counsel, and that you agree to its terms. Where the work is done at counsel's direction, counsel of record signs to acknowledge that direction.";
  const voice = voiceOf(fill);
  const firm = fill.countersign
    ? ` ${brand.name} countersigns last, once every other party has signed; the letter is in force from its countersignature.`
    : "";
  if (voice.counsel && voice.client)
    return `By signing below the client confirms having read this letter and its scope statement, having had the chance to review them with counsel, and agreeing to their terms; counsel signs to acknowledge directing the work and receiving our reports. The parties sign in the order listed.${firm}`;
  if (voice.counsel)
    return `By signing below you confirm that you have read this letter and its scope statement and agree to their terms, and that you direct the work and receive our reports.${firm}`;
  return `By signing below you confirm that you have read this letter and its scope statement, that you have had the chance to review them with counsel, and that you agree to their terms.${firm}`;
}

const FIRST_PAYMENT: Record<FeeKind, string> = {
  flat: "the fee",
  retainer: "the retainer",
  monthly: "the first month's fee",
};

/** The party the client signs as: where their signature is written on the letter. */
export const CLIENT_PARTY = "Client";

/** The published sample's fees: every service's price, since it is no one's engagement. */
const priceList = (): DocBlock[] => [
  { kind: "heading", text: "2. Fees and retainers" },
  {
    kind: "bullets",
    items: SERVICES.map((s) => `${s.name}: ${s.pricing}. Turnaround: ${s.turnaround}.`),
  },
  {
    kind: "paragraph",
    text: `Flat-rate services (typically ${FLAT_RATE_RANGE.replace("–", " to ")}) are paid in full on engagement and are non-refundable once work begins. Transaction Trace requires a retainer before work begins; hourly work is billed against it at ${TRANSACTION_TRACE_HOURLY_RATE} per hour and overages are billed monthly. Judgment Intel is billed monthly in advance per subject. Each added jurisdiction on an Asset Map is ${ASSET_MAP_JURISDICTION_ADD_ON.replace("–", " to ")}. Records fees charged by agencies and courts are passed through at cost with receipts.`,
  },
  { kind: "heading", text: "3. Turnaround and expedites" },
  {
    kind: "paragraph",
    text: `Turnaround runs from the day we have the signed letter, payment and the information the scope requires. A ${EXPEDITE_HOURS}-hour expedite is available for an Asset Map for an additional ${ASSET_MAP_RUSH_FEE} when the scope allows it. ${CUSTODIANS} We answer messages within ${RESPONSE_SLA}.`,
  },
];

const CUSTODIANS =
  "Some records are held by custodians who answer on their own schedule (certified copies, agency requests, archived court files); if one of them will delay delivery we tell you at once and agree how to proceed.";
const PASSED_THROUGH =
  "Records fees charged by agencies and courts are passed through at cost with receipts.";

const SWEEP_WORDS: Record<Cadence, string> = {
  quarterly: "every three months (quarterly)",
  monthly: "every month",
};

/**
 * Judgment Intel's fee and sweeps (issue 29, ADR 249): billed monthly in advance per subject, swept on its
 * cadence, every report to counsel. The pause, resume and notice terms are in section 6.
 */
const monthlyFee = (fill: LetterFill, m: NonNullable<LetterFill["monthly"]>): DocBlock[] => [
  { kind: "heading", text: "2. Fee" },
  {
    kind: "paragraph",
    text: `This engagement is billed monthly, in advance: ${fill.fee.amount} per subject per month for the ${subjectCount(m.subjects.length)} named in the scope statement, ${m.total} a month in all. The first month is paid on engagement, before monitoring begins; it begins on the later of the day we have the signed letter and the day we receive that payment, and each later month is billed on the same day of the month. ${PASSED_THROUGH}`,
  },
  { kind: "heading", text: "3. Sweeps and reports" },
  {
    kind: "paragraph",
    text: `We sweep the public records on each subject for new employment, new business entities, property acquisitions and litigation. ${firstSweepWords()}; after it we sweep ${SWEEP_WORDS[m.cadence]}, counted from the day of the first sweep. ${sweepsReported(fill)} A sweep that falls on a weekend or a public holiday is delivered on our next business day. ${m.cadence === "quarterly" ? "Monthly sweeps and real-time alerts cost extra and are added only in writing." : "Real-time alerts cost extra and are added only in writing."} We answer messages within ${RESPONSE_SLA}.`,
  },
];

/**
 * When the first sweep is due, as the subscription's calendar makes it due (firstSweepOn, ADR 306): inside the
 * month the client paid first, so notice given on the first day still buys a sweep.
 */
const firstSweepWords = () =>
  `The first sweep is delivered within ${FIRST_SWEEP_BUSINESS_DAYS} business days of the day monitoring begins, and within the first month paid`;

/** Who receives the sweeps: counsel, named as the letter names them. */
function sweepsReported(fill: LetterFill): string {
  const voice = voiceOf(fill);
  if (voice.counsel && voice.client)
    return "This engagement is directed by counsel, named above, who receives every sweep report.";
  if (voice.counsel)
    return "This engagement is directed by you, as counsel, and every sweep report is delivered to you.";
  return "This engagement is directed by your counsel, who receives every sweep report.";
}

const subjectCount = (n: number) => (n === 1 ? "one subject" : `${n} subjects`);

/** A client's letter states its own fee and turnaround, and nothing of the other services' prices. */
const thisEngagementsFee = (fill: LetterFill): DocBlock[] =>
  fill.fee.kind === "monthly" && fill.monthly
    ? monthlyFee(fill, fill.monthly)
    : [
        { kind: "heading", text: "2. Fee" },
        {
          kind: "paragraph",
          text:
            fill.fee.kind === "flat"
              ? `The fee for this engagement is a flat fee of ${fill.fee.amount}, paid in full on engagement, before work begins. It covers the work in the scope statement and is non-refundable once work begins (section 6). ${PASSED_THROUGH}`
              : `This engagement is billed by the hour at ${fill.fee.hourlyRate} per hour, drawn from a retainer of ${fill.fee.amount} paid before work begins. Time beyond the retainer is billed monthly, and any unused retainer is refunded when the engagement ends (section 6). ${PASSED_THROUGH}`,
        },
        { kind: "heading", text: "3. Turnaround" },
        {
          kind: "paragraph",
          text: `Delivery is due ${fill.turnaroundBusinessDays} business days after the day we have the signed letter, payment and the information the scope requires.${fill.expedite ? ` This engagement is expedited: delivery is due within ${EXPEDITE_HOURS} hours of the start of work.` : ""} ${CUSTODIANS} We answer messages within ${RESPONSE_SLA}.`,
        },
      ];

/** What ends the engagement costs: the sample states every kind, a client's letter its own. */
function refundTerms(kind: FeeKind | undefined): string[] {
  const flat =
    "A flat-rate service cancelled before work begins is refunded in full; once work begins, the flat fee is non-refundable.";
  const hourly =
    "For hourly work we bill time and costs incurred up to the notice and refund any unused retainer.";
  if (kind === "flat") return [flat];
  if (kind === "retainer") return [hourly];
  if (kind === "monthly") return MONTHLY_TERMS;
  return [
    flat,
    hourly,
    `Judgment Intel may be paused and resumed without penalty and cancelled with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' written notice; partial months are not refunded.`,
  ];
}

/** A monthly engagement's pause, resume and notice (ADR 246), in the words the portal's confirmations use. */
const MONTHLY_TERMS = [
  "You may pause monitoring at any time, without penalty: while it is paused no month is billed and no sweep falls due. When you resume it, the days it was paused are added to the month that was running, and the next sweep moves by as many days.",
  `You may cancel monitoring with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice, in the portal or in writing: monitoring ends ${JUDGMENT_INTEL_CANCELLATION_DAYS} days after the day notice is given. A month that begins before then is billed in full, and sweeps due before then are still done and reported. Until then you may withdraw the notice by resuming.`,
  "Fees for a month already begun are not refunded: there are no refunds for partial months.",
];

/** Section 7: the firm's own provider, venue and law; the sample says where a client's letter states them. */
function disputeResolution(terms: DisputeTerms | undefined): string {
  const start =
    "If a dispute arises under this letter, we will first try to resolve it through good-faith negotiation between the people who signed it. A dispute not resolved within 30 days will be settled by binding arbitration";
  return terms
    ? `${start} under the commercial arbitration rules of ${terms.arbitrationProvider}, in ${terms.venue}. Each party bears its own attorneys' fees and costs. This letter is governed by the laws of ${terms.governingLaw}.`
    : `${start} under the commercial arbitration rules of the provider, and in the city, that the letter for your matter names. Each party bears its own attorneys' fees and costs. The letter for your matter also names the law that governs it.`;
}

/** The scope statement the letter refers to, as staff prepared it in the desk. */
const scopeStatement = (fill: LetterFill): DocBlock[] => [
  { kind: "heading", text: "Scope statement" },
  { kind: "paragraph", text: fill.scope },
  ...(fill.monthly ? monitoredSubjects(fill, fill.monthly) : engagementTerms(fill)),
];

/** A monthly engagement's statement: the subjects by name and the terms they are monitored on. */
const monitoredSubjects = (fill: LetterFill, m: NonNullable<LetterFill["monthly"]>): DocBlock[] => [
  { kind: "paragraph", text: "Subjects monitored:" },
  { kind: "bullets", items: m.subjects },
  {
    kind: "terms",
    items: [
      {
        term: "Fee",
        text: `${fill.fee.amount} per subject per month; ${m.total} a month for ${subjectCount(m.subjects.length)}, billed monthly in advance`,
      },
      {
        term: "Sweeps",
        text: `The first within ${FIRST_SWEEP_BUSINESS_DAYS} business days of the start, inside the first month paid; then ${m.cadence === "quarterly" ? "quarterly" : "monthly"}; each report delivered to counsel`,
      },
      {
        term: "Pause and cancel",
        text: `Paused and resumed without penalty; cancelled with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice; no refunds for partial months`,
      },
      { term: "Signing for the firm", text: firmSigns(fill) },
    ],
  },
];

/** Who signs for the firm: its signatory, or the owner who countersigns last. */
const firmSigns = (fill: LetterFill) =>
  fill.countersign ? "An owner of the firm, countersigning after every other party" : fill.signatory;

const engagementTerms = (fill: LetterFill): DocBlock[] => [
  {
    kind: "terms",
    items: [
      {
        term: "Fee",
        text:
          fill.fee.kind === "flat"
            ? `${fill.fee.amount} flat fee, paid in full on engagement`
            : `${fill.fee.amount} retainer, paid before work begins; time at ${fill.fee.hourlyRate} per hour`,
      },
      {
        term: "Turnaround",
        text: `${fill.turnaroundBusinessDays} business days from the day we have the signed letter, payment and the information the scope requires`,
      },
      {
        term: "Expedite",
        text: fill.expedite ? `Yes: delivery within ${EXPEDITE_HOURS} hours of the start of work` : "No",
      },
      { term: "Signing for the firm", text: firmSigns(fill) },
    ],
  },
];
