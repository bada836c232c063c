import type { Config } from "../../../config";
import { matterName, serviceName } from "../../../contracts/engagement-defaults";
import { ConflictError } from "../../../contracts/errors";
import { formatDate } from "../../../contracts/time-format";
import { sha256 } from "../../../lib/hash";
import type { DataStore } from "../../../store";
import { contactSubmissions } from "../../desk";
import type { DocSpec } from "../../signing";
import { stampSignatures } from "../../signing";
import { type LetterFacts, letterSpec, partyLabels, renderLetter } from "../lib/letter";
import type { DisputeTerms } from "../lib/letter-template";
import type { EngagementRow, EngagementsRepo, PresentedLetter } from "../repo/engagements";
import type { SignerRow } from "../repo/signers";

/** The settings each of the letter's dispute terms comes from. */
const DISPUTE_SETTINGS: ReadonlyArray<[keyof DisputeTerms, string]> = [
  ["arbitrationProvider", "FIRM_ARBITRATION_PROVIDER"],
  ["venue", "FIRM_VENUE"],
  ["governingLaw", "FIRM_GOVERNING_LAW"],
];

/** The settings a letter cannot be sent without that this server lacks, by variable name. */
export const missingLetterSettings = (config: Config): string[] =>
  DISPUTE_SETTINGS.filter(([key]) => !config.portal.disputes[key]).map(([, name]) => name);

/**
 * The engagement letter as a legal record (ADR 216). A draft is rendered from its terms for staff to read; when
 * it is sent it is rendered once and kept, and from then on every reader (the client, the desk, the signature)
 * gets those bytes. The client's signature is written on those pages: nothing else of the letter is drawn again.
 */
export function letterRecord(deps: {
  store: DataStore;
  config: Config;
  repo: EngagementsRepo;
  now: () => Date;
  /** The engagement's signers in order (ADR 297). */
  parties: (e: EngagementRow) => (SignerRow & { requester: boolean })[];
}) {
  const { config, repo } = deps;
  const submissions = contactSubmissions(deps.store);
  // The letter's date and its signatures' are read by people: the product's one style, on the firm's calendar.
  const firmDate = { format: (at: Date) => formatDate(at, config.desk.timeZone) };

  /** The firm's dispute terms, or a refusal naming every setting still missing: no letter carries a blank. */
  function disputeTerms(): DisputeTerms {
    const missing = missingLetterSettings(config);
    if (missing.length > 0)
      throw new ConflictError(
        `The letter cannot be prepared until the server states the firm's dispute-resolution terms: set ${missing.join(" and ")} in its environment and restart it (docs/operations.md).`,
      );
    return config.portal.disputes as DisputeTerms;
  }

  function factsOf(e: EngagementRow, dated: Date): LetterFacts | null {
    const s = submissions.byId(e.submissionId);
    if (!s) return null;
    return {
      reference: s.reference,
      clientName: s.name,
      clientFirm: s.firm,
      matter: matterName(s.matterType),
      serviceName: serviceName(s.desiredService),
      scope: e.scope,
      feeCents: e.feeCents,
      feeKind: e.feeKind,
      hourlyRateCents: e.hourlyRateCents,
      turnaroundBusinessDays: e.turnaroundBusinessDays,
      expedite: e.expedite,
      subjects: e.subjects,
      cadence: e.cadence,
      signatory: config.portal.signatory,
      date: firmDate.format(dated),
      disputes: disputeTerms(),
      // The requester's own firm goes with their name (counsel's law firm, as the request gave it).
      parties: deps
        .parties(e)
        .map((p) => ({ role: p.role, name: p.name, firm: p.requester ? s.firm : null })),
      countersign: e.countersign,
    };
  }

  /** The letter with the engagement's terms as they stand, dated `at`; null when its request is gone. */
  async function render(e: EngagementRow, at: Date): Promise<PresentedLetter | null> {
    const facts = factsOf(e, at);
    if (!facts) return null;
    const { pdf, signatureFields, spec } = await renderLetter(config.brand, facts, at);
    const labels = new Set(partyLabels(facts.parties));
    const firm = signatureFields.find((f) => !labels.has(f.party))?.party ?? config.brand.name;
    return {
      pdf,
      sha256: sha256(pdf),
      layout: { fields: signatureFields, firm: { party: firm, signatory: facts.signatory } },
      spec,
    };
  }

  /**
   * The text of the letter as sent: the document its kept PDF was laid out from. A letter kept before that
   * document was kept with it is written out from its terms as they were when it was sent (frozen since), once:
   * the text is then kept beside it, so later readers read it as kept and no request lays it out again.
   */
  function textOf(e: EngagementRow): DocSpec | null {
    const kept = repo.letterText(e.id);
    if (!kept) return null;
    if (kept.spec) return kept.spec;
    try {
      const facts = factsOf(e, new Date(e.sentAt ?? deps.now().toISOString()));
      if (!facts) return null;
      const spec = letterSpec(config.brand, facts);
      repo.keepLetterText(e.id, kept.sha256, spec);
      return spec;
    } catch (error) {
      // A server since stripped of its dispute terms cannot write it out: the PDF alone is offered.
      if (error instanceof ConflictError) return null;
      throw error;
    }
  }

  return {
    render,
    textOf,
    /**
     * The letter as the client was sent it. One sent by an earlier version, which kept none, is frozen now, as
     * it read then (its terms could not change after sending either).
     */
    async presented(e: EngagementRow): Promise<PresentedLetter | null> {
      const kept = repo.presentedLetter(e.id);
      if (kept || e.status !== "sent") return kept;
      const letter = await render(e, new Date(e.sentAt ?? deps.now().toISOString()));
      if (!letter) return null;
      // Two readers at once freeze it once: the first one kept is the letter.
      return repo.freezeLetter(e.id, letter, deps.now().toISOString()) ? letter : repo.presentedLetter(e.id);
    },
    /**
     * The letter as presented with each party's typed name and date in their own box, in order, and the firm's:
     * its signatory on the day the last party signed, or the owner who countersigned on that day.
     */
    sign(
      letter: PresentedLetter,
      parties: readonly { role: SignerRow["role"]; typedName: string; at: Date }[],
      firmSigner: { name: string; at: Date } | null,
    ): Promise<Uint8Array> {
      const labels = partyLabels(parties);
      const { firm } = letter.layout;
      const last = parties.at(-1)?.at ?? deps.now();
      const stamps: Record<string, { name: string; date: string }> = {};
      parties.forEach((p, i) => {
        stamps[labels[i] ?? ""] = { name: p.typedName, date: firmDate.format(p.at) };
      });
      stamps[firm.party] = firmSigner
        ? { name: firmSigner.name, date: firmDate.format(firmSigner.at) }
        : { name: firm.signatory, date: firmDate.format(last) };
      return stampSignatures(letter.pdf, letter.layout.fields, stamps);
    },
  };
}

export type LetterRecord = ReturnType<typeof letterRecord>;
