/** The four-step engagement process shown on the home page and the process page. */
export type ProcessStep = { number: number; title: string; description: string };

export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    number: 1,
    title: "Counsel-Directed Scope",
    description:
      "We agree the subjects, jurisdictions, look-back period and questions with you or your attorney, then confirm scope and a fixed price in writing within one business day.",
  },
  {
    number: 2,
    title: "Intake & Records",
    description:
      "You sign the Engagement Letter and share what you already hold. We pull public records: property, entity, UCC, court, lien and licensing filings, each logged to its source.",
  },
  {
    number: 3,
    title: "Analysis & Exhibits",
    description:
      "A forensic accountant connects the records: ownership chains, transfers, gaps and red flags, organised into schedules and exhibits built to be read by a judge.",
  },
  {
    number: 4,
    title: "Delivery & Follow-Up",
    description:
      "You receive a sourced PDF report with exhibits and a 15-minute consultation to walk through the findings and the next discovery steps.",
  },
];
