import type { Brand } from "../../../src/contracts/brand";
import { LOOK_BACK_YEARS } from "../../../src/contracts/constants";
import type { DocSpec } from "../model";

/** A redaction in the text: drawn as a solid bar as wide as this many capital letters (scripts/docs/pdf.ts). */
const X = (letters: number) => "\u2588".repeat(letters);

/**
 * The redacted sample report on /resources: the structure, sourcing and tone of an Asset Map as delivered,
 * with every name, number and place blacked out. Nothing in it describes a real matter.
 */
export const sampleAssetMapReport = (brand: Brand): DocSpec => ({
  title: "Asset Map Report (redacted sample)",
  subtitle: `${X(9)} v. ${X(9)}, ${X(6)} County Family Court, No. ${X(8)}`,
  subject: "A redacted sample of an Asset Map report: findings, schedules, sources and limitations",
  keywords: ["asset map", "sample report", "public records", "forensic accounting", "redacted"],
  footer: `${brand.name}  |  SAMPLE, redacted: not a real matter  |  Prepared for counsel under an Engagement Letter`,
  blocks: [
    {
      kind: "note",
      title: "This is a sample",
      text: "Names, numbers, places and dates have been blacked out and the findings are illustrative. The order of the report, the way each finding cites its record, and the separation of what the records prove from what they only suggest are what every Asset Map delivers.",
    },
    { kind: "heading", text: "1. Engagement" },
    {
      kind: "terms",
      items: [
        { term: "Prepared for", text: `${X(12)}, Esq., counsel for Petitioner` },
        { term: "Subject", text: `${X(10)} (individual) and entities under the subject's control` },
        {
          term: "Jurisdictions",
          text: `${X(6)} County and ${X(7)} County; statewide entity and UCC indexes`,
        },
        { term: "Look-back", text: `${LOOK_BACK_YEARS} years before the date of separation` },
        {
          term: "Questions",
          text: "What real property, entities, vehicles and liens does the subject own or control that the financial disclosure omits?",
        },
      ],
    },
    { kind: "heading", text: "2. Findings" },
    {
      kind: "numbered",
      items: [
        `A residential parcel in ${X(6)} County, deeded to ${X(8)} Holdings LLC in 2019, eleven months before separation. The subject is the LLC's sole organizer and registered agent (Schedule A, item 2; Schedule B, item 1).`,
        `${X(8)} Holdings LLC granted a UCC-1 security interest to ${X(7)} Capital in 2021, listing equipment and receivables: the LLC holds assets beyond the parcel (Schedule B, item 3).`,
        "A 2021 vessel title in the subject's name, not listed in the disclosure (Schedule C, item 1).",
        "No judgments or liens against the subject personally. One civil action in which the subject's LLC is plaintiff, filed 2022, still open (Schedule D, item 1).",
      ],
    },
    {
      kind: "note",
      title: "What the records prove, and what they only suggest",
      text: "Findings 1 to 3 rest on recorded instruments and state filings. That the LLC was formed to keep the parcel off the disclosure is an inference for counsel and the court: the records show the timing, not the purpose.",
    },
    { kind: "heading", text: "Schedule A: Real property" },
    {
      kind: "terms",
      items: [
        {
          term: "1. Marital residence",
          text: `${X(14)}, ${X(6)} County. Owners: the parties jointly since 2012. Source: County Recorder, instrument ${X(10)}.`,
        },
        {
          term: "2. Residential parcel",
          text: `${X(16)}, ${X(6)} County. Grantee ${X(8)} Holdings LLC, deed recorded 2019, consideration stated $10. Source: County Recorder, instrument ${X(10)}; assessor's roll ${X(8)}.`,
        },
      ],
    },
    { kind: "heading", text: "Schedule B: Business entities" },
    {
      kind: "terms",
      items: [
        {
          term: `1. ${X(8)} Holdings LLC`,
          text: `Formed 2019; organizer and registered agent: the subject. Source: Secretary of State, file ${X(9)}.`,
        },
        {
          term: `2. ${X(10)} Consulting, Inc.`,
          text: `Dissolved 2017; the subject was president. No assets of record. Source: Secretary of State, file ${X(9)}.`,
        },
        {
          term: "3. UCC-1 financing statement",
          text: `Debtor ${X(8)} Holdings LLC; secured party ${X(7)} Capital; collateral: equipment and receivables. Source: UCC index, filing ${X(10)}, 2021.`,
        },
      ],
    },
    { kind: "heading", text: "Schedule C: Vehicles, vessels and aircraft" },
    {
      kind: "terms",
      items: [
        {
          term: "1. Vessel",
          text: `2021, hull ID ${X(12)}, titled to the subject. Source: state vessel registry, title ${X(9)}.`,
        },
        {
          term: "Aircraft",
          text: "None registered to the subject or the entities above. Source: federal aircraft registry, searched by name and entity.",
        },
      ],
    },
    { kind: "heading", text: "Schedule D: Liens, judgments and litigation" },
    {
      kind: "terms",
      items: [
        {
          term: "1. Civil action",
          text: `${X(8)} Holdings LLC v. ${X(10)}, ${X(6)} County Circuit Court, No. ${X(9)}, filed 2022, open. Source: court docket.`,
        },
        {
          term: "Judgments and tax liens",
          text: "None against the subject in the counties searched or the statewide index.",
        },
      ],
    },
    { kind: "heading", text: "Sources and method" },
    {
      kind: "paragraph",
      text: "Public records only: county recorders and assessors, the Secretary of State's entity filings, the UCC index, state vehicle and vessel registries, the federal aircraft registry and court dockets, searched by the subject's names and the entities found. Each record was retrieved and logged with its date; copies are in the work papers. No pretexting, surveillance, account access or consumer reports were used.",
    },
    { kind: "heading", text: "Limitations" },
    {
      kind: "bullets",
      items: [
        "Public data is typically current to within 30 to 90 days; later filings may not appear.",
        "Assets held by nominees, in other states or outside public registries (bank and brokerage accounts) are not visible in public records; a Transaction Trace of produced statements reaches them.",
        "This report is general information for counsel, not legal advice.",
      ],
    },
    { kind: "signatures", parties: [`Prepared by ${X(10)}, CPA, CFE`, `Reviewed by ${X(10)}, CFE`] },
  ],
});
