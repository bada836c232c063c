import { describe, expect, test } from "bun:test";
import { articleFiltersString, readArticleFilters } from "./article-list-query";

describe("the articles list's filters in the address", () => {
  test("a shared address gives back the same search, status and order", () => {
    const filters = { q: "probate records", status: "draft", sort: "title" } as const;
    const qs = articleFiltersString(filters);
    expect(qs).toBe("q=probate+records&status=draft&sort=title");
    expect(readArticleFilters(`?${qs}`)).toEqual(filters);
  });

  test("nothing set and the default order leave the address bare", () => {
    expect(articleFiltersString({ q: "  ", status: "", sort: "updated" })).toBe("");
    expect(readArticleFilters("")).toEqual({ q: "", status: "", sort: "updated" });
  });

  test("a hand-edited address with unknown values falls back to the whole list", () => {
    expect(readArticleFilters("status=deleted&sort=random&q=%20tax%20")).toEqual({
      q: "tax",
      status: "",
      sort: "updated",
    });
    expect(readArticleFilters(`q=${"x".repeat(300)}`).q).toHaveLength(100);
  });
});
