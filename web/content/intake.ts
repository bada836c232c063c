import { RESPONSE_SLA } from "../../src/contracts/constants";
import type { IntakeField } from "../../src/contracts/intake";

/** Copy of the intake page, the thank-you page and the intake e-mails, kept apart from layout. */

export const FIELD_LABELS: Record<
  Exclude<IntakeField, "website" | "formStartTime" | "formSentTime">,
  string
> = {
  name: "Full name",
  firm: "Firm or organization (optional)",
  email: "Email",
  phone: "Phone",
  role: "Your role",
  matterType: "Matter type",
  subjectType: "Subject type",
  jurisdictions: "Jurisdictions",
  desiredService: "Service you need",
  description: "Brief description of the matter",
  acknowledgment:
    "I understand that work is performed under a written Engagement Letter defining scope, fees and confidentiality, and that some services may require attorney direction.",
};

export const FIELD_HINTS: Partial<Record<IntakeField, string>> = {
  jurisdictions: "Counties and states where the subject lives, owns property or does business.",
  description:
    "What is the matter, who is the subject, and what do you need found? No Social Security, card or account numbers.",
};

export const SELECT_PROMPTS = {
  role: "Select your role",
  matterType: "Select matter type",
  subjectType: "Select subject type",
  desiredService: "Select a service",
} as const;

export const INTAKE_PAGE = {
  eyebrow: "Start a matter",
  title: "Request Intake",
  lede: `Tell us about the matter and the subject. We review every request and respond within ${RESPONSE_SLA} with scope, timeline and a flat-rate or fixed-fee quote.`,
  contact: {
    title: "Prefer to talk first?",
    text: "Email or call the intake desk. Attorneys can schedule a short scoping call before submitting.",
  },
  sla: {
    title: "Response SLA",
    text: `We respond within ${RESPONSE_SLA}. Rush work is available with a 72-hour expedite.`,
  },
  sensitive: {
    title: "No Sensitive Data",
    text: "Do not include Social Security numbers, account or card numbers, passwords or medical details. We collect what the engagement needs through our secure portal, after the Engagement Letter is signed.",
  },
  chosen: {
    label: "You are requesting",
    details: "What's included",
  },
  formTitle: "Intake request",
  submit: "Submit Request",
  pending: "Submitting...",
  honeypotLabel: "Leave this field empty",
  successToast: { title: "Request Submitted", description: "We'll respond within one business day." },
  failureToast: {
    title: "Submission Failed",
    description: "Please try again or email the intake address directly.",
  },
  errorSummary: "Please correct the highlighted fields.",
} as const;

/** The page's title and description, for the head. */
export const INTAKE_PAGE_META = {
  title: "Request Intake",
  description: `Request an asset map, transaction trace or judgment monitoring. Tell us about the matter; we respond within ${RESPONSE_SLA} with scope, timeline and a quote.`,
};
