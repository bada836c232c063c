import { RESPONSE_SLA } from "./constants";

/** What happens after a request: the thank-you page and the confirmation email say the same. */
export const NEXT_STEPS = [
  {
    title: "Review and confirm",
    text: "An analyst reads your request, checks for conflicts and confirms we can help.",
  },
  {
    title: "Scope, timeline and quote by email",
    text: `Within ${RESPONSE_SLA} we email the proposed scope, the turnaround and a flat-rate or fixed-fee quote.`,
  },
  {
    title: "Engagement letter after approval",
    text: "Once you approve, we send the Engagement Letter; work begins when it is signed and the retainer is in.",
  },
] as const;
