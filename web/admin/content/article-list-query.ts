/**
 * The articles list's search and filters as they appear in the page's address (and the API's query string):
 * `q`, `status` (draft or published) and `sort` (updated, the default, is left out), so Back returns to the
 * same list and a link to it can be shared. The desk's list keeps its filters the same way.
 */
export type ArticleFilters = {
  q: string;
  status: "" | "draft" | "published";
  sort: "updated" | "title" | "published";
};

const STATUSES = new Set(["draft", "published"]);
const SORTS = new Set(["title", "published"]);
/** The API takes at most this many characters of search. */
export const ARTICLE_SEARCH_MAX = 100;

export function readArticleFilters(search: string): ArticleFilters {
  const p = new URLSearchParams(search);
  const status = p.get("status") ?? "";
  const sort = p.get("sort") ?? "";
  return {
    q: (p.get("q") ?? "").trim().slice(0, ARTICLE_SEARCH_MAX),
    status: STATUSES.has(status) ? (status as ArticleFilters["status"]) : "",
    sort: SORTS.has(sort) ? (sort as ArticleFilters["sort"]) : "updated",
  };
}

/** The query string for the filters, leaving out what is not set and the default order. */
export function articleFiltersString(f: ArticleFilters): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set("q", f.q.trim());
  if (f.status) p.set("status", f.status);
  if (f.sort !== "updated") p.set("sort", f.sort);
  return p.toString();
}
