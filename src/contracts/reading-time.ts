import { DEFAULT_READING_TIME } from "./constants";

/** An unhurried reading pace for dense professional prose. */
const WORDS_PER_MINUTE = 220;

export function countWords(texts: readonly string[]): number {
  return texts.reduce((n, t) => n + (t.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,$%–-]*/gu)?.length ?? 0), 0);
}

/** "N min read" from a word count; the SPEC default when there are no words to count. */
export function readingTimeFor(words: number): string {
  if (words <= 0) return DEFAULT_READING_TIME;
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`;
}
