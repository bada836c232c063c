import type { ArticleSummary } from "../../src/contracts/article-content";
import type { MetaContext } from "../../src/contracts/meta";
import { articlePath } from "../../src/contracts/paths";
import { firmRef } from "./json-ld";

/**
 * The article's author for schema.org: one of the firm's people as a Person (name, job title, credentials, where
 * they are on the About page, the firm they work for); another name as an Organization; else the firm itself.
 */
export function articleAuthorJsonLd(article: ArticleSummary, { brand, publicUrl }: MetaContext) {
  const p = article.authorPerson;
  if (p)
    return {
      "@type": "Person",
      name: p.name,
      jobTitle: p.role,
      ...(p.credentials ? { honorificSuffix: p.credentials } : {}),
      url: `${publicUrl}${p.path}`,
      worksFor: firmRef(publicUrl),
    };
  // An article by the firm (its name, or none) points at the firm's own entity rather than a namesake.
  return article.author && article.author !== brand.name
    ? { "@type": "Organization", name: article.author }
    : firmRef(publicUrl);
}

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
    author: articleAuthorJsonLd(article, { brand, publicUrl }),
    publisher: firmRef(publicUrl),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    image,
    wordCount: article.wordCount,
    inLanguage: "en-US",
  };
}
