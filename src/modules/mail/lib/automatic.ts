import type { Brand } from "../../../contracts/brand";
import { toOneLine } from "../../../contracts/fields";
import { escapeHtml } from "../../../lib/escape-html";
import type { TextSpan } from "./compose";
import { unlinkable } from "./unlinkable";

/** A message as its writer composes it: plain text, the one part every mail reader shows. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Parts of `text` that quote what people typed (compose.ts): the HTML part never makes a link of them. */
  quoted?: readonly TextSpan[];
  replyTo?: string;
  /** With the angle brackets, e.g. <TW-2026-0001.confirmation@tracewell.example>. */
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  /**
   * The person who wrote it (a reply from the desk): the sender shows as "Dana Whitfield, Tracewell" at the
   * site's own address, so the client sees who answered them.
   */
  fromName?: string;
  /**
   * Composed by a person (a reply from the desk): it gets the HTML alternative but not the RFC 3834 headers, so
   * the requester's mail system treats it as the personal answer it is.
   */
  writtenByPerson?: boolean;
  /** Files sent with the message (a signed letter). */
  attachments?: ReadonlyArray<{ filename: string; content: Buffer; contentType: string }>;
};

/** What goes to the SMTP server for a message the system sends by itself. */
export type AutomaticMail = MailMessage & { html: string; headers: Record<string, string> };

/**
 * RFC 3834: the mail was sent by a program, not a person, so vacation responders and other auto-repliers must
 * not answer it (no reply loops with an out-of-office desk). Exchange does not read Auto-Submitted; its own
 * header asks it to hold back the same automatic answers.
 */
export const AUTOMATIC_HEADERS: Readonly<Record<string, string>> = {
  "Auto-Submitted": "auto-generated",
  "X-Auto-Response-Suppress": "All",
};

/**
 * Any plain-text message, ready to send automatically: the text part exactly as written, an HTML alternative
 * with the brand rendered from it, and the headers above. Every automatic mail (intake notices now; invitations,
 * replies and digests as they come) goes through this, so they all look and behave the same.
 */
export function automaticMail(message: MailMessage, ctx: { brand: Brand; publicUrl: string }): AutomaticMail {
  // A subject is one header line whatever went into it.
  const subject = toOneLine(message.subject);
  return {
    ...message,
    subject,
    html: htmlAlternative(message.text, {
      subject,
      writtenByPerson: message.writtenByPerson,
      quoted: message.quoted,
      ...ctx,
    }),
    headers: message.writtenByPerson ? {} : { ...AUTOMATIC_HEADERS },
  };
}

const LINKABLE = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)'])|([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** A line of the text and where it starts in the whole text. */
type Line = { text: string; at: number };

const overlaps = (spans: readonly TextSpan[], start: number, end: number) =>
  spans.some((s) => s.start < end && start < s.end);

