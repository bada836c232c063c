import { describe, expect, test } from "bun:test";
import type { ArticleSummary } from "../../src/contracts/article-content";
import { DEFAULT_BRAND as BRAND } from "../../src/contracts/brand-defaults";
import { articleJsonLd } from "./article-json-ld";

const ctx = { brand: BRAND, publicUrl: "https://www.example.com" };
const article: ArticleSummary = {
  slug: "tracing-funds",
  title: "Tracing Funds",
  description: "How a trace works.",
  date: "2026-11-03",
  readingTime: "4 min read",
  topic: "Tracing",
  wordCount: 900,
  author: BRAND.name,
};

describe("an article's JSON-LD author", () => {
  test("one of the firm's people is a Person: name, job title, credentials, where they are on About, the firm", () => {
    const ld = articleJsonLd(
      {
        ...article,
        author: "Dana Whitfield",
        authorPerson: {
          name: "Dana Whitfield",
          role: "Principal",
          credentials: "CPA, CFE",
          path: "/about#person-4",
        },
      },
      ctx,
    );
    expect(ld.author).toEqual({
      "@type": "Person",
      name: "Dana Whitfield",
      jobTitle: "Principal",
      honorificSuffix: "CPA, CFE",
      url: "https://www.example.com/about#person-4",
      worksFor: { "@id": "https://www.example.com/#firm" },
    });
  });

  test("a person without credentials carries no empty suffix", () => {
    const ld = articleJsonLd(
      {
        ...article,
        author: "Jo Marsh",
        authorPerson: { name: "Jo Marsh", role: "Analyst", credentials: "", path: "/about#person-5" },
      },
      ctx,
    );
    expect(ld.author).not.toHaveProperty("honorificSuffix");
  });

  test("no person: the firm's own entity, or another name as an Organization, as before", () => {
    expect(articleJsonLd(article, ctx).author).toEqual({ "@id": "https://www.example.com/#firm" });
    expect(articleJsonLd({ ...article, author: "Field Team" }, ctx).author).toEqual({
      "@type": "Organization",
      name: "Field Team",
    });
  });
});
