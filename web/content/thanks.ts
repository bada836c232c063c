import { RESPONSE_SLA } from "../../src/contracts/constants";

/** The thank-you page after an intake request, and the next steps the confirmation e-mail repeats. */

/** What happens after a request: the thank-you page and the confirmation e-mail say the same. */
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

export const THANKS_PAGE = {
  eyebrow: "Thank you",
  title: "Your intake request was received",
  lede: "A confirmation is on its way to your inbox. Here is what happens next.",
  responseTime: { label: "Response time", value: "One business day" },
  confirmation: { label: "Confirmation sent", value: "By email, to the address you gave" },
  nextStepsTitle: "Next steps",
  home: "Return to Homepage",
  phone: "Need help sooner? Call",
} as const;

/** The page's title and description, for the head. */
export const THANKS_PAGE_META = {
  title: "Request Received",
  description: "Your intake request was received. We respond within one business day.",
};
