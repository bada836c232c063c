import * as v from "valibot";
import { instant } from "./dates";
import { optionalText, publishedFlag, requiredParagraphs, requiredText, tooLong } from "./fields";

/** What an admin sends to create or change an article (the published date is the server's business). */
export const ARTICLE_LIMITS = {
  title: 200,
  slug: 120,
  description: 400,
  content: 100_000,
  author: 120,
  tag: 40,
  tags: 8,
} as const;

/** One topic: trimmed text; the list drops repeats so a topic filter finds each article once. */
export const TagsSchema = v.pipe(
  v.optional(v.array(v.string("A topic must be text"), "Topics must be a list"), []),
  v.transform((tags) => [...new Set(tags.map((t) => t.trim().replace(/\s+/g, " ")).filter(Boolean))]),
  v.check(
    (tags) => tags.every((t) => t.length <= ARTICLE_LIMITS.tag),
    `A topic must be at most ${ARTICLE_LIMITS.tag} characters`,
  ),
  v.maxLength(ARTICLE_LIMITS.tags, `At most ${ARTICLE_LIMITS.tags} topics`),
);

/** What the author field says of a person who is not one the article can name. */
export const ARTICLE_AUTHOR_MESSAGE = "Choose one of the firm's published people, or none.";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ArticleInputSchema = v.object({
  title: requiredText("Title", ARTICLE_LIMITS.title),
  slug: v.pipe(
    requiredText("Slug", ARTICLE_LIMITS.slug),
    v.regex(SLUG_PATTERN, "Use lowercase letters, digits and single hyphens only"),
  ),
  description: requiredParagraphs("Description", ARTICLE_LIMITS.description),
  content: v.pipe(
    v.optional(v.string("Content must be text"), ""),
    v.maxLength(ARTICLE_LIMITS.content, tooLong("Content", ARTICLE_LIMITS.content)),
  ),
  /** Empty means the brand name. Shown when no person is named, or the one named is not published. */
  author: optionalText("Author", ARTICLE_LIMITS.author),
  /**
   * One of the firm's published people, by id, as the author (ADR 269); null names none. Absent: unchanged. The
   * service checks that the person exists and is published.
   */
  authorPersonId: v.optional(
    v.nullable(
      v.pipe(
        v.number(ARTICLE_AUTHOR_MESSAGE),
        v.integer(ARTICLE_AUTHOR_MESSAGE),
        v.minValue(1, ARTICLE_AUTHOR_MESSAGE),
      ),
    ),
  ),
  published: publishedFlag(false),
  tags: TagsSchema,
  /**
   * When a published article becomes public. Absent or null: unchanged (the first publication's time, set
   * when first published). A future time schedules it.
   */
  publishAt: v.optional(
    // A time with its zone (Z or an offset): a bare local time means nothing to the server.
    v.nullable(instant("Publish time must be a date and time with its zone, such as 2026-11-03T09:00:00Z")),
  ),
});

export type ArticleInput = v.InferOutput<typeof ArticleInputSchema>;
export type ArticleField = keyof ArticleInput;

/** A stored article as the admin API returns it. */
export type StoredArticle = {
  id: number;
  slug: string;
  title: string;
  description: string;
  content: string;
  author: string;
  /** One of the firm's people named as the author (null: none, or the person was deleted). */
  authorPersonId: number | null;
  readingTime: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Topics, shown above the title and filterable on /articles. */
  tags: string[];
};

/** A published stored article as the public pages need it: the Markdown already rendered to safe HTML. */
export type PublishedArticle = {
  slug: string;
  title: string;
  description: string;
  /** The name the article is by: its person's, else its own author, else the firm's. */
  author: string;
  /** The firm's person who wrote it, when one is named and published (ADR 269). */
  authorPerson?: ArticlePerson;
  readingTime: string;
  /** YYYY-MM-DD of first publication. */
  date: string;
  wordCount: number;
  html: string;
  tags: string[];
};

/** A person as an article's byline shows them, and where they are on the About page. */
export type ArticlePerson = { name: string; role: string; credentials: string; path: string };

/**
 * How an article names its author, on its page, the list and the feed alike: "Dana Whitfield, Principal (CPA,
 * CFE)" for one of the firm's people; the name alone otherwise.
 */
export const bylineOf = (a: { author?: string; authorPerson?: ArticlePerson }): string => {
  const p = a.authorPerson;
  if (!p) return a.author ?? "";
  return `${p.name}${p.role ? `, ${p.role}` : ""}${p.credentials ? ` (${p.credentials})` : ""}`;
};

export type PublishedArticleSummary = Omit<PublishedArticle, "html" | "wordCount">;

/** A slug from a title: lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ARTICLE_LIMITS.slug)
    .replace(/-+$/, "");
}

/** Images in articles (ADR 196): uploaded from the editor, typed and sized by their bytes. */
export const ARTICLE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ARTICLE_IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
export const ARTICLE_IMAGE_ALT_MAX = 200;
export const ARTICLE_IMAGE_MESSAGES = {
  required: "Choose an image to upload.",
  type: "The image must be a PNG, JPEG or WebP picture. Its content decides, not its name.",
  tooLarge:
    "The image is larger than 5 MB. Export a smaller copy (the page shows it at most about 1,200 pixels wide).",
} as const;

/** What describes the image for a reader who cannot see it: required, one line. */
export const ImageAltSchema = requiredText("Alt text", ARTICLE_IMAGE_ALT_MAX);

/** POST /api/admin/articles/images (201): where the image is served, its size, and the Markdown that shows it. */
export type ArticleImage = {
  path: string;
  width: number;
  height: number;
  contentType: string;
  markdown: string;
};

/** `![alt](path)` with the alt text's brackets and backslashes escaped, so it is one image whatever was typed. */
export const imageMarkdown = (alt: string, path: string) => `![${alt.replace(/[\\[\]]/g, "\\$&")}](${path})`;

/** The /articles page's head, which the RSS feed also describes itself with. */
export const ARTICLES_PAGE_META = {
  title: "Articles: Asset Discovery, Tracing and Public Records",
  description:
    "Checklists and explainers for counsel and fiduciaries: public records in divorce, following the money, beneficial ownership, digital sources and estate accounts.",
};
