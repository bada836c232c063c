import { TRANSACTION_TRACE_HOURLY_RATE } from "../../../src/contracts/constants";
import type { ServicePageContent } from "../service-pages";

/** The Transaction Trace page's content: its details, copy and head, in that page's chunk only. */
export const TRANSACTION_TRACE_PAGE: ServicePageContent = {
  id: "transaction-trace",
  details: {
    subtitle: "Forensic tracing of funds through produced financial records",
    idealFor:
      "Counsel with bank, brokerage or business records in hand who need to show where money went, when, and to whom.",
    facts: [
      {
        label: "Formats",
        value: "PDF · CSV · Excel",
        detail: "QuickBooks files and check images too, with OCR for scanned PDFs.",
      },
      {
        label: "Billing",
        value: "Retainer",
        detail: "A retainer is required; any overages are billed monthly.",
      },
    ],
    includes: [
      "Reconstruction of account activity from statements, ledgers and check images produced in discovery",
      "Data intake from PDF, CSV, Excel and QuickBooks files and check images, with OCR for scanned PDFs",
      "Source-and-use analysis across accounts, cards and related entities",
      "Identification of transfers to insiders, related parties and newly opened accounts",
      "Cash withdrawals, unexplained deposits and round-dollar transfers flagged for review",
      "Separate and marital or commingled funds traced with accepted methods such as direct tracing",
    ],
    deliverables: [
      "Written tracing report explaining the method, the records relied on and the findings",
      "Normalized transaction database in Excel, searchable by account, date and counterparty",
      "Flow-of-funds charts for the transfers that matter",
      "Summary schedules of transfers by counterparty and period",
      "Exception list: unexplained deposits, cash withdrawals and related-party transfers",
      "Source-document index tying every entry to the statement page it came from",
      "Exhibit-ready charts and schedules formatted for deposition or trial",
    ],
    faqs: [
      {
        question: "What records do you need from us?",
        answer:
          "Whatever has been produced or subpoenaed: bank and brokerage statements, credit card statements, general ledgers, tax returns and check images. We accept PDF, CSV, Excel and QuickBooks files and run OCR on scanned PDFs, so you can send records as they arrived.",
      },
      {
        question: "Is the fee fixed or hourly?",
        answer: `Most traces are quoted as a fixed fee of $10k–$20k once we have seen the volume of records. Open-ended matters can be billed hourly at ${TRANSACTION_TRACE_HOURLY_RATE}. Either way a retainer is required, and any overages are billed monthly with a statement of the work done.`,
      },
      {
        question: "How long does a trace take?",
        answer:
          "A simple trace of a single account typically takes 2–3 weeks. Complex matters with several accounts, entities or years of records take 6–8 weeks. We give you a delivery date with the quote and tell you at once if missing records put it at risk.",
      },
      {
        question: "Will you testify to the findings?",
        answer:
          "Our reports are written to support expert testimony, and the source index lets anyone check every figure. Expert testimony, depositions and rebuttal reports are scoped and priced separately, once counsel knows whether they will be needed.",
      },
      {
        question: "What if the records are incomplete?",
        answer:
          "Gaps are common and are findings in themselves. The report lists every missing statement period and account, and we draft the follow-up requests or subpoena riders counsel needs to close them.",
      },
    ],
  },
  copy: {
    eyebrow: "Service · For attorneys",
    lede: "When the statements have been produced but nobody has time to read four years of them, we do. Transaction Trace turns raw records into a tracing report, flow-of-funds charts and schedules that show where the money went.",
    pricingDetail: "Fixed fee quoted once we have seen the records; hourly for open-ended matters.",
    turnaroundDetail: "A simple single-account trace takes 2–3 weeks; complex matters take 6–8 weeks.",
    includesLede:
      "We work from the records produced in your matter, in whatever format they arrived, and document every step.",
    deliverablesLede: "Built so your expert, opposing counsel and the court can check every figure.",
  },
  meta: {
    title: "Transaction Trace: Forensic Tracing of Funds",
    description:
      "Forensic tracing of funds through produced bank and ledger records, with flow-of-funds charts and a tracing report.",
  },
};
