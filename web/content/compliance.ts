import {
  DATA_RIGHTS_RESPONSE_DAYS,
  ENCRYPTION_AT_REST,
  RECORDS_RETENTION_YEARS,
} from "../../src/contracts/constants";

/** Copy of the compliance page: what the firm does, what it will not do, and how it handles data. */
export const COMPLIANCE = {
  eyebrow: "Compliance",
  title: "Lawful methods, and nothing else",
  lede: "Findings are only useful if they can be used. Every method we rely on is one we would describe to the court, and the limits below are written into every engagement letter.",
  doTitle: "What we do",
  doItems: [
    "Search public records: county recorders and assessors, Secretaries of State, UCC filings, state and federal courts, licensing boards and public registries",
    "Use licensed public-record databases within the permissible purposes their licenses allow",
    "Analyze financial documents produced in discovery, obtained by subpoena, or provided by a client entitled to hold them",
    "Work under a written Engagement Letter and, where the service requires it, at an attorney's direction",
    "Cite the source and retrieval date of every finding, so any reader can verify it",
  ],
  dontTitle: "What we don't do",
  dontItems: [
    "No pretexting: we never pose as someone else to obtain information, from a bank or anyone else",
    "No surveillance, tracking devices or following of any person",
    "No hacking, password guessing or access to anyone's accounts, email, devices or cloud storage",
    "No unauthorized bank access: account details come only through legal process or the account holder",
    "No reports for decisions on credit, insurance, employment or housing: we are not a consumer reporting agency",
  ],
  lawsTitle: "The laws we work within",
  laws: [
    {
      name: "Gramm-Leach-Bliley Act (GLBA)",
      text: "Prohibits obtaining customer financial information from a financial institution by false pretenses. We never contact institutions about a subject's accounts; counsel obtains records through subpoena or discovery.",
    },
    {
      name: "Fair Credit Reporting Act (FCRA)",
      text: "Governs consumer reports used for eligibility decisions. We are not a consumer reporting agency, our reports are prepared for litigation and estate matters, and they may not be used as consumer reports.",
    },
    {
      name: "State privacy laws",
      text: "We follow the privacy and data-broker laws of the states where our clients and subjects are, including limits on the use of driver and motor-vehicle records under the Driver's Privacy Protection Act.",
    },
  ],
  handlingTitle: "Privacy and handling",
  handling: [
    {
      title: "Encryption",
      text: `TLS in transit and ${ENCRYPTION_AT_REST} encryption at rest for every file we hold.`,
    },
    {
      title: "Access",
      text: "Staff sign in with multi-factor authentication, and only people assigned to your matter can open its files.",
    },
    {
      title: "Retention",
      text: `Forensic work papers are typically kept for about ${RECORDS_RETENTION_YEARS} years, so findings can be defended later, then securely destroyed.`,
    },
    {
      title: "Your rights",
      text: `Requests to access, correct or delete personal information, or to opt out, are answered within ${DATA_RIGHTS_RESPONSE_DAYS} days.`,
    },
  ],
  intakeNote:
    "Please do not send account numbers, Social Security numbers or other sensitive data through the intake form. We collect those, only where needed, through a secure portal after the engagement letter is signed.",
  cta: {
    title: "Questions about our methods?",
    text: "Ask before you engage us. We will explain exactly which records we would search for your matter, and which we cannot lawfully reach.",
    label: "Request Intake",
  },
} as const;

/** The page's title and description, for the head. */
export const COMPLIANCE_META = {
  title: "Compliance: Lawful Methods, GLBA, FCRA and Data Handling",
  description:
    "Public records and client-provided documents only: no pretexting, surveillance, hacking or unauthorized bank access. Not a consumer reporting agency. How we handle your data.",
};
