import * as v from "valibot";

/**
 * Brand settings: every fact about the firm that appears on the site. The server fills them from the
 * environment (BRAND_* variables) so another firm can run the same binary; the browser receives them in the
 * page's hydration data, so this schema is the one description both sides share.
 */
const hexColour = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #0f1f3a"));

/** One line of at most 300 characters (an empty one means "not stated"). */
const oneLine = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => !/[\r\n\u2028\u2029]/.test(s), "must be one line"),
  v.maxLength(300, "must be at most 300 characters"),
);

export const BrandSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1)),
  slogan: v.pipe(v.string(), v.trim(), v.minLength(1)),
  colours: v.object({
    /** Deep navy: header, footer, headings. */
    primary: hexColour,
    /** Warm gold: accents and call-to-action buttons (always on navy or with navy text). */
    accent: hexColour,
    /** Paper white: page background. */
    paper: hexColour,
    /** Ink: body text on paper. */
    ink: hexColour,
  }),
  logo: v.object({
    /** Path of the SVG mark shown in the header and used as favicon. */
    mark: v.string(),
    /** Path of a square PNG (512×512) for structured data and the web manifest. */
    png: v.string(),
    /** Path of the 1200×630 image shown in link previews. */
    socialImage: v.string(),
  }),
  domain: v.pipe(v.string(), v.trim(), v.minLength(3)),
  email: v.pipe(v.string(), v.trim(), v.email("must be an email address")),
  /** Shown as written; the tel: link is derived from its digits. */
  phone: v.pipe(v.string(), v.trim(), v.regex(/\d{3}.*\d{4}/, "must be a phone number")),
  /**
   * The firm's facts that only the firm can state, one line each and empty unless it does (never invented):
   * its office address, and its licences and registrations separated by semicolons. Shown on /about and in
   * the footer only when set.
   */
  address: oneLine,
  licences: oneLine,
});

export type Brand = v.InferOutput<typeof BrandSchema>;
