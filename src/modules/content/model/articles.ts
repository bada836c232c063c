import * as v from "valibot";
import { changeBody, createBody } from "../../../contracts/admin-body";
import { ARTICLE_IMAGE_MESSAGES, ArticleInputSchema, ImageAltSchema } from "../../../contracts/articles";
import type { ArticleSort } from "../repo/articles";

export const ARTICLE_MESSAGES = {
  notFound: "No article with that id.",
  slugTaken: "That slug is already used by another article.",
  revisionNotFound: "No such saved version of this article.",
} as const;

/** What the article editor sends: the screen checks the form with the same schema. */
export const ArticleBody = createBody(ArticleInputSchema);
export const ArticleChange = changeBody(ArticleInputSchema);

const SORTS = ["updated", "title", "published"] as const satisfies readonly ArticleSort[];
const STATUSES = ["draft", "published"] as const;

/** A value the list does not know (an old bookmark's) is no filter, not a refusal. */
const oneOf = <T extends string>(values: readonly T[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => values.find((x) => x === s)),
    ),
  );

/** GET /api/admin/articles: a search, a state and an order, each optional. */
export const ArticleListQuery = v.object({
  q: v.optional(v.string()),
  status: oneOf(STATUSES),
  sort: oneOf(SORTS),
});
export type ArticleListFilter = v.InferOutput<typeof ArticleListQuery>;

/** GET /api/admin/articles/:id/revisions/compare: the two kept saves; one left out names none. */
export const CompareQuery = v.object({ from: v.optional(v.string()), to: v.optional(v.string()) });

/** POST /api/admin/articles/preview: the Markdown to render; anything else renders as nothing. */
export const PreviewBody = v.fallback(v.object({ content: v.fallback(v.optional(v.string(), ""), "") }), {
  content: "",
});

export const ARTICLE_IMAGES_API = "/api/admin/articles/images";

/** POST /api/admin/articles/images: the image (multipart `image`) and the text that describes it. */
export const ArticleImageBody = createBody(
  v.object({
    image: v.pipe(v.file(ARTICLE_IMAGE_MESSAGES.required), v.minSize(1, ARTICLE_IMAGE_MESSAGES.required)),
    alt: ImageAltSchema,
  }),
);
