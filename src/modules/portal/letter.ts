import type { Brand } from "../../contracts/brand";
import { EXPEDITE_HOURS } from "../../contracts/constants";
import type { FeeKind } from "../../contracts/portal";
import { renderPdf } from "../signing";
import { engagementLetter, type LetterFill } from "./letter-template";

export type LetterFacts = {
  reference: string;
  clientName: string;
  clientFirm: string | null;
  matter: string;
  serviceName: string;
  scope: string;
  feeCents: number;
  feeKind: FeeKind;
  turnaroundBusinessDays: number;
  expedite: boolean;
  signatory: string;
  /** The day the letter is dated (the day it was sent), in the firm's time zone. */
  date: string;
  signed?: { name: string; date: string };
};

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

/** Text the standard fonts can draw (a client's name may hold any character): accents folded, others replaced. */
const winAnsi = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\n]/g, "?");

/** The engagement letter for one request, as a PDF: the firm's letter filled in (and signed, when it is). */
export function renderLetter(brand: Brand, f: LetterFacts, at: Date): Promise<Uint8Array> {
  const fill: LetterFill = {
    date: f.date,
    client: winAnsi(f.clientName),
    counsel: winAnsi(f.clientFirm ?? "None named"),
    matter: winAnsi(f.matter.length > 70 ? `${f.matter.slice(0, 67)}...` : f.matter),
    serviceAndReference: `${f.serviceName}, ${f.reference}`,
    scope: winAnsi(f.scope),
    fee: `${dollars(f.feeCents)} ${f.feeKind === "flat" ? "flat fee, paid in full on engagement" : "retainer, paid before work begins"}`,
    turnaround: `${f.turnaroundBusinessDays} business days from the day we have the signed letter, payment and the information the scope requires`,
    expedite: f.expedite ? `Yes: delivery within ${EXPEDITE_HOURS} hours of the start of work` : "No",
    signatory: winAnsi(f.signatory),
    signed: f.signed && {
      client: { name: winAnsi(f.signed.name), date: f.signed.date },
      firm: { name: winAnsi(f.signatory), date: f.signed.date },
    },
  };
  return renderPdf(engagementLetter(brand, fill), brand, at);
}
