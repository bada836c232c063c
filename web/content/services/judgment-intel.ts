import { JUDGMENT_INTEL_CANCELLATION_DAYS } from "../../../src/contracts/constants";
import { JUDGMENT_INTEL_PRICING } from "../../../src/contracts/services";
import type { ServicePageContent } from "../service-pages";

/** What every Judgment Intel sweep checks (SPEC.md: 7 monitored items). */
export const JUDGMENT_INTEL_MONITORED = [
  "Employment indicators from licenses, business filings and public announcements",
  "New business entities, and new officer, manager or registered-agent roles",
  "Real property acquisitions, transfers and refinancing",
  "New litigation, as plaintiff or defendant",
  "Liens, judgments and UCC financing statements",
  "Bankruptcy filings and related adversary proceedings",
  "Vehicle, vessel and aircraft registrations",
] as const;

/** The Judgment Intel page's content: its details, copy and head, in that page's chunk only. */
export const JUDGMENT_INTEL_PAGE: ServicePageContent = {
  id: "judgment-intel",
  details: {
    subtitle: "Continuous public-records monitoring of a judgment debtor",
    idealFor:
      "Collection counsel and judgment creditors whose debtor has no reachable assets today but may acquire them tomorrow.",
    facts: [
      {
        label: "Cadence",
        value: "Quarterly",
        detail: "Sweeps every quarter; monthly sweeps and real-time alerts at extra cost.",
      },
      {
        label: "Monitoring",
        value: "7+",
        detail: "Components checked on every sweep, reported to counsel.",
      },
    ],
    includes: [
      "A baseline sweep of the debtor's public-record footprint at the start of monitoring",
      "Quarterly sweeps covering employment, new entities, property acquisitions and litigation",
      "Reports delivered to counsel, who directs the scope and receives every report",
      `Billing monthly; pause and resume without penalty; cancel with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice`,
    ],
    deliverables: [
      "Baseline asset report at the start of monitoring",
      "Quarterly sweep report with every new finding highlighted",
      "Change log comparing each sweep with the baseline and the previous sweep",
      "Source citations and retrieval dates for every finding",
      "Levy and garnishment leads: targets for writs, liens and debtor examinations",
      "Plain-English summary for the client, approved by counsel before release",
      "Annual review to support judgment renewal and enforcement planning",
    ],
    faqs: [
      {
        question: "Who receives the reports?",
        answer:
          "Counsel. Judgment Intel runs at an attorney's direction: counsel sets the scope, receives every sweep report and decides what is shared with the client and when.",
      },
      {
        question: "Can we monitor more often than quarterly?",
        answer:
          "Yes. Monthly sweeps and real-time alerts on new filings are available at extra cost, and are useful when a debtor is actively moving assets or a renewal deadline is close.",
      },
      {
        question: "How is it billed, and how do we cancel?",
        answer: `Monitoring costs ${JUDGMENT_INTEL_PRICING}, billed monthly. You can cancel with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' written notice; partial months are not refunded.`,
      },
      {
        question: "Can monitoring be paused?",
        answer:
          "Yes. If a payment plan is agreed or the matter is stayed, monitoring can be paused and resumed without penalty. The next sweep after a pause compares against the last report, so nothing is missed.",
      },
      {
        question: "Do you find wages or bank accounts to garnish?",
        answer:
          "We identify lawful leads from public records, such as a new employer named in a license or business filing, or a lender on a new mortgage. We never access bank accounts or use pretexting; counsel follows the leads with writs, subpoenas and debtor examinations.",
      },
    ],
  },
  copy: {
    eyebrow: "Service · For collection counsel",
    lede: "A judgment is only worth what you can collect. Judgment Intel watches the public record for the debtor's next job, company, property or lawsuit, and reports each change to counsel while there is still time to act.",
    pricingDetail: `Billed monthly. Pause without penalty, or cancel with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice.`,
    turnaroundDetail: "",
    includesLede: "A subscription at counsel's direction, billed monthly and easy to pause.",
    monitoredLede:
      "Seven components on every sweep, across every jurisdiction where the debtor lives, works or has held assets.",
    deliverablesLede: "Delivered across the life of the subscription, each written for enforcement.",
  },
  meta: {
    title: "Judgment Intel: Judgment Debtor Asset Monitoring",
    description:
      "Public-records sweeps on a judgment debtor for new jobs, entities, property and lawsuits, reported to counsel.",
  },
  monitored: JUDGMENT_INTEL_MONITORED,
};
