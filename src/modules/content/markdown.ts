import MarkdownIt from "markdown-it";

/** Link schemes an article may use; everything else (javascript:, data:, vbscript:, file:...) is dropped. */
const SAFE_LINK = /^(?:https?:|mailto:)/i;

/**
 * Markdown for stored articles, rendered on the server only. Raw HTML is off (a tag is shown as text), links
 * keep only http, https and mailto targets, and images are off (the content security policy serves images
 * from this site only, and an article must not load anything from elsewhere). See ADR 060.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
md.disable("image");
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:/i.test(String(token.attrGet("href") ?? "")))
    token.attrSet("rel", "nofollow noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The article title is the page's only h1, so a "# Part" heading in the body becomes an h2. */
md.core.ruler.push("no_h1", (state) => {
  for (const token of state.tokens) {
    if ((token.type === "heading_open" || token.type === "heading_close") && token.tag === "h1") {
      token.tag = "h2";
    }
  }
});

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** The words a reader reads: the Markdown's text without its markup. */
export function markdownText(source: string): string {
  return md
    .render(source)
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
}
