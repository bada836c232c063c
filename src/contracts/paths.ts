/** Every public and admin path, in one place; links are built from here, never typed across files. */
export const PATHS = {
  home: "/",
  assetMap: "/services/asset-map",
  transactionTrace: "/services/transaction-trace",
  judgmentIntel: "/services/judgment-intel",
  forIndividuals: "/for-individuals",
  process: "/process",
  compliance: "/compliance",
  engagementTerms: "/engagement-terms",
  about: "/about",
  contact: "/contact",
  thanks: "/thanks",
  portal: "/portal",
  articles: "/articles",
  articlesFeed: "/articles/rss.xml",
  resources: "/resources",
  caseStudies: "/case-studies",
  privacy: "/privacy",
  adminLogin: "/admin/login",
  adminDashboard: "/admin/dashboard",
  adminAccount: "/admin/account",
  adminAudit: "/admin/audit",
  adminArticles: "/admin/articles",
  adminArticleNew: "/admin/articles/new",
  adminResources: "/admin/resources",
  adminResourceNew: "/admin/resources/new",
  adminCaseStudies: "/admin/case-studies",
  adminCaseStudyNew: "/admin/case-studies/new",
  adminSubmissions: "/admin/submissions",
  adminConsultations: "/admin/consultations",
  adminDocumentTemplates: "/admin/document-templates",
  adminBusinessHours: "/admin/business-hours",
  adminBackups: "/admin/backups",
  adminFirm: "/admin/firm",
  adminPersonNew: "/admin/firm/people/new",
  adminTestimonialNew: "/admin/firm/testimonials/new",
  adminStaff: "/admin/staff",
  /** Where an invitation link leads (the one-time token follows in the fragment, never sent to the server). */
  adminJoin: "/admin/join",
  adminPrivacy: "/admin/privacy",
  adminDataRequests: "/admin/privacy/requests",
} as const;

/** Downloadable documents, served from /docs (built from text kept in the repository). */
export const DOCS = {
  engagementLetter: "/docs/sample-engagement-letter.pdf",
  attorneyIntakeChecklist: "/docs/attorney-intake-checklist.pdf",
  recordsRequestTemplate: "/docs/records-request-template.docx",
  publicRecordsSources: "/docs/public-records-sources.pdf",
  sampleReport: "/docs/sample-asset-map-report.pdf",
} as const;

/** The query parameter that chooses a service on the intake page; the server renders the choice too. */
export const SERVICE_QUERY = "service";

/** The intake page with a service already chosen ("Request This Service"). */
export const requestServicePath = (serviceId: string) => `${PATHS.contact}?${SERVICE_QUERY}=${serviceId}`;

export const TOPIC_QUERY = "topic";

/** /articles showing one topic's articles only (a link, so it works without script). */
export const articlesTopicPath = (topic: string) =>
  `${PATHS.articles}?${TOPIC_QUERY}=${encodeURIComponent(topic)}`;

/** The topic a /articles query asks for, spaces folded as topics are stored; "" for none. */
export function topicOf(search: string): string {
  const topic = new URLSearchParams(search).get(TOPIC_QUERY) ?? "";
  return topic.trim().replace(/\s+/g, " ").slice(0, 40);
}

export const articlePath = (slug: string) => `${PATHS.articles}/${encodeURIComponent(slug)}`;
/** The fragment that marks one of the firm's people on the About page, where an article's byline links to them. */
export const personAnchor = (id: number) => `person-${id}`;
export const aboutPersonPath = (id: number) => `${PATHS.about}#${personAnchor(id)}`;

/** An article's page as staff see it before it is public (the server ignores the query for anyone else). */
export const articlePreviewPath = (slug: string, id: number) => `${articlePath(slug)}?preview=${id}`;
export const adminArticlePath = (id: number) => `${PATHS.adminArticles}/${id}`;
export const adminCaseStudyPath = (id: number) => `${PATHS.adminCaseStudies}/${id}`;
export const adminResourcePath = (id: number) => `${PATHS.adminResources}/${id}`;
export const adminPersonPath = (id: number) => `${PATHS.adminFirm}/people/${id}`;
export const adminTestimonialPath = (id: number) => `${PATHS.adminFirm}/testimonials/${id}`;
export const adminSubmissionPath = (id: number) => `${PATHS.adminSubmissions}/${id}`;

/** The anchor on the home page where the service packages begin ("See Packages"). */
export const PACKAGES_ANCHOR = "packages";
