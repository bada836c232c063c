/**
 * The typography of an article body (ADR 160): stored Markdown rendered by the server reads like the site's
 * own articles did as components. Styled by element under `.article-prose`, because the class names an
 * article would need never occur in the source UnoCSS scans. Markers are drawn in CSS (no icon images:
 * the public pages' policy allows images from this site only, and a data: URI would need an exception).
 */
export const ARTICLE_PROSE_CSS = `
.article-prose{font-size:1.125rem;line-height:1.625;color:var(--brand-ink)}
.article-prose>*+*{margin-top:1.25rem}
.article-prose>h2{margin-top:2.5rem;font-family:var(--font-serif);font-size:1.5rem;line-height:2rem;font-weight:700;color:var(--brand-primary)}
.article-prose>h2:first-child{margin-top:0}
.article-prose>h2+*{margin-top:1rem}
@media (min-width:40rem){.article-prose>h2{font-size:1.875rem;line-height:2.25rem}}
.article-prose>h3{margin-top:2rem;font-size:1.25rem;line-height:1.75rem;font-weight:700;color:var(--brand-primary)}
.article-prose>h3+*{margin-top:.75rem}
.article-prose a{font-weight:600;color:var(--brand-primary);text-decoration:underline;text-underline-offset:4px}
.article-prose a:hover{color:#7a5b14}
.article-prose strong{font-weight:700}
.article-prose ul,.article-prose ol{list-style:none;padding:0}
.article-prose li+li{margin-top:.5rem}
.article-prose ul>li{position:relative;padding-left:2rem}
.article-prose ul>li::before{content:"";position:absolute;left:0;top:.4rem;width:1.25rem;height:1.25rem;border-radius:9999px;background:#7a5b14}
.article-prose ul>li::after{content:"";position:absolute;left:.45rem;top:.62rem;width:.35rem;height:.65rem;border:solid #fff;border-width:0 2px 2px 0;transform:rotate(45deg)}
.article-prose ol{counter-reset:step}
.article-prose ol>li{position:relative;padding-left:2.5rem;counter-increment:step}
.article-prose ol>li+li{margin-top:.75rem}
.article-prose ol>li::before{content:counter(step);position:absolute;left:0;top:.125rem;display:flex;align-items:center;justify-content:center;width:1.75rem;height:1.75rem;border-radius:9999px;background:var(--brand-primary);color:#fff;font-size:.875rem;line-height:1;font-weight:700}
.article-prose ul.checklist{border:1px solid #e3ddd0;border-radius:.75rem;background:#fff;padding:1.5rem;box-shadow:0 1px 3px 0 rgb(0 0 0/.1),0 1px 2px -1px rgb(0 0 0/.1);font-size:1rem}
.article-prose ul.checklist>li{padding-left:1.75rem}
.article-prose ul.checklist>li+li{margin-top:.75rem}
.article-prose ul.checklist>li::before{top:.3rem;width:1rem;height:1rem;border-radius:2px;background:none;border:2px solid var(--brand-primary)}
.article-prose ul.checklist>li::after{content:none}
.article-prose blockquote{border-left:4px solid var(--brand-accent);border-radius:0 .5rem .5rem 0;background:#f4ead2;padding:1.25rem;font-size:1rem}
.article-prose blockquote>*+*{margin-top:.5rem}
.article-prose blockquote strong{color:var(--brand-primary)}
.article-prose code{border-radius:.25rem;background:#f1ece0;padding:0 .25rem;font-family:var(--font-mono);font-size:.9em}
.article-prose pre{overflow-x:auto;border-radius:.5rem;background:#f1ece0;padding:1rem;font-size:.9rem}
.article-prose pre code{padding:0;background:none}
.article-prose table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;font-size:1rem}
.article-prose th,.article-prose td{border:1px solid #e3ddd0;padding:.5rem .75rem;text-align:left;vertical-align:top}
.article-prose th{background:#f1ece0;font-weight:700;color:var(--brand-primary)}
.article-prose img{display:block;max-width:100%;height:auto;border-radius:.5rem}
.article-prose hr{border-top:1px solid #e3ddd0}
`;
