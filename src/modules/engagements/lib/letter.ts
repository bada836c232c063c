import type { Brand } from "../../../contracts/brand";
import { DEFAULT_HOURLY_RATE_CENTS } from "../../../contracts/ledger";
import { dollars } from "../../../contracts/money";
import { type FeeKind, SIGNER_ROLE_LABELS, type SignerRole } from "../../../contracts/portal";
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
  /** Who signs before the firm, in order (ADR 297); `firm` is the request's own firm for its requester. */
  parties: { role: SignerRole; name: string; firm: string | null }[];
  countersign: boolean;
};

/**
 * Where each party signs, by role: "Client", "Counsel", and a number after the first of a role ("Client 2"), so
 * every box on the letter is one party's.
 */
export function partyLabels(parties: readonly { role: SignerRole }[]): string[] {
  const seen = new Map<SignerRole, number>();
  return parties.map((p) => {
    const n = (seen.get(p.role) ?? 0) + 1;
    seen.set(p.role, n);
    const several = parties.filter((q) => q.role === p.role).length > 1;
    return several ? `${SIGNER_ROLE_LABELS[p.role]} ${n}` : SIGNER_ROLE_LABELS[p.role];
  });
}

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
  const labels = partyLabels(f.parties);
  const named = (role: SignerRole) =>
    f.parties
      .filter((p) => p.role === role)
      .map((p) => (p.firm ? `${p.name}, ${p.firm}` : p.name))
      .join("; ");
  const legacy = !f.parties.some((p) => p.role === "counsel");
  const fill: LetterFill = {
    date: f.date,
    // A letter whose signers are the client alone reads as it always did: the request's name and its firm.
    client: winAnsi(named("client") || "Not a signing party"),
    counsel: winAnsi(legacy ? (f.clientFirm ?? "None named") : named("counsel")),
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
    parties: f.parties.map((p, i) => ({ role: p.role, name: winAnsi(p.name), label: labels[i] ?? "" })),
    countersign: f.countersign,
    disputes: {
      arbitrationProvider: winAnsi(f.disputes.arbitrationProvider),
      venue: winAnsi(f.disputes.venue),
      governingLaw: winAnsi(f.disputes.governingLaw),
    },
  };
  return engagementLetter(brand, fill);
}
