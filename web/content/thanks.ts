import type { IntakeReceipt } from "../../src/contracts/intake";

/** The thank-you page after an intake request, and the next steps the confirmation email repeats. */

/**
 * Where the confirmation email is, in the page's words: it is queued and goes out at once, or the server's mail
 * is not working and it waits. A page that does not know (opened without a receipt) says neither.
 */
export const CONFIRMATION_COPY: Record<
  IntakeReceipt["confirmation"],
  { lede: string; label: string; value: string }
> = {
  queued: {
    lede: "A confirmation is on its way to your inbox. Here is what happens next.",
    label: "Confirmation sent",
    value: "By email, to the address you gave",
  },
  delayed: {
    lede: "Your request is safely with us, but our email is not going out right now. Here is what happens next.",
    label: "Confirmation email",
    value: "Your confirmation email is delayed: it follows once our email is back.",
  },
};

export const THANKS_PAGE = {
  eyebrow: "Thank you",
  title: "Your intake request was received",
  lede: "Here is what happens next.",
  reference: { label: "Your reference", hint: "Note it, and quote it when you call or write to us." },
  responseTime: { label: "Response time", value: "One business day" },
  respondBy: (when: string) => `You'll hear from us by ${when}.`,
  nextStepsTitle: "Next steps",
  home: "Return to Homepage",
  phone: "Need help sooner? Call",
} as const;

/** The page's title and description, for the head. */
export const THANKS_PAGE_META = {
  title: "Request Received",
  description: "Your intake request was received. We respond within one business day.",
};
