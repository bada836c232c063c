/** An unhurried reading pace for dense professional prose. */
const WORDS_PER_MINUTE = 220;

/**
 * What an article with no words says in place of a reading time. The SPEC's "5 min read" is the stored field's
 * default (the column's, for a row written without one); said of an empty draft it was untrue (issue 45).
 */
export const EMPTY_READING_TIME = "Nothing to read yet";

export function countWords(texts: readonly string[]): number {
  return texts.reduce((n, t) => n + (t.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,$%–-]*/gu)?.length ?? 0), 0);
}

/** "N min read" from a word count; with no words to count, says so rather than guess. */
export function readingTimeFor(words: number): string {
  if (words <= 0) return EMPTY_READING_TIME;
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`;
}
