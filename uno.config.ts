import presetWind4 from "@unocss/preset-wind4";
import { FONT_STACKS } from "./scripts/fonts";
import { DEFAULT_BRAND } from "./src/contracts/brand-defaults";
import { ARTICLE_PROSE_CSS } from "./web/components/article-prose";

/**
 * The focus indicator is two bands, paper inside and navy outside, 3 px each: whatever the background (navy
 * sections, paper, white cards, gold buttons), one of them contrasts with it by 3:1 or more, so one rule serves
 * every surface (WCAG 2.4.7, 2.4.13). The outline stays, transparent, for forced-colours mode, which drops
 * shadows. Elements flush with the viewport's edges (the phone's bottom bar) draw the bands inside instead.
 * "html" lifts the rule above a single utility class, so a field's shadow-sm cannot take the ring away.
 *
 * Until the page is hydrated (#root[data-hydrated]) a disclosure marked data-disclosure opens on hover and on
 * focus inside it by this stylesheet alone: the header's Services menu works before, and without, the scripts.
 *
 * Brand colours are CSS variables so an operator's BRAND_COLOUR_* override needs no rebuild; the defaults are
 * declared here and the server adds a small override stylesheet only when they differ.
 */
const c = DEFAULT_BRAND.colours;

export default {
  presets: [presetWind4({ preflights: { reset: true } })],
  theme: {
    colors: {
      navy: { DEFAULT: "var(--brand-primary)", 800: "var(--brand-primary-soft)" },
      gold: { DEFAULT: "var(--brand-accent)", dark: "#7a5b14", light: "#f4ead2" },
      paper: { DEFAULT: "var(--brand-paper)", deep: "#f1ece0" },
      ink: { DEFAULT: "var(--brand-ink)", muted: "#4b5563" },
      mist: "#cbd5e1",
      line: "#e3ddd0",
      danger: { DEFAULT: "#9b1c1c", light: "#fdecec" },
    },
    // Self-hosted faces with metric-matched local fallbacks (scripts/fonts.ts, ADR 114).
    font: { sans: FONT_STACKS.sans, serif: FONT_STACKS.serif },
  },
  preflights: [
    {
      getCSS: () => `
:root{--brand-primary:${c.primary};--brand-primary-soft:color-mix(in srgb,var(--brand-primary) 88%,white);--brand-accent:${c.accent};--brand-paper:${c.paper};--brand-ink:${c.ink};color-scheme:light}
html{scroll-padding-top:5rem;-webkit-text-size-adjust:100%}
@media (max-width:63.99rem){html:has(.sticky-intake){scroll-padding-bottom:4.5rem}}
html:has(dialog[open]){overflow:hidden}
input[type=checkbox],input[type=radio]{flex-shrink:0}
html:has(dialog[open]) .sticky-intake{display:none}
#root:not([data-hydrated]) [data-disclosure]:is(:hover,:focus-within)>[data-disclosure-panel]{display:block!important}
.mobile-menu::backdrop{background:rgb(8 15 30/.62)}
body{background:var(--brand-paper);color:var(--brand-ink);font-family:${FONT_STACKS.sans};line-height:1.6;text-rendering:optimizeLegibility;-webkit-font-smoothing:antialiased}
h1,h2,h3,.font-serif{font-feature-settings:"kern","liga";letter-spacing:-.01em}
html :focus-visible{outline:2px solid transparent;outline-offset:2px;box-shadow:0 0 0 3px var(--brand-paper),0 0 0 6px var(--brand-primary)}
.focus-inset:focus-visible{box-shadow:inset 0 0 0 3px var(--brand-primary),inset 0 0 0 6px var(--brand-paper)}
[tabindex="-1"]:focus-visible{box-shadow:none}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;transition-duration:.01ms!important;scroll-behavior:auto!important}}
`,
    },
    { getCSS: () => ARTICLE_PROSE_CSS },
  ],
  shortcuts: {
    "btn-base":
      "inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-base font-semibold no-underline transition-colors min-h-11",
    "btn-gold": "btn-base bg-gold text-navy hover:bg-gold-light",
    "btn-navy": "btn-base bg-navy text-white hover:bg-navy-800",
    "btn-outline-light": "btn-base border-2 border-white/70 text-white hover:bg-white/10",
    "btn-outline": "btn-base border-2 border-navy text-navy hover:bg-navy hover:text-white",
    container: "mx-auto w-full max-w-6xl px-4 sm:px-6",
    eyebrow: "text-sm font-semibold uppercase tracking-wider text-gold-dark",
    // Always fixed, so showing it on focus moves nothing: off screen until focused, then over the page's corner.
    "skip-link":
      "fixed left-4 top-4 z-50 -translate-y-[200%] rounded-md bg-gold px-4 py-2 font-semibold text-navy focus:translate-y-0",
  },
};