/** Our own words as HTML: escaped, with web and e-mail addresses as links. */
function linked(text: string, linkStyle: string): string {
  let html = "";
  let last = 0;
  for (const m of text.matchAll(LINKABLE)) {
    const [found, url] = m;
    html += escapeHtml(text.slice(last, m.index));
    const href = url ? found : `mailto:${found}`;
    html += `<a href="${escapeHtml(href)}" style="${linkStyle}">${escapeHtml(found)}</a>`;
    last = m.index + found.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * One line of text as HTML: our own words with their addresses as links, and inside `quoted` spans what a
 * person typed, shown as text that no mail program makes a link of (unlinkable).
 */
function inline(line: Line, linkStyle: string, quoted: readonly TextSpan[] = []): string {
  const end = line.text.length;
  const spans = quoted
    .map((s) => ({ start: Math.max(0, s.start - line.at), end: Math.min(end, s.end - line.at) }))
    .filter((s) => s.start < s.end)
    .sort((a, b) => a.start - b.start);
  let html = "";
  let at = 0;
  for (const s of spans) {
    if (s.end <= at) continue;
    html += linked(line.text.slice(at, s.start), linkStyle);
    html += unlinkable(line.text.slice(Math.max(at, s.start), s.end));
    at = s.end;
  }
  return html + linked(line.text.slice(at), linkStyle);
}

/** The text's blocks (runs of lines that are not blank), each line with its offset. */
function blocksOf(text: string): Line[][] {
  const blocks: Line[][] = [];
  let block: Line[] = [];
  let at = 0;
  for (const l of text.split("\n")) {
    if (l.trim() === "") {
      if (block.length > 0) blocks.push(block);
      block = [];
    } else block.push({ text: l, at });
    at += l.length + 1;
  }
  if (block.length > 0) blocks.push(block);
  return blocks;
}

const NUMBERED = /^\d+\.\s+/;
const BULLETED = /^[-*•]\s+/;

/**
 * The text's structure, kept: paragraphs (blank-line separated) stay paragraphs, lines within one stay lines,
 * and runs of "1. …" or "- …" lines become real lists, so a screen reader announces them as lists. A line that
 * opens with a quoted value is a plain line whatever it looks like.
 */
function bodyHtml(
  text: string,
  styles: { p: string; list: string; link: string; button: string; address: string },
  quoted: readonly TextSpan[] = [],
  publicUrl = "",
): string {
  const kindOf = (l: Line) => {
    if (overlaps(quoted, l.at, l.at + 1)) return "p";
    return NUMBERED.test(l.text) ? "ol" : BULLETED.test(l.text) ? "ul" : "p";
  };
  const out: string[] = [];
  for (const lines of blocksOf(text)) {
    let i = 0;
    while (i < lines.length) {
      const kind = kindOf(lines[i] as Line);
      const marker = kind === "ol" ? NUMBERED : kind === "ul" ? BULLETED : null;
      const run: Line[] = [];
      while (i < lines.length) {
        const line = lines[i] as Line;
        if (kindOf(line) !== kind) break;
        const cut = marker ? (marker.exec(line.text)?.[0].length ?? 0) : 0;
        run.push({ text: line.text.slice(cut), at: line.at + cut });
        i++;
      }
      const html = (l: Line) => inline(l, styles.link, quoted);
      if (kind === "p") {
        // A line that sends the reader to the site becomes its button, the address written out below it.
        let lines: Line[] = [];
        const flush = () => {
          if (lines.length > 0) out.push(`<p style="${styles.p}">${lines.map(html).join("<br>")}</p>`);
          lines = [];
        };
        for (const l of run) {
          const action = overlaps(quoted, l.at, l.at + l.text.length) ? null : actionOf(l.text, publicUrl);
          if (!action) {
            lines.push(l);
            continue;
          }
          if (action.before.trim()) lines.push({ text: action.before.trimEnd(), at: l.at });
          flush();
          out.push(buttonHtml(action.url, styles, publicUrl));
        }
        flush();
      } else
        out.push(
          `<${kind} style="${styles.list}">${run.map((l) => `<li style="margin:0 0 6px">${html(l)}</li>`).join("")}</${kind}>`,
        );
    }
  }
  return out.join("\n");
}

/** A line that ends in a link to the site, alone or after "…: ", and the words before it. */
const ACTION = /(^\s*|:\s)(https?:\/\/\S+)\s*$/;

function actionOf(line: string, publicUrl: string): { before: string; url: string } | null {
  const m = ACTION.exec(line);
  const url = m?.[2];
  if (!m || !url || !publicUrl || !url.startsWith(`${publicUrl}/`)) return null;
  return { before: line.slice(0, m.index + (m[1]?.startsWith(":") ? 1 : 0)), url };
}

/** What a button says, by where it leads. */
function buttonLabel(url: string, publicUrl: string): string {
  const path = url.slice(publicUrl.length);
  if (path.startsWith("/portal")) return "Open your portal";
  if (path.startsWith("/admin/join")) return "Accept the invitation";
  if (/^\/admin\/submissions\/\d+/.test(path)) return "Open the request";
  if (path.startsWith("/admin/submissions")) return "Open the desk";
  if (path.startsWith("/admin/privacy")) return "Open the data requests";
  return "Open the page";
}

/**
 * The link as a button, and below it the address as plain text for whoever copies it (or whose mail program
 * shows no buttons); the text part keeps the address where it was written.
 */
function buttonHtml(
  url: string,
  styles: { p: string; button: string; address: string },
  publicUrl: string,
): string {
  const href = escapeHtml(url);
  return [
    `<p style="${styles.p}">`,
    `<a href="${href}" class="button" style="${styles.button}">${escapeHtml(buttonLabel(url, publicUrl))}</a><br>`,
    `<span style="${styles.address}">Or copy this address: ${href}</span>`,
    "</p>",
  ].join("");
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** White on the brand's primary colour when that reads at AA (4.5:1), else black: a brand can be light. */
export const textColourOn = (background: string) =>
  contrast("#ffffff", background) >= 4.5 ? "#ffffff" : "#000000";

/**
 * The HTML alternative of a plain-text mail: the brand's name on its primary colour, the subject as the one
 * heading (never a link: it can quote a name), the text's paragraphs and lists, and a footer naming the firm.
 * Inline styles only (mail readers drop style sheets), no images (blocked by default, and a tracking risk), body
 * text at 16 px in the brand's ink on white, links underlined.
 */
export function htmlAlternative(
  text: string,
  {
    subject,
    brand,
    publicUrl,
    writtenByPerson = false,
    quoted,
  }: {
    subject: string;
    brand: Brand;
    publicUrl: string;
    writtenByPerson?: boolean;
    quoted?: readonly TextSpan[];
  },
): string {
  const ink = brand.colours.ink;
  const band = brand.colours.primary;
  const onBand = textColourOn(band);
  const link = `color:${contrast(band, "#ffffff") >= 4.5 ? band : ink};text-decoration:underline`;
  const body = bodyHtml(
    text,
    {
      p: "margin:0 0 16px",
      list: "margin:0 0 16px;padding-left:24px",
      link,
      button: `display:inline-block;margin:0 0 8px;padding:12px 24px;border-radius:6px;background:${band};color:${onBand};font-weight:bold;text-decoration:none`,
      address: "font-size:14px;overflow-wrap:anywhere",
    },
    quoted,
    publicUrl,
  );
  const site = escapeHtml(publicUrl);
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${unlinkable(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${brand.colours.paper};color:${ink}">`,
    `<div role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="en" style="max-width:600px;margin:0 auto;padding:24px 12px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">`,
    `<div style="background:${band};color:${onBand};padding:16px 24px;border-radius:8px 8px 0 0">`,
    `<p style="margin:0;font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:bold"><a href="${site}" style="color:${onBand};text-decoration:none">${escapeHtml(brand.name)}</a></p>`,
    `<p style="margin:4px 0 0;font-size:14px">${escapeHtml(brand.slogan)}</p>`,
    "</div>",
    `<div style="background:#ffffff;color:${ink};padding:24px;border:1px solid #d9d6cc;border-top:0;border-radius:0 0 8px 8px;overflow-wrap:anywhere">`,
    `<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:20px;line-height:1.3;color:${ink}">${unlinkable(subject)}</h1>`,
    body,
    "</div>",
    `<p style="margin:16px 0 0;padding:0 24px;font-size:14px;color:${ink}">${escapeHtml(brand.name)} · ${linked(brand.email, link)} · <span style="white-space:nowrap">${escapeHtml(brand.phone)}</span>${writtenByPerson ? "" : "<br>This message was sent automatically."}</p>`,
    "</div>",
    "</body></html>",
  ].join("\n");
}
