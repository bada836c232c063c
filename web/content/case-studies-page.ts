/** Copy of the public /case-studies page; the case studies themselves come from the admin. */
export const CASE_STUDIES_PAGE = {
  eyebrow: "Case Studies",
  title: "Matters we have worked, anonymized",
  lede: "Each summary is shared with client consent and stripped of names, account numbers and anything else that could identify the parties. Results depend on the records that exist; past results do not promise the same in your matter.",
  empty: {
    title: "No case studies published yet",
    text: "We have not published any case studies yet. Our articles explain how we work in the meantime, and we are glad to describe comparable matters on a call.",
  },
  labels: {
    challenge: "Challenge",
    approach: "Approach",
    outcome: "Outcome",
    assetsRecovered: "Assets recovered",
    turnaround: "Turnaround",
    /** On the case studies demo mode seeds: written to show the page, not a client's matter. */
    sample: "Sample",
  },
  cta: "Request Intake",
} as const;

export const turnaroundText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** The page's title and description, for the head. */
export const CASE_STUDIES_PAGE_META = {
  title: "Case Studies: Asset Discovery and Tracing Results",
  description:
    "Anonymized matters we have worked: the challenge counsel brought us, the public records and ledgers we used, and what was found.",
};
