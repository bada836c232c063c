import { ExternalLink } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { StoredArticle } from "../../../src/contracts/articles";
import { adminArticlePath, articlePath, PATHS } from "../../../src/contracts/paths";
import { formatLongDate } from "../../lib/dates";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAdminList } from "./admin-editor";
import {
  ARTICLE_SEARCH_MAX,
  articleFiltersString,
  type ArticleFilters as Filters,
  readArticleFilters,
} from "./article-list-query";
import { EntryList, EntrySummary, ListHeader } from "./content-list";
import { RowActions } from "./editor-controls";

export function ArticlesAdminPage() {
  return <AdminFrame>{() => <ArticleList />}</AdminFrame>;
}

/** The pause after a keystroke in the search before the list (and the address) follow it. */
const SEARCH_DELAY_MS = 250;

function ArticleList() {
  // The server caches a page's HTML per path, whatever its query string: the first render (on the server and
  // at hydration) is the unfiltered list, and the address's filters apply once mounted, as on the desk.
  const address = useSearch();
  const [, navigate] = useLocation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const filters = useMemo(() => readArticleFilters(mounted ? address : ""), [mounted, address]);
  const queryString = articleFiltersString(filters);
  // What is in the search box; it reaches the address a moment after typing stops.
  const [typed, setTyped] = useState(filters.q);
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

  const go = useCallback(
    (next: Filters, replace = false) => {
      const qs = articleFiltersString(next);
      navigate(`${PATHS.adminArticles}${qs ? `?${qs}` : ""}`, { replace });
    },
    [navigate],
  );

  // The address changed by Back, Forward or a link: the search box shows its words.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the address's words resets the box
  useEffect(() => {
    if (typed.trim() !== filters.q) setTyped(filters.q);
  }, [filters.q]);

  // Typing replaces the address (one entry in the history, not one per word); a choice below adds one.
  useEffect(() => {
    if (!mounted || typed.trim() === filters.q) return;
    const timer = setTimeout(() => go({ ...filters, q: typed }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters, mounted, go]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for the filters
  useEffect(() => {
    if (!mounted) return;
    const query = new URLSearchParams({ sort: filters.sort });
    if (filters.q) query.set("q", filters.q);
    if (filters.status) query.set("status", filters.status);
    void load(query.toString());
  }, [queryString, mounted, load]);

  return (
    <>
      <ListHeader
        title="Articles"
        intro="Articles you publish appear on the Articles page, in the sitemap and in the RSS feed at once. The articles the site came with are listed here too, and are edited, unpublished or deleted like yours."
        newHref={PATHS.adminArticleNew}
        newLabel="New Article"
      />

      <form
        aria-label="Filter articles"
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...filters, q: typed }, true);
        }}
        className="mt-8 grid gap-4 rounded-xl border border-line bg-white p-4 shadow-sm sm:grid-cols-4"
      >
        {/* The search is the widest field: its hint names all three things it reads, whole from 1024 px. */}
        <div className="sm:col-span-2">
          <label htmlFor="article-search" className="block text-sm font-semibold text-ink">
            Search
          </label>
          <input
            id="article-search"
            type="search"
            name="q"
            maxLength={ARTICLE_SEARCH_MAX}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Title, slug or description"
            className="mt-1.5 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink"
          />
        </div>
        <Select
          id="article-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ ...filters, q: typed, status: status as Filters["status"] })}
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
          onChange={(sort) => go({ ...filters, q: typed, sort: sort as Filters["sort"] })}
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
              <p className="mt-1 break-words text-sm text-ink-muted">{articlePath(a.slug)}</p>
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
