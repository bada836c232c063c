/**
 * How the desk's search reads text (ADR 119): the words of a request as the index stores them, and the terms of
 * a query as it looks them up. Both go through `fold`, so "Tomás", "TOMAS" and "tomas" are one word.
 */

/** Letters NFKD leaves whole: folded by hand so "Søren", "Łukasz" and "Straße" are found typed plainly. */
const LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  þ: "th",
  ı: "i",
};
const UNFOLDED = /[øæœßłđþı]/g;
const MARKS = /\p{M}+/gu;
/** "O'Brien" is one word, "obrien", however the apostrophe was typed. */
const APOSTROPHES = /['’ʼ`]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const NOT_DIGIT = /\D+/g;

/** Lower case, accents and apostrophes dropped. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(MARKS, "")
    .toLowerCase()
    .replace(UNFOLDED, (c) => LETTERS[c] ?? c)
    .replace(APOSTROPHES, "");
}

/** The words of a text: runs of letters and digits after folding. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(NOT_WORD)
    .filter((w) => w !== "");
}

/** The searchable fields of a request, plain (the repositories decrypt them). */
export type SearchFields = {
  name: string;
  email: string;
  firm: string | null;
  phone: string;
  reference: string;
  jurisdictions: string;
  description: string;
};

/**
 * Every distinct word a request is found by. A phone number is also one word of its digits, so "555 0142",
 * "(312) 555-0142" and "5550142" find the same request however it was typed on the form.
 */
export function rowWords(f: SearchFields): Set<string> {
  const words = new Set<string>();
  for (const text of [f.name, f.email, f.firm ?? "", f.reference, f.jurisdictions, f.description]) {
    for (const w of wordsOf(text)) words.add(w);
  }
  const digits = f.phone.replace(NOT_DIGIT, "");
  if (digits) words.add(digits);
  return words;
}

/**
 * One term of a query: the text to find within a word, and whether it must start (`atStart`) or end (`atEnd`)
 * the word. A row matches a query when every term is found in one of its words.
 */
export type Term = { text: string; atStart: boolean; atEnd: boolean };

/** Shorter terms match the start of a word only: "li" finds "Lindqvist", not every word with "li" in it. */
export const INFIX_MIN = 3;

const PHONE_LIKE = /^[\d\s().+\-/]+$/;
/** Letters, digits and the characters of an address kept around an "@"; anything else splits words. */
const EDGE = /^[^\p{L}\p{N}@]+|[^\p{L}\p{N}@]+$/gu;

const term = (text: string, edges: { atStart?: boolean; atEnd?: boolean } = {}): Term => ({
  text,
  atStart: edges.atStart === true || text.length < INFIX_MIN,
  atEnd: edges.atEnd === true,
});

/**
 * The terms of what staff typed. Words are found anywhere inside a stored word ("moss" finds
 * "whitfieldmoss"); a query of digits and phone punctuation only is one run of digits, found inside the phone
 * number's digits (or any number); around an "@" the address's parts are anchored, so "client42@" finds
 * client42@… and not client420@….
 */
export function queryTerms(query: string): Term[] {
  const q = fold(query).trim();
  if (PHONE_LIKE.test(q)) {
    const digits = q.replace(NOT_DIGIT, "");
    if (digits.length >= INFIX_MIN) return [term(digits)];
  }
  const terms: Term[] = [];
  for (const chunk of q.split(/\s+/)) {
    const at = chunk.replace(EDGE, "").indexOf("@");
    if (at < 0) {
      for (const w of wordsOf(chunk)) terms.push(term(w));
      continue;
    }
    const trimmed = chunk.replace(EDGE, "");
    const local = wordsOf(trimmed.slice(0, at));
    const domain = wordsOf(trimmed.slice(at + 1));
    local.forEach((w, i) => {
      terms.push(term(w, { atEnd: i === local.length - 1 }));
    });
    domain.forEach((w, i) => {
      terms.push(term(w, { atStart: i === 0 }));
    });
  }
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = `${t.atStart ? "^" : ""}${t.text}${t.atEnd ? "$" : ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
