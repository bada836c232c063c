import type { Brand } from "../../../src/contracts/brand";
import type { DocSpec } from "../model";

export const recordsRequestTemplate = (brand: Brand): DocSpec => ({
  title: "Records Request Template",
  subtitle: "A fill-in public-records request letter for state and local agencies",
  subject: "Public-records request letter template",
  keywords: ["public records request", "FOIA", "template", "letter"],
  footer: `${brand.name}  |  Template for general information, not legal advice`,
  blocks: [
    { kind: "heading", text: "How to use this template" },
    {
      kind: "bullets",
      items: [
        "The letter starts on page 2. Replace every highlighted field in square brackets, then delete this page before sending.",
        "Cite the statute that governs the agency. Examples: California Public Records Act (Cal. Gov. Code § 7920.000 et seq.); Texas Public Information Act (Tex. Gov't Code ch. 552); New York Freedom of Information Law (N.Y. Pub. Off. Law §§ 84–90); Florida Public Records Act (Fla. Stat. ch. 119); federal agencies: Freedom of Information Act (5 U.S.C. § 552).",
        "Describe records, not questions. Agencies must produce records that exist; they need not answer questions or create new documents.",
        "Give a date range and name the record types. Narrow requests are answered faster and cost less.",
        "Court records are usually requested from the clerk under court rules, not under a public-records act. Motor-vehicle records need the state's permissible-use form under the Driver's Privacy Protection Act.",
        "Keep a copy of the letter and note the date sent: the response deadline runs from receipt.",
      ],
    },
    {
      kind: "note",
      title: "Lawful use",
      text: "Request only records the law makes available to you, and say truthfully who you are and why if the form asks. Never misrepresent your identity or purpose to a records custodian.",
    },
    { kind: "pageBreak" },
    { kind: "paragraph", text: "[Your name]" },
    { kind: "paragraph", text: "[Firm or organization]" },
    { kind: "paragraph", text: "[Street address, city, state, ZIP]" },
    { kind: "paragraph", text: "[E-mail address]  |  [Telephone]" },
    { kind: "paragraph", text: "[Date]" },
    { kind: "paragraph", text: "Sent by [e-mail / online portal / certified mail]" },
    { kind: "paragraph", text: "[Records custodian or public information officer]" },
    { kind: "paragraph", text: "[Agency name]" },
    { kind: "paragraph", text: "[Agency address]" },
    { kind: "subheading", text: "Re: Public records request under [statute and citation]" },
    { kind: "paragraph", text: "Dear [Records custodian]:" },
    {
      kind: "paragraph",
      text: "Under [statute and citation], I request copies of the following records held by [agency name], for the period from [start date] to [end date]:",
    },
    {
      kind: "numbered",
      items: [
        "[Record type, e.g. recorded deeds, deeds of trust and releases] naming [person or entity name] as grantor or grantee.",
        "[Record type, e.g. business license applications and renewals] for [entity name], including the names and addresses of owners and officers listed.",
        "[Record type, e.g. permits, inspection reports or contracts] relating to [property address or parcel number].",
      ],
    },
    {
      kind: "paragraph",
      text: "Format. Please provide the records electronically, in the format in which they are kept (native files or searchable PDF), by e-mail to [e-mail address] or through your portal. If any record exists only on paper, please tell me the copying cost before you make copies.",
    },
    {
      kind: "paragraph",
      text: "Fees. I agree to pay reasonable fees allowed by law up to $[amount]. If the fees will exceed that amount, please send an estimate before doing the work. [If a fee waiver applies: I request a waiver of fees because (reason allowed by the statute).]",
    },
    {
      kind: "paragraph",
      text: "Withheld records. If you withhold any record or part of a record, please cite the specific exemption you rely on for each, release every part that is not exempt, and tell me how to appeal the decision.",
    },
    {
      kind: "paragraph",
      text: "Timing. [Statute] requires a response within [number] [business / calendar] days of receipt. If you need more time, or if my request should go to another office, please let me know as soon as possible. Partial releases as records become available are welcome.",
    },
    {
      kind: "paragraph",
      text: "If anything in this request is unclear, or if narrowing it would make it faster or cheaper to answer, please contact me at [telephone] or [e-mail address]. Thank you for your help.",
    },
    { kind: "paragraph", text: "Sincerely," },
    { kind: "signatures", parties: ["[Your name], [title]"] },
  ],
});
