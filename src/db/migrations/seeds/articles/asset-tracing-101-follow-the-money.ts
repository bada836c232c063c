import type { Article } from "../../../../contracts/article-content";
import { LOOK_BACK_YEARS } from "../../../../contracts/constants";

export const ASSET_TRACING_101: Article = {
  slug: "asset-tracing-101-follow-the-money",
  title: "Asset Tracing 101: How Forensic Accountants Follow the Money",
  description:
    "How a forensic trace works from produced bank records to courtroom exhibit: building the account universe, the tracing methods courts accept, the red flags in statements, and how to present the result.",
  blurb:
    "From produced statements to a courtroom exhibit: the account universe, accepted tracing methods, red flags in bank records and how results are presented.",
  topic: "Tracing methods · Explainer",
  date: "2026-03-24",
  sections: [
    {
      heading: "What tracing is, and what it is not",
      blocks: [
        {
          kind: "paragraph",
          text: "Asset tracing follows identified money from a starting point, through every account and transaction it passes through, to where it sits now or where it was spent. It answers questions like: what happened to the $400,000 from the sale of the rental house? Were separate funds used to buy the marital home? Did the trustee pay himself from the trust account?",
        },
        {
          kind: "paragraph",
          text: "Tracing is built on records produced in the case: statements, check images, wire confirmations and ledgers. It is not a search for unknown accounts, though a good trace often reveals them, because money that leaves a known account has to arrive somewhere, and the receiving bank is printed on the check or the wire.",
        },
      ],
    },
    {
      heading: "The records that make a trace",
      blocks: [
        {
          kind: "list",
          items: [
            "Complete monthly statements for every account in the period, with no missing months",
            "Check images front and back: the back shows who deposited the check and where",
            "Deposit items and deposit slips, which show what made up each deposit",
            "Incoming and outgoing wire confirmations, with the counterparty's bank and account reference",
            "Credit-card statements, which show spending and, through payments, the accounts that fund them",
            "For a business: the general ledger, QuickBooks data, payroll registers and loan schedules",
          ],
        },
        {
          kind: "paragraph",
          text: `Ask for the whole period at the start, usually ${LOOK_BACK_YEARS} years before the key date plus the months since. A trace with gaps can still be done, but every gap is a place where opposing counsel will say the money went somewhere innocent.`,
        },
      ],
    },
    {
      heading: "Build the account universe first",
      blocks: [
        {
          kind: "steps",
          items: [
            "List every account named in the production, the disclosures, the tax returns (1099s and K-1s) and the loan applications.",
            'Add every account that appears only as a counterparty: transfers to "account ending 4471", checks deposited at an unfamiliar bank.',
            "Mark each account as produced, partly produced or not produced, with the months missing.",
            "Turn the not-produced list into a subpoena schedule before the analysis begins, not after.",
          ],
        },
        {
          kind: "paragraph",
          text: "The account universe is usually the most valuable page in the engagement. It shows the court, in one table, how many places money went that nobody has explained yet.",
        },
      ],
    },
    {
      heading: "The tracing methods courts accept",
      blocks: [
        {
          kind: "paragraph",
          text: "When money stays in its own account, tracing is bookkeeping. The methods matter when funds are commingled, because then a dollar withdrawn cannot be labeled by itself. Which method applies depends on the jurisdiction and the kind of claim, and counsel should confirm it before the work is designed.",
        },
        {
          kind: "list",
          items: [
            "Direct tracing: each deposit and withdrawal is matched to source documents, so a specific purchase is tied to specific funds. The most persuasive method, and the most record-hungry.",
            "Lowest intermediate balance rule: claimed funds are presumed to stay in a commingled account unless the balance drops below them; the claim is capped at the lowest balance in between. Common in trust, fraud and receivership cases.",
            "Family-expense or exhaustion method: household expenses are presumed paid from community funds first, so a purchase made when community funds were exhausted must have come from separate funds. Used in some community-property states.",
            "Pro-rata allocation: each withdrawal carries the same mix of sources as the account held at the time. Sometimes used where no rule favors one claimant.",
          ],
        },
      ],
    },
    {
      heading: "Red flags in the statements",
      blocks: [
        {
          kind: "list",
          items: [
            "Round-number transfers between the subject's own accounts just before a key date",
            "Repeated cash withdrawals just under $10,000, the currency transaction reporting threshold",
            "Checks payable to cash, to the subject, or to relatives with no stated purpose",
            "Payments to a new entity or vendor that begin when the dispute begins",
            "Credit-card payments from an account nobody has disclosed",
            "Deposits that stop arriving: a client now paying a different entity",
          ],
        },
      ],
    },
    {
      heading: "Presenting the trace",
      blocks: [
        {
          kind: "paragraph",
          text: "A trace only helps if a judge can follow it in a few minutes. We deliver three things: a flow chart that shows the money moving between accounts, schedules that list every transaction behind each arrow with the statement page it came from, and a short written report that states the method, the records relied on and the limits of the conclusions. Every figure on the chart ties to a schedule line, and every schedule line ties to a page in the production. Where a trace cannot be completed because records are missing, the report says so plainly and names the records that would close the gap, which gives counsel a ready-made subpoena list rather than a weakness to be discovered at trial.",
        },
      ],
    },
    {
      heading: "Before you commission a trace",
      blocks: [
        {
          kind: "checklist",
          title: "Tracing readiness checklist",
          items: [
            "The question the trace must answer, in one sentence",
            "The start date, end date and the dollar amounts in dispute",
            "A list of produced records, with the format of each (PDF, CSV, Excel, QuickBooks, images)",
            "The tracing method your jurisdiction applies to this kind of claim",
            "Deadlines: expert disclosure, discovery cut-off, hearing or trial",
            "Whether the analyst will need to testify, which changes how work papers are kept",
          ],
        },
        {
          kind: "callout",
          title: "Scanned statements are fine",
          text: "Most productions arrive as scanned PDFs. We extract the transactions with OCR and then reconcile every statement's opening balance, activity and closing balance, so a misread digit cannot survive into a schedule.",
        },
      ],
    },
  ],
};
