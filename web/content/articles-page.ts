import { RESPONSE_SLA } from "../../src/contracts/constants";

/** Copy of the /articles list and the frame around each article. */
export const ARTICLES_PAGE = {
  eyebrow: "Articles",
  title: "Checklists and explainers from our casework",
  lede: "How lawful asset discovery works in practice: which records to pull, what they prove, where they fall short and when a subpoena has to do the rest. Written for attorneys and fiduciaries, useful to anyone preparing a matter.",
  read: "Read",
  topics: "Topics",
  allTopics: "All topics",
  noneOnTopic: "No articles on this topic yet.",
  resources: {
    eyebrow: "Resources",
    title: "Checklists and templates to download",
    text: "Our attorney intake checklist, a fill-in public-records request letter and a list of sources organized by record type.",
    button: "See Resources",
  },
} as const;

export const ARTICLE_PAGE = {
  back: "Back to Articles",
  authorNote:
    "Prepared by the firm's forensic accounting staff. General information, not legal advice: apply it with your attorney to the facts and law of your matter.",
  cta: {
    title: "Need these records pulled and tied together?",
    text: `Tell us about the matter in a few lines, without account numbers or other sensitive data. We respond within ${RESPONSE_SLA} with scope, timeline and a quote.`,
    button: "Request Intake",
  },
  related: "More from our articles",
  preview: "Preview: not public yet. Only signed-in staff see this page.",
  notFound: {
    title: "Article Not Found",
    text: "We couldn't find that article. It may have been renamed or withdrawn. Our other checklists and explainers are on the articles page.",
    button: "Back to Articles",
  },
} as const;

/** The missing article's title and description, for the head. */
export const ARTICLE_NOT_FOUND_META = {
  title: "Article Not Found",
  description: "The article you're looking for doesn't exist or has been moved.",
  noindex: true,
};
