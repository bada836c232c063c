import type { Brand } from "../../contracts/brand";
import {
  CONSULTATION_MINUTES,
  EXPEDITE_HOURS,
  JUDGMENT_INTEL_CANCELLATION_DAYS,
  RECORDS_RETENTION_YEARS,
  RESPONSE_SLA,
} from "../../contracts/constants";
import { SERVICES } from "../../contracts/services";
import type { DocBlock, DocSpec } from "../signing";

/** What makes the sample a client's letter: the blanks, the scope statement and, once signed, the signatures. */
export type LetterFill = {
  date: string;
  client: string;
  counsel: string;
  matter: string;
  serviceAndReference: string;
  scope: string;
  fee: string;
  turnaround: string;
  expedite: string;
  signatory: string;
  /** Set on the signed copy: the client's typed name and the firm's signatory, each with the date. */
  signed?: { client: { name: string; date: string }; firm: { name: string; date: string } };
};

const FIELD_LABELS = ["Date", "Client", "Counsel of record (if any)", "Matter", "Service and reference"];

/**
 * The firm's engagement letter. Without a fill it is the sample published on the site (blank lines to write
 * on); with one it is the letter a client reads and signs in the portal, the same text with the blanks filled
 * and the scope statement attached.
 */
export const engagementLetter = (brand: Brand, fill?: LetterFill): DocSpec => ({
  title: fill ? "Engagement Letter" : "Sample Engagement Letter",
  subtitle: fill
    ? `Forensic accounting and public-records asset discovery, between ${brand.name} and the client named below.`
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
    {
      kind: "paragraph",
      text: `This letter confirms the terms on which ${brand.name} ("we") will provide the services described below to the client named above ("you"). Please read it with your attorney. Work begins when we receive the signed letter, the fee or retainer it requires, and the information listed in the scope.`,
    },
    { kind: "heading", text: "1. Scope of the engagement" },
    {
      kind: "paragraph",
      text: "We will perform the service named above, as described in the scope statement attached to this letter, and deliver a written report with sourced exhibits. Our work uses only lawful methods: searches of public records and analysis of documents you or your counsel provide or obtain through the legal process.",
    },
    {
      kind: "bullets",
      items: [
        "Where your matter is in litigation, we work at the direction of your counsel and deliver our report to counsel. Some services may require attorney direction or a licensed investigator in your state; the scope statement says so where it applies.",
        "Multi-jurisdiction searches, added subjects and expert testimony are outside the base scope and are priced in writing before we do them.",
        `Your fee includes a ${CONSULTATION_MINUTES}-minute consultation to walk through the findings after delivery.`,
      ],
    },
    { kind: "heading", text: "2. Fees and retainers" },
    {
      kind: "bullets",
      items: SERVICES.map((s) => `${s.name}: ${s.pricing}. Turnaround: ${s.turnaround}.`),
    },
    {
      kind: "paragraph",
      text: "Flat-rate services (typically $1,500 to $5,000) are paid in full on engagement and are non-refundable once work begins. Transaction Trace requires a retainer before work begins; hourly work is billed against it at $350 per hour and overages are billed monthly. Judgment Intel is billed monthly in advance per subject. Each added jurisdiction on an Asset Map is $500 to $1,000. Records fees charged by agencies and courts are passed through at cost with receipts.",
    },
    { kind: "heading", text: "3. Turnaround and expedites" },
    {
      kind: "paragraph",
      text: `Turnaround runs from the day we have the signed letter, payment and the information the scope requires. A ${EXPEDITE_HOURS}-hour expedite is available for an Asset Map for an additional $1,000 when the scope allows it. Some records are held by custodians who answer on their own schedule (certified copies, agency requests, archived court files); if one of them will delay delivery we tell you at once and agree how to proceed. We answer messages within ${RESPONSE_SLA}.`,
    },
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
        "We provide forensic accounting and records research, not legal advice. Legal conclusions, strategy and filings remain with your attorney.",
      ],
    },
    { kind: "heading", text: "6. Termination and refunds" },
    {
      kind: "bullets",
      items: [
        "Either of us may end this engagement by written notice. We will stop work, deliver what is complete, and return your documents.",
        "A flat-rate service cancelled before work begins is refunded in full; once work begins, the flat fee is non-refundable.",
        "For hourly work we bill time and costs incurred up to the notice and refund any unused retainer.",
        `Judgment Intel may be paused and resumed without penalty and cancelled with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' written notice; partial months are not refunded.`,
      ],
    },
    { kind: "heading", text: "7. Dispute resolution" },
    {
      kind: "paragraph",
      text: "If a dispute arises under this letter, we will first try to resolve it through good-faith negotiation between the people who signed it. A dispute not resolved within 30 days will be settled by binding arbitration under the commercial arbitration rules of [arbitration provider], in [city and state]. Each party bears its own attorneys' fees and costs. This letter is governed by the laws of [state].",
    },
    { kind: "heading", text: "8. Entire agreement" },
    {
      kind: "paragraph",
      text: "This letter and its scope statement are the whole agreement between us about this engagement. Changes to scope, fee or timeline are made in writing, by e-mail confirmed by both sides or by an amended scope statement.",
    },
    { kind: "heading", text: "Acceptance" },
    {
      kind: "paragraph",
      text: "By signing below you confirm that you have read this letter, that you have had the chance to review it with counsel, and that you agree to its terms. Where the work is done at counsel's direction, counsel of record signs to acknowledge that direction.",
    },
    ...(fill ? scopeStatement(fill) : []),
    fill?.signed
      ? {
          kind: "signatures",
          parties: ["Client", brand.name],
          signed: { Client: fill.signed.client, [brand.name]: fill.signed.firm },
        }
      : { kind: "signatures", parties: ["Client", "Counsel of record", brand.name] },
  ],
});

/** The scope statement the letter refers to, as staff prepared it in the desk. */
const scopeStatement = (fill: LetterFill): DocBlock[] => [
  { kind: "heading", text: "Scope statement" },
  { kind: "paragraph", text: fill.scope },
  {
    kind: "terms",
    items: [
      { term: "Fee", text: fill.fee },
      { term: "Turnaround", text: fill.turnaround },
      { term: "Expedite", text: fill.expedite },
      { term: "Signing for the firm", text: fill.signatory },
    ],
  },
];
