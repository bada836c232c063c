/**
 * An article's body: HTML the server rendered from Markdown with raw HTML off and only safe links
 * (src/modules/content/lib/markdown.ts), so it carries no script, handler or unsafe link. Its typography is
 * `.article-prose` (web/components/article-prose.ts).
 */
export function MarkdownBody({ html }: { html: string }) {
  return (
    <div
      className="article-prose"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered safe Markdown, see above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
