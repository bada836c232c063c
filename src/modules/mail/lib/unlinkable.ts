import { escapeHtml } from "../../../lib/escape-html";

/** U+2060 WORD JOINER: no width, no line break, and no place in any address (ADR 224). */
const WORD_JOINER = "&#8288;";
/** Where an address holds together: a dot before a letter or digit, an at sign, the colon of "://". */
const ADDRESS_JOINTS = /\.(?=[\p{L}\p{N}])|@|:(?=\/)/gu;

/**
 * What a person typed, as HTML that no mail program makes a link of (ADR 224). Gmail, Outlook and Apple Mail
 * link any text shaped like an address (a scheme, "www.", a bare domain, an e-mail address) whatever the HTML
 * says; a word joiner before each dot inside a word, each at sign and each colon that opens "//" leaves the
 * value reading exactly as typed and takes that shape away. Every quoted value of every mail's HTML part goes through here (automatic.ts); the
 * plain-text part keeps the value as typed.
 */
export function unlinkable(value: string): string {
  return escapeHtml(value).replace(ADDRESS_JOINTS, (c) => `${WORD_JOINER}${c}`);
}
