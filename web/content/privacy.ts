import {
  DATA_RIGHTS_RESPONSE_DAYS,
  ENCRYPTION_AT_REST,
  RECORDS_RETENTION_YEARS,
} from "../../src/contracts/constants";
import { type RetentionDays, retentionPeriod } from "../../src/contracts/retention";

/**
 * The privacy policy. "Last Updated" is the month of the server's clock (SPEC.md section 2); the contact
 * section adds the intake email address and phone from the brand settings.
 */
export const PRIVACY = {
  eyebrow: "Legal",
  title: "Privacy Policy",
  lastUpdated: "Last Updated",
  intro:
    "This policy explains what personal information we collect through this website and in the course of our engagements, what we do with it, and the choices you have. We do not sell personal information.",
  sections: [
    {
      id: "information-collected",
      title: "Information we collect",
      paragraphs: [
        "When you submit an intake request we collect the details you enter: your name, email address, phone number, firm or organization, the matter details you describe, and your service preferences.",
        "With an intake request, the form also sends which page of this site you opened first during that visit and the name of the website that linked you to us, such as a search engine (only its name, never the address of the page you came from). Your browser keeps these two facts for that visit only, without a cookie. We use them to learn which of our articles and services bring requests.",
        "During an engagement we receive the documents you or your counsel provide, and we gather public records about the subjects of the matter.",
        "Like most websites, our servers record technical information such as IP address, browser type and the pages requested, to keep the site secure and working.",
      ],
    },
    {
      id: "use",
      title: "How we use information",
      paragraphs: [
        "We use intake information to reply to you, to assess whether and how we can help, and to prepare a scope and quote.",
        "Engagement information is used only to perform the work described in your Engagement Letter, to keep the records that professional standards require, and to meet our legal obligations.",
        "We do not use your information for advertising, and we never use it to make decisions about credit, insurance, employment or housing.",
      ],
    },
    {
      id: "security",
      title: "How we protect information",
      paragraphs: [
        `Information is encrypted in transit with TLS and at rest with ${ENCRYPTION_AT_REST}. Staff sign in with multi-factor authentication, and access is limited to the people working on your matter.`,
        `Forensic work papers are typically retained for about ${RECORDS_RETENTION_YEARS} years, so findings can be defended if they are challenged, and then securely destroyed.`,
      ],
    },
    {
      id: "sharing",
      title: "How we share information",
      paragraphs: [
        "We do not sell or rent personal information to anyone.",
        "We share engagement findings only with you or the counsel you name. We use a small number of service providers, such as secure hosting and email, bound by contract to protect the data and use it only for us.",
        "We disclose information when required by subpoena, court order or law, and we tell the client first unless the law forbids it.",
      ],
    },
    {
      id: "rights",
      title: "Your rights",
      paragraphs: [
        `You may ask to access, correct or delete the personal information we hold about you, or to opt out of any optional processing. We answer every request within ${DATA_RIGHTS_RESPONSE_DAYS} days.`,
        "Some records must be kept for legal or professional reasons, for example work papers in an active or recently concluded matter; if so, we tell you which and why.",
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      paragraphs: [
        "The public site works without cookies. A strictly necessary session cookie is set only when our staff sign in to the administration area.",
        "If we add analytics, they will be optional and will run only after you give consent.",
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      paragraphs: [
        "We update this policy when our practices or the law change. The date at the top shows when it was last reviewed; material changes affecting existing clients are notified by email.",
      ],
    },
    {
      id: "contact",
      title: "Contact us",
      paragraphs: [
        "For privacy questions or to exercise your rights, write to us or call. Please tell us what you are asking for; we may need to verify your identity before we act.",
      ],
    },
  ],
} as const;

/**
 * The retention sentences of the "How we protect information" section, from the policy the admin sets (the
 * server renders the page with the live policy): a multiple of 365 days reads in years, anything else in days.
 */
export const retentionSentences = (p: RetentionDays) =>
  `Intake requests that do not become engagements are kept for ${retentionPeriod(p.unengagedDays)} after their last status change, and requests that become engagements for ${retentionPeriod(p.engagedDays)}; then they are deleted automatically. Requests we are still reviewing or quoting are kept until they are decided.`;

/** The page's title and description, for the head. */
export const PRIVACY_META = {
  title: "Privacy Policy",
  description:
    "What personal information we collect through this site and our engagements, how we use, protect and share it, your rights, cookies, and how to contact us.",
};
