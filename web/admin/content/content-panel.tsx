import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import type { StoredArticle } from "../../../src/contracts/articles";
import { adminArticlePath, PATHS } from "../../../src/contracts/paths";
import { formatLongDate } from "../../lib/dates";
import { useJson } from "../../lib/use-json";
import { ADMIN_API } from "../shared/admin-session";

/** How many drafts the panel names; the rest are a link away. */
const DRAFTS_SHOWN = 5;

/**
 * The site's articles on the dashboard, for everyone who may edit them: how many are published and how many are
 * drafts, the drafts changed most recently (a way back into the one left half-written), and a new one. An
 * editor's dashboard was a greeting and nothing else; this is the work their role holds. It asks only the
 * articles' own route, which every role with `content` may read.
 */
export function ContentPanel() {
  const articles = useJson<StoredArticle[]>(ADMIN_API.articles);
  const drafts =
    articles && articles !== "failed"
      ? articles.filter((a) => !a.published).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      : [];
  const published = articles && articles !== "failed" ? articles.length - drafts.length : 0;
  return (
    <section
      aria-labelledby="content-panel-title"
      aria-busy={articles === null}
      className="rounded-xl border border-line bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="content-panel-title" className="font-serif text-xl font-bold text-navy">
          Articles
        </h2>
        <Link href={PATHS.adminArticleNew} className="font-semibold text-navy underline">
          New Article
        </Link>
      </div>
      {articles === null && <p className="mt-3 text-ink-muted">Loading the articles...</p>}
      {articles === "failed" && (
        <p className="mt-3 text-danger">The articles could not be loaded. Reload the page to try again.</p>
      )}
      {articles && articles !== "failed" && (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {published} published · {drafts.length} {drafts.length === 1 ? "draft" : "drafts"}
          </p>
          {drafts.length === 0 ? (
            <p className="mt-3 text-ink-muted">No drafts: every article is on the site.</p>
          ) : (
            <ol aria-label="Drafts, last changed first" className="mt-3 divide-y divide-line">
              {drafts.slice(0, DRAFTS_SHOWN).map((a) => (
                <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2.5">
                  <Link href={adminArticlePath(a.id)} className="min-w-0 font-semibold text-navy underline">
                    {a.title}
                  </Link>
                  <span className="text-sm text-ink-muted">Changed {formatLongDate(a.updatedAt)}</span>
                </li>
              ))}
            </ol>
          )}
          <Link
            href={drafts.length > DRAFTS_SHOWN ? `${PATHS.adminArticles}?status=draft` : PATHS.adminArticles}
            className="mt-3 inline-flex items-center gap-1.5 font-semibold text-navy underline"
          >
            {drafts.length > DRAFTS_SHOWN ? `All ${drafts.length} drafts` : "All articles"}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      )}
    </section>
  );
}
