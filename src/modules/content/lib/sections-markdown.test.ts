import { expect, test } from "bun:test";
import { ALL_ARTICLES } from "../../../db/migrations/seeds/articles";
import { markdownText, renderMarkdown } from "./markdown";
import { sectionsMarkdown } from "./sections-markdown";

test("every kind of block becomes the Markdown that renders as it did", () => {
  const html = renderMarkdown(
    sectionsMarkdown([
      {
        heading: "Records",
        blocks: [
          { kind: "paragraph", text: "1. Not a list, and *not* emphasis or [a link]" },
          { kind: "list", items: ["Deeds", "UCC filings"] },
          { kind: "steps", items: ["Pull", "Compare"] },
          { kind: "checklist", title: "Before mediation", items: ["Deeds pulled"] },
          { kind: "callout", title: "Why it matters", text: "- Stale records mislead." },
        ],
      },
    ]),
  );
  expect(html).toContain("<h2>Records</h2>");
  expect(html).toContain("<p>1. Not a list, and *not* emphasis or [a link]</p>");
  expect(html).toContain("<ul>\n<li>Deeds</li>\n<li>UCC filings</li>\n</ul>");
  expect(html).toContain("<ol>\n<li>Pull</li>\n<li>Compare</li>\n</ol>");
  expect(html).toContain('<h3>Before mediation</h3>\n<ul class="checklist">\n<li>Deeds pulled</li>');
  expect(html).toContain(
    "<blockquote>\n<p><strong>Why it matters</strong></p>\n<p>- Stale records mislead.</p>",
  );
});

test("the site's own articles keep every word in Markdown", () => {
  for (const article of ALL_ARTICLES) {
    const words = (s: string) => s.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
    const source = article.sections.flatMap((s) => [
      s.heading,
      ...s.blocks.flatMap((b) =>
        b.kind === "paragraph"
          ? [b.text]
          : b.kind === "callout"
            ? [b.title, b.text]
            : "title" in b
              ? [b.title, ...b.items]
              : b.items,
      ),
    ]);
    expect({ slug: article.slug, words: words(markdownText(sectionsMarkdown(article.sections))) }).toEqual({
      slug: article.slug,
      words: words(source.join(" ")),
    });
  }
});
