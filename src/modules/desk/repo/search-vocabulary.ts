import type { Term } from "./search-words";

/**
 * The distinct words of the desk's search index, each held once and numbered (ADR 119). They live in one
 * string, every word followed by a line break, so a term found anywhere in a word is found with the engine's
 * own substring search over it; the word of a hit is the last start at or before it (a binary search). Words
 * are also listed by their first two characters, so a term that must start a word reads only the words that
 * start the same way. A word's number is found through a hash table of numbers over that same string: no
 * string object per word, which at 100,000 requests is most of the memory a map of words would take.
 */
export function createVocabulary() {
  /** "\n" + every joined word + "\n" each. */
  let text = "\n";
  /** Offset in `text` of each joined word, by number (an empty word once freed and forgotten). */
  let starts = new Int32Array(1024);
  let joined = 0;
  /** Open addressing: number + 1 of the word hashed there, 0 when empty. */
  let slots = new Int32Array(4096);
  /** Words numbered since the text was last joined: a search joins them first. */
  let fresh = new Map<string, number>();
  /** Word numbers by their first two characters' codes (one character: the second code is 0). */
  let byStart = new Map<number, number[]>();

  const hash = (w: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  const startKey = (w: string) => w.charCodeAt(0) * 0x10000 + (w.length > 1 ? w.charCodeAt(1) : 0);
  const listByStart = (w: string, n: number) => {
    const key = startKey(w);
    const list = byStart.get(key);
    if (list) list.push(n);
    else byStart.set(key, [n]);
  };
  const lengthOf = (n: number) =>
    ((n + 1 < joined ? starts[n + 1] : text.length) as number) - 1 - (starts[n] as number);
  const wordOf = (n: number) => text.slice(starts[n], (starts[n] as number) + lengthOf(n));

  const place = (w: string, n: number) => {
    const mask = slots.length - 1;
    let i = hash(w) & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = n + 1;
  };

  const rehash = (size: number) => {
    slots = new Int32Array(size);
    for (let n = 0; n < joined; n++) {
      const w = wordOf(n);
      if (w !== "") place(w, n);
    }
  };

  const lookup = (w: string): number | undefined => {
    const mask = slots.length - 1;
    for (let i = hash(w) & mask; slots[i] !== 0; i = (i + 1) & mask) {
      const n = (slots[i] as number) - 1;
      if (lengthOf(n) === w.length && text.startsWith(w, starts[n])) return n;
    }
    return fresh.get(w);
  };

  /** Appends the fresh words to the text (one string copy for all of them) and to the hash table. */
  const join = () => {
    if (fresh.size === 0) return;
    const words = [...fresh.keys()];
    const total = joined + words.length;
    if (total > starts.length) {
      const next = new Int32Array(Math.max(total, starts.length * 2));
      next.set(starts);
      starts = next;
    }
    let at = text.length;
    for (const w of words) {
      listByStart(w, joined);
      starts[joined++] = at;
      at += w.length + 1;
    }
    text += `${words.join("\n")}\n`;
    fresh = new Map();
    if (joined * 2 > slots.length) rehash(slots.length * 4);
    else
      words.forEach((w, i) => {
        place(w, total - words.length + i);
      });
  };

  const wordAt = (offset: number) => {
    let lo = 0;
    let hi = joined - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  return {
    /** The number of a word, numbering it if new. */
    number(w: string): number {
      const known = lookup(w);
      if (known !== undefined) return known;
      const n = joined + fresh.size;
      fresh.set(w, n);
      // Joined now and then while a build adds many: each join copies the text once.
      if (fresh.size > Math.max(4096, joined >> 2)) join();
      return n;
    },
    /** The number of a known word, without numbering it. */
    find: lookup,
    /** Numbers of the words a term finds (some may be words no row holds any more: the caller skips them). */
    matching(t: Term): number[] {
      join();
      const found: number[] = [];
      const fits = (n: number) => {
        const length = lengthOf(n);
        return length >= t.text.length && (!t.atEnd || length === t.text.length);
      };
      if (t.atStart) {
        const first = t.text.charCodeAt(0) * 0x10000;
        const lists =
          t.text.length > 1
            ? [byStart.get(startKey(t.text)) ?? []]
            : [...byStart].filter(([key]) => key - (key % 0x10000) === first).map(([, list]) => list);
        for (const list of lists) {
          for (const n of list) if (fits(n) && text.startsWith(t.text, starts[n])) found.push(n);
        }
        return found;
      }
      // The engine finds two characters many times faster than a longer string whose first character is
      // common (a run of digits: 14 ms against 0.6 ms over 3.5 MB here), so the term's last two are looked
      // for and the whole term checked where they are.
      const k = Math.max(0, t.text.length - 2);
      const tail = t.text.slice(k);
      let from = k;
      for (;;) {
        const hit = text.indexOf(tail, from);
        if (hit < 0) break;
        const at = hit - k;
        from = hit + 1;
        if (!text.startsWith(t.text, at)) continue;
        const n = wordAt(at);
        const end = (starts[n] as number) + lengthOf(n);
        if (t.atEnd && at + t.text.length !== end) continue;
        found.push(n);
        from = end + 1 + k;
      }
      return found;
    },
    /**
     * Rewrites the text without the given words (numbers kept, as empty words): what no request holds any
     * more, such as an erased person's name, leaves memory.
     */
    forget(numbers: Iterable<number>) {
      join();
      const gone = new Set(numbers);
      if (gone.size === 0) return;
      const words: string[] = [];
      for (let n = 0; n < joined; n++) words.push(gone.has(n) ? "" : wordOf(n));
      let at = 1;
      words.forEach((w, n) => {
        starts[n] = at;
        at += w.length + 1;
      });
      text = `\n${words.join("\n")}\n`;
      rehash(slots.length);
      byStart = new Map();
      words.forEach((w, n) => {
        if (w !== "") listByStart(w, n);
      });
    },
    get size() {
      return joined + fresh.size;
    },
  };
}

export type Vocabulary = ReturnType<typeof createVocabulary>;
