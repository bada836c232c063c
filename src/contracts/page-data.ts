import type { LoginFormState } from "./admin-auth";
import type { PublishedArticle, PublishedArticleSummary } from "./articles";
import type { Brand } from "./brand";
import type { PublishedCaseStudy } from "./case-studies";
import type { FirmProfile } from "./firm";
import type { IntakeFormState, ThanksState } from "./intake";
import type { PortalEngagement } from "./portal";
import type { RetentionPolicy } from "./privacy";
import type { PublishedResource } from "./resources";

/**
 * What the server hands the browser in <script type="application/json" id="page-data">: the same values the
 * server rendered with, so hydration produces identical markup.
 */
export type PageData = {
  brand: Brand;
  /** Canonical origin, without a trailing slash. */
  publicUrl: string;
  /** The server's clock at render time (ISO 8601), for the copyright year and "Last Updated" lines. */
  now: string;
  /** The firm's IANA time zone (FIRM_TIMEZONE): every time a page shows is on this clock (ADR 266). */
  timeZone?: string;
  /** Only on /contact rendered as the answer to a form post: the form's values and messages. */
  intake?: IntakeFormState;
  /** Only on /admin/login rendered as the answer to its form posted without a script. */
  login?: LoginFormState;
  /** Only on /thanks: the visitor's receipt (from its cookie) and whether the server can send mail. */
  thanks?: ThanksState;
  /**
   * Only on /portal rendered for a portal session (never cached): the client's engagement, so the page and its
   * consent and signature forms work before, or without, the page's script.
   */
  portal?: { engagement: PortalEngagement };
  /** Database content the page at `content.path` renders (routes flagged `serverData`). */
  content?: PageContent;
  /**
   * The firm's published people and testimonials, with every page: like the brand, they describe the firm,
   * and home and /about show them, so a client navigation to either needs no reload (ADR 115).
   */
  firm?: FirmProfile;
};

/**
 * What the server loaded from the database for one path, before rendering it: stored articles for the list,
 * or the one article at its slug (absent when there is none published there).
 */
export type PageContent = {
  path: string;
  articles?: PublishedArticleSummary[];
  article?: PublishedArticle;
  /** Staff are looking at an article before it is public (ADR 163): marked, and never indexed. */
  preview?: boolean;
  /** Other published articles, newest first, linked below the article. */
  related?: { slug: string; title: string }[];
  caseStudies?: PublishedCaseStudy[];
  resources?: PublishedResource[];
  /** The privacy page: the live retention policy its retention sentences state. */
  retention?: RetentionPolicy;
};

export const PAGE_DATA_ELEMENT_ID = "page-data";
export const ROOT_ELEMENT_ID = "root";
