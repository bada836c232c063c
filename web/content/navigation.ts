import { PATHS } from "../../src/contracts/paths";

/** The header's plain links, in order, after the Services menu. */
export const HEADER_LINKS = [
  { label: "Process", href: PATHS.process },
  { label: "Compliance", href: PATHS.compliance },
  { label: "Articles", href: PATHS.articles },
  { label: "About", href: PATHS.about },
  { label: "For Individuals", href: PATHS.forIndividuals },
] as const;

export const FOOTER_COMPANY_LINKS = [
  { label: "About", href: PATHS.about },
  { label: "Process", href: PATHS.process },
  { label: "Compliance", href: PATHS.compliance },
  { label: "Articles", href: PATHS.articles },
  { label: "Resources", href: PATHS.resources },
] as const;

/** Listed with the company links only while at least one case study is published. */
export const CASE_STUDIES_LINK = { label: "Case Studies", href: PATHS.caseStudies } as const;

export const FOOTER_LEGAL_LINKS = [
  { label: "Engagement Terms", href: PATHS.engagementTerms },
  { label: "Privacy Policy", href: PATHS.privacy },
] as const;

export const DISCLAIMER =
  "The information on this site is general information, not legal advice. All work is performed under a written Engagement Letter, and some services may require attorney direction or appropriate licensure in your jurisdiction.";

/** Whether a header link is the current page: exact match, or a section such as /articles/some-slug. */
export function isCurrent(href: string, location: string): boolean {
  return location === href || (href !== PATHS.home && location.startsWith(`${href}/`));
}
