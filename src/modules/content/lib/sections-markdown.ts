import type { ArticleBlock, ArticleSection } from "../../../contracts/article-content";

/**
 * The site's own articles were written as typed sections; they became stored Markdown (migration 019), so
 * every article is edited and rendered one way. Text is escaped so it reads exactly as written: a line that
 * starts like a list or a heading, or an asterisk in a figure, stays plain text.
 */
const inline = (text: string) => text.replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`);

/** Markdown also reads a line's start: "1. ", "- ", "# " and "> " must not turn a paragraph into a block. */
const lineStart = (text: string) =>
  inline(text)
    .replace(/^(\d+)\. /, "$1\\. ")
    .replace(/^([-+#>])/, "\\$1");

function block(b: ArticleBlock): string {
  switch (b.kind) {
    case "paragraph":
      return lineStart(b.text);
    case "list":
      return b.items.map((item) => `- ${inline(item)}`).join("\n");
    case "steps":
      return b.items.map((item, i) => `${i + 1}. ${inline(item)}`).join("\n");
    case "checklist":
      return [`### ${inline(b.title)}`, "", ...b.items.map((item) => `- [ ] ${inline(item)}`)].join("\n");
    case "callout":
      return `> **${inline(b.title)}**\n>\n> ${lineStart(b.text)}`;
  }
}

export function sectionsMarkdown(sections: readonly ArticleSection[]): string {
  return sections
    .map((s) => [`## ${inline(s.heading)}`, ...s.blocks.map(block)].join("\n\n"))
    .join("\n\n")
    .concat("\n");
}
