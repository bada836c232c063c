import { toOneLine } from "../../../contracts/fields";

/** Where a quoted value sits in a message's text: [start, end) as string offsets. */
export type TextSpan = { start: number; end: number };

/** One line of a message: our own words, or a `line` template holding values people typed. */
export type MailLine = string | { readonly parts: readonly string[]; readonly values: readonly string[] };

/**
 * A line with values in it, written as a template: line`Name: ${s.name}`. Every value is put on one line (a name
 * stored before line breaks were refused cannot start a forged "Reference:" line) and remembered as quoted, so
 * the HTML part shows it as text and never makes a link of it.
 */
export function line(parts: TemplateStringsArray, ...values: (string | null | undefined)[]): MailLine {
  return { parts: [...parts], values: values.map((value) => toOneLine(value ?? "")) };
}

/** A message's text from its lines, and the spans of it that quote what people typed. */
export function composeText(lines: readonly MailLine[]): { text: string; quoted: TextSpan[] } {
  let text = "";
  const quoted: TextSpan[] = [];
  lines.forEach((l, i) => {
    if (i > 0) text += "\n";
    if (typeof l === "string") {
      text += l;
      return;
    }
    l.parts.forEach((part, j) => {
      text += part;
      const value = l.values[j];
      if (value === undefined) return;
      if (value !== "") quoted.push({ start: text.length, end: text.length + value.length });
      text += value;
    });
  });
  return { text, quoted };
}

/**
 * The spans of a text written by a person (a reply from the desk) where it quotes what someone else typed: each
 * of `values` wherever it occurs, and each of its words shaped like part of an address (a draft greets a
 * requester by the first word of their name). The HTML part shows them as text, as it shows `line` values.
 */
export function quotedWithin(text: string, values: readonly (string | null | undefined)[]): TextSpan[] {
  const needles = new Set<string>();
  for (const value of values) {
    const one = toOneLine(value ?? "").trim();
    if (one === "") continue;
    needles.add(one);
    for (const word of one.split(/\s+/)) if (/[.@:/]/.test(word)) needles.add(word);
  }
  const spans: TextSpan[] = [];
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      spans.push({ start: at, end: at + needle.length });
    }
  }
  return spans;
}
