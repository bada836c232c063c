import { Eye } from "lucide-react";
import { articlePreviewPath } from "../../../src/contracts/paths";

/** The article's real public page as it stands, for staff only, published or not (ADR 163). */
export function ArticlePreviewLink({ id, slug }: { id: number; slug: string }) {
  return (
    <a
      href={articlePreviewPath(slug, id)}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-2 font-semibold text-navy underline underline-offset-4"
    >
      <Eye className="size-4" aria-hidden="true" />
      Preview the page<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
