import type { ArticleSummary } from "../../src/contracts/article-content";
import type { MetaContext } from "../../src/contracts/meta";
import { articlePath } from "../../src/contracts/paths";
import { firmRef } from "./json-ld";

/** schema.org Article for an article page; the firm publishes, and writes unless another author is named. */
export function articleJsonLd(article: ArticleSummary, { brand, publicUrl }: MetaContext) {
  const url = `${publicUrl}${articlePath(article.slug)}`;
  const image = /^https?:\/\//.test(brand.logo.socialImage)
    ? brand.logo.socialImage
    : `${publicUrl}${brand.logo.socialImage}`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: article.date,
    // An article by the firm (its name, or none) points at the firm's own entity rather than a namesake.
    author:
      article.author && article.author !== brand.name
        ? { "@type": "Organization", name: article.author }
        : firmRef(publicUrl),
    publisher: firmRef(publicUrl),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    image,
    wordCount: article.wordCount,
    inLanguage: "en-US",
  };
}
