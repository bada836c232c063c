import type { Brand } from "../../../src/contracts/brand";
import { EXPEDITE_HOURS, LOOK_BACK_YEARS, RESPONSE_SLA } from "../../../src/contracts/constants";
import type { DocSpec } from "../model";

export const attorneyIntakeChecklist = (brand: Brand): DocSpec => ({
  title: "Attorney Intake Checklist",
  subtitle: "Asset discovery and forensic tracing: what to gather before the search begins",
  subject: "Checklist for counsel preparing an asset-discovery or tracing engagement",
  keywords: ["asset discovery", "intake", "checklist", "forensic accounting", "public records"],
  footer: `${brand.name}  |  General information, not legal advice  |  ${brand.email}`,
  blocks: [
    {
      kind: "paragraph",
      text: `Use this checklist to prepare a matter before you request intake. The more of it you can answer, the tighter the scope, the faster the quote and the less you pay for us to rediscover what your file already holds. Nothing here needs to be complete: tick what you have, note what you don't, and we will scope around the gaps. We confirm scope and price within ${RESPONSE_SLA}.`,
    },
    {
      kind: "note",
      title: "Keep sensitive data out of the intake form",
      text: "Do not send full Social Security numbers, full account numbers, passwords or sealed material through the intake form or by ordinary e-mail. Once the engagement letter is signed we collect the identifiers the search needs through our secure portal.",
    },
    { kind: "heading", text: "1. Matter and counsel" },
    {
      kind: "fields",
      labels: [
        "Matter name or caption",
        "Court and case number",
        "Jurisdictions involved",
        "Responsible attorney",
        "Firm and phone",
        "Client (party we work for)",
        "Next hard deadline and date",
      ],
    },
    { kind: "heading", text: "2. Who is being searched" },
    {
      kind: "checklist",
      items: [
        "Full legal name of each subject, with maiden, former and alternate spellings and any nicknames used on documents",
        "Year of birth or approximate age (we do not need the full date of birth at intake)",
        `Current and prior residential addresses for the last ${LOOK_BACK_YEARS} years, including second homes and addresses used only for mail`,
        "Known employers, professional licenses and the industries the subject works in",
        "Business entities the subject owns, manages or has signed for, with state of formation if known",
        "Related parties who could hold assets: new spouse or partner, adult children, parents, siblings, business partners, a long-time bookkeeper",
        "Trusts the subject created, benefits from or serves as trustee of",
      ],
    },
    { kind: "heading", text: "3. The questions the work must answer" },
    {
      kind: "checklist",
      items: [
        "Does the subject own or control real property, entities, vehicles, vessels or aircraft not shown on the disclosures?",
        "Were assets transferred to insiders, new entities or trusts before or after a key date (separation, death, judgment)?",
        "Did marital or estate funds pay for separate or third-party assets (dissipation, commingling)?",
        "Can the judgment debtor pay, and where are the assets a levy or garnishment could reach?",
        "What does the money trail in the produced statements show, and where does it stop?",
        "Which findings must be exhibit-ready for a hearing, mediation or deposition, and by when?",
      ],
    },
    { kind: "heading", text: "4. What the file already shows" },
    {
      kind: "checklist",
      items: [
        "Sworn financial disclosures, affidavits or inventories (the baseline we test the public record against)",
        `Federal and state income tax returns for ${LOOK_BACK_YEARS} years, with every schedule and any K-1s`,
        "Loan and mortgage applications and personal financial statements given to lenders: subjects often list assets there that they leave off disclosures",
        "Deeds, closing statements, vehicle titles and insurance schedules or riders (jewelry, art, collectibles)",
        "Prior pleadings, deposition transcripts and discovery responses that mention assets or entities",
        "Correspondence from the subject naming banks, brokers, advisers or accountants",
      ],
    },
    { kind: "heading", text: "5. Financial records produced (for a Transaction Trace)" },
    {
      kind: "checklist",
      items: [
        "Bank, brokerage and credit-card statements, with the account holder, institution and date range of each",
        "Check images front and back, deposit items and wire confirmations, not just statement summaries",
        "Business books: general ledger, QuickBooks file or export, payroll registers, loan schedules",
        "A note of gaps: missing months, accounts referenced but never produced, statements that arrived only as scans",
        "File formats: PDF (we OCR scanned statements), CSV, Excel, QuickBooks data and check images are all accepted",
        "Protective order or confidentiality designation that applies to the production",
      ],
    },
    { kind: "heading", text: "6. Scope decisions" },
    {
      kind: "checklist",
      items: [
        "Service: Asset Map, Transaction Trace, Judgment Intel, or a combination",
        `Look-back period (we suggest ${LOOK_BACK_YEARS} years unless a statute or key date sets another)`,
        "Jurisdictions to search beyond the subject's home county and state (each added jurisdiction is a separately priced add-on)",
        `Turnaround: standard, or the ${EXPEDITE_HOURS}-hour expedite when a date cannot move`,
        "Deliverable: report and exhibits only, or also schedules in native Excel for your expert",
        "Whether expert testimony or a declaration is likely (scoped and priced separately)",
      ],
    },
    { kind: "heading", text: "7. Authority and compliance" },
    {
      kind: "checklist",
      items: [
        "Who signs the engagement letter: the firm, the client, or the fiduciary",
        "Whether the work is at counsel's direction (and so should be labeled as prepared at the request of counsel)",
        "Any court order, protective order or stipulation that limits how records may be obtained or used",
        "Confirmation that no one will ask us to pretext, surveil, access accounts without authority or obtain consumer reports",
      ],
    },
    { kind: "heading", text: "What happens next" },
    {
      kind: "numbered",
      items: [
        "Submit a short intake request describing the matter, without sensitive data.",
        `Within ${RESPONSE_SLA} we confirm scope, timeline and price by e-mail, with any conflicts check questions.`,
        "You sign the engagement letter and the fee or retainer is paid through our secure portal.",
        "We collect identifiers and documents securely, run the searches and analysis, and call you if something changes the scope.",
        "You receive a PDF report with sourced exhibits, and a 15-minute consultation to walk through the findings.",
      ],
    },
  ],
});
