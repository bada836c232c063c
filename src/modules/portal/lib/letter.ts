import type { Brand } from "../../../contracts/brand";
import { DEFAULT_HOURLY_RATE_CENTS } from "../../../contracts/ledger";
import { dollars } from "../../../contracts/money";
import type { FeeKind } from "../../../contracts/portal";
import type { Cadence } from "../../../contracts/subscriptions";
import { type DocSpec, layoutPdf, type SignatureField, winAnsi } from "../../signing";
import { type DisputeTerms, engagementLetter, type LetterFill } from "./letter-template";

export type LetterFacts = {
  reference: string;
  clientName: string;
  clientFirm: string | null;
  matter: string;
  serviceName: string;
  scope: string;
  feeCents: number;
  feeKind: FeeKind;
  /** A retainer's hourly rate: the rate its time is billed at, so the rate the letter states. */
  hourlyRateCents: number | null;
  turnaroundBusinessDays: number;
  expedite: boolean;
  /** A monthly engagement's subjects and cadence (`feeCents` is then per subject per month). */
  subjects: string[] | null;
  cadence: Cadence | null;
  signatory: string;
  /** The day the letter is dated (the day it was sent), in the firm's time zone. */
  date: string;
  disputes: DisputeTerms;
};

/**
 * The engagement letter for one request, as a PDF: the firm's letter filled in, where each party signs on it
 * (the signatures are written there when the client signs, on these very pages), and the document it was laid
 * out from, which the portal shows as the letter's text.
 */
export async function renderLetter(
  brand: Brand,
  f: LetterFacts,
  at: Date,
): Promise<{ pdf: Uint8Array; signatureFields: SignatureField[]; spec: DocSpec }> {
  const spec = letterSpec(brand, f);
  return { ...(await layoutPdf(spec, brand, at)), spec };
}

/** The letter's document: the firm's letter with this engagement's facts written in. */
export function letterSpec(brand: Brand, f: LetterFacts): DocSpec {
  const fill: LetterFill = {
    date: f.date,
    client: winAnsi(f.clientName),
    counsel: winAnsi(f.clientFirm ?? "None named"),
    matter: winAnsi(f.matter.length > 70 ? `${f.matter.slice(0, 67)}...` : f.matter),
    serviceAndReference: `${f.serviceName}, ${f.reference}`,
    scope: winAnsi(f.scope),
    fee: {
      kind: f.feeKind,
      amount: dollars(f.feeCents),
      hourlyRate: dollars(f.hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS),
    },
    monthly:
      f.feeKind === "monthly" && f.subjects
        ? {
            subjects: f.subjects.map(winAnsi),
            cadence: f.cadence ?? "quarterly",
            total: dollars(f.feeCents * f.subjects.length),
          }
        : undefined,
    turnaroundBusinessDays: f.turnaroundBusinessDays,
    expedite: f.expedite,
    signatory: winAnsi(f.signatory),
    disputes: {
      arbitrationProvider: winAnsi(f.disputes.arbitrationProvider),
      venue: winAnsi(f.disputes.venue),
      governingLaw: winAnsi(f.disputes.governingLaw),
    },
  };
  return engagementLetter(brand, fill);
}
