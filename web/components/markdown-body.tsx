/**
 * A stored article's body: HTML the server rendered from Markdown with raw HTML off and only http, https and
 * mailto links (src/modules/content/markdown.ts), so it carries no script, handler or unsafe link.
 */
export function MarkdownBody({ html }: { html: string }) {
  return (
    <div
      className="space-y-5 text-lg leading-relaxed text-ink [&_a]:font-semibold [&_a]:text-navy [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:rounded-r-lg [&_blockquote]:border-l-4 [&_blockquote]:border-gold [&_blockquote]:bg-gold-light [&_blockquote]:p-5 [&_code]:rounded [&_code]:bg-paper-deep [&_code]:px-1 [&_h2]:mt-10 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-navy [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-navy [&_li]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-paper-deep [&_pre]:p-4 [&_ul]:list-disc [&_ul]:pl-6"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered safe Markdown, see above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
