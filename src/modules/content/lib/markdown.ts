import MarkdownIt from "markdown-it";
import { articleImageOf } from "./article-image";

/**
 * Links an article may have: http, https and mailto, and paths on this site ("/contact", not "//host", which
 * is another site). Everything else (javascript:, data:, vbscript:, file:...) is dropped.
 */
const SAFE_LINK = /^(?:https?:|mailto:|\/(?![/\\]))/i;

/**
 * Markdown for stored articles, rendered on the server only. Raw HTML is off (a tag is shown as text), links
 * keep only http, https, mailto and this site's paths, and an image is shown only from this site's uploaded
 * article images (ADR 196): anything else (another site, a data: URL, any other path) is shown as its alt
 * text, so an article never loads anything from elsewhere. See ADR 060.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

/**
 * An uploaded image with the size its path names, so the page keeps its place before the image arrives; it
 * loads when it comes near the screen, and the stylesheet fits it to the column.
 */
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const image = articleImageOf(src);
  if (!image) return md.utils.escapeHtml(alt);
  const title = token.attrGet("title");
  const attrs: [string, string][] = [
    ["src", src],
    ["alt", alt],
    ["width", String(image.width)],
    ["height", String(image.height)],
    ["loading", "lazy"],
    ["decoding", "async"],
    ...(title ? [["title", String(title)] as [string, string]] : []),
  ];
  return `<img ${attrs.map(([k, v]) => `${k}="${md.utils.escapeHtml(v)}"`).join(" ")}>`;
};

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

/**
 * A bullet list whose every item starts "[ ] " is a checklist (the site's own articles have them): the list
 * gets the class its typography needs and the markers go.
 */
md.core.ruler.push("checklist", (state) => {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== "bullet_list_open") continue;
    const level = tokens[i]!.level;
    const texts = [];
    for (
      let j = i + 1;
      j < tokens.length && !(tokens[j]!.type === "bullet_list_close" && tokens[j]!.level === level);
      j++
    ) {
      // An item's first inline token is three on from its list_item_open: paragraph_open, inline.
      if (tokens[j]!.type === "list_item_open" && tokens[j]!.level === level + 1) texts.push(tokens[j + 2]);
    }
    if (texts.length === 0 || !texts.every((t) => t?.type === "inline" && t.content.startsWith("[ ] ")))
      continue;
    tokens[i]!.attrSet("class", "checklist");
    for (const inline of texts) {
      const first = inline!.children?.[0];
      if (first?.type === "text") first.content = first.content.slice(4);
      inline!.content = inline!.content.slice(4);
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
