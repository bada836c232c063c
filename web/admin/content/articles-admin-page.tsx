import { ExternalLink } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { StoredArticle } from "../../../src/contracts/articles";
import { adminArticlePath, articlePath, PATHS } from "../../../src/contracts/paths";
import { formatLongDate } from "../../lib/dates";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAdminList } from "./admin-editor";
import { EntryList, EntrySummary, ListHeader } from "./content-list";
import { RowActions } from "./editor-controls";

type Filters = { q: string; status: "" | "draft" | "published"; sort: "updated" | "title" | "published" };

export function ArticlesAdminPage() {
  return <AdminFrame>{() => <ArticleList />}</AdminFrame>;
}

function ArticleList() {
  const [filters, setFilters] = useState<Filters>({ q: "", status: "", sort: "updated" });
  const {
    items: articles,
    load,
    deleting,
    setDeleting,
    pending,
    remove,
  } = useAdminList<StoredArticle>({
    noun: "Article",
    plural: "Articles",
    url: ADMIN_API.articles,
  });

  const search = useCallback(
    (f: Filters) => {
      const query = new URLSearchParams({ sort: f.sort });
      if (f.q.trim()) query.set("q", f.q.trim());
      if (f.status) query.set("status", f.status);
      return load(query.toString());
    },
    [load],
  );

  useEffect(() => {
    const timer = setTimeout(() => void search(filters), filters.q ? 250 : 0);
    return () => clearTimeout(timer);
  }, [filters, search]);

  return (
    <>
      <ListHeader
        title="Articles"
        intro="Articles you publish appear on the Articles page, in the sitemap and in the RSS feed at once. The site's own articles are not listed here."
        newHref={PATHS.adminArticleNew}
        newLabel="New Article"
      />

      <form
        aria-label="Filter articles"
        onSubmit={(e) => e.preventDefault()}
        className="mt-8 grid gap-4 rounded-xl border border-line bg-white p-4 shadow-sm sm:grid-cols-3"
      >
        <div>
          <label htmlFor="article-search" className="block text-sm font-semibold text-ink">
            Search
          </label>
          <input
            id="article-search"
            type="search"
            value={filters.q}
            onChange={(e) => setFilters((f) => ({ ...f, q: e.target.value }))}
            placeholder="Title, slug or description"
            className="mt-1.5 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink"
          />
        </div>
        <Select
          id="article-status"
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters((f) => ({ ...f, status: status as Filters["status"] }))}
          options={[
            ["", "All"],
            ["draft", "Drafts"],
            ["published", "Published"],
          ]}
        />
        <Select
          id="article-sort"
          label="Sort by"
          value={filters.sort}
          onChange={(sort) => setFilters((f) => ({ ...f, sort: sort as Filters["sort"] }))}
          options={[
            ["updated", "Last changed"],
            ["published", "Publication date"],
            ["title", "Title (A–Z)"],
          ]}
        />
      </form>

      <EntryList
        label="Articles"
        items={articles}
        className="mt-6"
        loadingText="Loading articles..."
        emptyText={
          filters.q || filters.status
            ? "No articles match these filters."
            : "No articles yet. Write the first one with New Article."
        }
      >
        {(a) => (
          <>
            <EntrySummary published={a.published} title={a.title}>
              <p className="mt-1 break-all text-sm text-ink-muted">{articlePath(a.slug)}</p>
              <p className="mt-1 text-sm text-ink-muted">
                {a.publishedAt ? `Published ${formatLongDate(a.publishedAt)} · ` : ""}
                Changed {formatLongDate(a.updatedAt)} · {a.readingTime}
              </p>
            </EntrySummary>
            <RowActions title={a.title} editHref={adminArticlePath(a.id)} onDelete={() => setDeleting(a)}>
              {a.published && (
                <a href={articlePath(a.slug)} className="btn-outline min-h-10 px-3 py-1.5 text-sm">
                  <ExternalLink className="size-4" aria-hidden="true" />
                  View<span className="sr-only">: {a.title}</span>
                </a>
              )}
            </RowActions>
          </>
        )}
      </EntryList>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this article?"
        text={`"${deleting?.title ?? ""}" will be removed from the site and cannot be restored.`}
        confirmLabel="Delete Article"
        pending={pending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1.5 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export const articlesAdminPage = adminPage(ArticlesAdminPage, {
  title: "Articles",
  description: "Write, publish and unpublish the firm's articles.",
});
