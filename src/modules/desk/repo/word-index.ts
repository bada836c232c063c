import { createVocabulary } from "./search-vocabulary";
import type { Term } from "./search-words";

/**
 * An inverted index (ADR 119): each distinct word once (search-vocabulary.ts), with the ids of the rows that
 * hold it. Rows are never stored as text: a row is its id in the postings of its words, and the time it is
 * listed by. Most words belong to one request and keep that id as a bare number; the others an Int32Array
 * with room to grow, its length in `counts`.
 */
export function createWordIndex() {
  const vocabulary = createVocabulary();
  const postings: (number | Int32Array | undefined)[] = [];
  let counts = new Int32Array(1024);
  /** Words no row holds any more since the last `forgetFreedWords`. */
  const freed = new Set<number>();
  /** Per row id: the time it is listed by, newest first (NaN while the row is not in the index). */
  let order = new Float64Array(1024).fill(Number.NaN);
  /** Per row id: how many words it holds, so a removal given the wrong words is noticed. */
  let wordsPerRow = new Uint16Array(1024);
  let marks = new Uint32Array(1024);
  let stamp = 0;
  let rows = 0;
  let words = 0;

  const growRows = (id: number) => {
    if (id < order.length) return;
    const size = Math.max(id + 1, order.length * 2);
    const next = new Float64Array(size).fill(Number.NaN);
    next.set(order);
    order = next;
    const held = new Uint16Array(size);
    held.set(wordsPerRow);
    wordsPerRow = held;
    marks = new Uint32Array(size);
    stamp = 0;
  };

  const addTo = (n: number, id: number) => {
    const p = postings[n];
    if (p === undefined) {
      postings[n] = id;
      freed.delete(n);
      words++;
      return;
    }
    if (n >= counts.length) {
      const next = new Int32Array(Math.max(n + 1, counts.length * 2));
      next.set(counts);
      counts = next;
    }
    if (typeof p === "number") {
      const ids = new Int32Array(4);
      ids[0] = p;
      ids[1] = id;
      postings[n] = ids;
      counts[n] = 2;
      return;
    }
    const count = counts[n] as number;
    let ids = p;
    if (count === ids.length) {
      ids = new Int32Array(count * 2);
      ids.set(p);
      postings[n] = ids;
    }
    ids[count] = id;
    counts[n] = count + 1;
  };

  /**
   * Takes `id` out of word `n`'s posting (false when it was not there); the word is freed when no row holds it
   * any more.
   */
  const takeFrom = (n: number, id: number): boolean => {
    const p = postings[n];
    if (p === undefined) return false;
    if (typeof p === "number") {
      if (p !== id) return false;
      postings[n] = undefined;
      freed.add(n);
      words--;
      return true;
    }
    const count = counts[n] as number;
    const i = p.subarray(0, count).lastIndexOf(id);
    if (i < 0) return false;
    p.copyWithin(i, i + 1, count);
    counts[n] = count - 1;
    if (count - 1 === 1) postings[n] = p[0] as number;
    // An array much larger than it needs to be is given back.
    else if (p.length > 64 && count - 1 < p.length / 4) postings[n] = p.slice(0, p.length / 2);
    return true;
  };

  const leave = (id: number) => {
    order[id] = Number.NaN;
    wordsPerRow[id] = 0;
    rows--;
  };

  /** Walks every posting: for a row whose words are not known (or not all). */
  const takeEverywhere = (id: number) => {
    for (let n = 0; n < postings.length; n++) takeFrom(n, id);
  };

  const countOf = (n: number) => {
    const p = postings[n];
    return p === undefined ? 0 : typeof p === "number" ? 1 : (counts[n] as number);
  };

  /** Every row, newest id first (the order a page of them is cheapest to pick in). */
  const everyRow = () => {
    const ids: number[] = [];
    for (let id = order.length - 1; id >= 0; id--) if (!Number.isNaN(order[id] as number)) ids.push(id);
    return ids;
  };

  const has = (id: number) => id < order.length && !Number.isNaN(order[id] as number);

  return {
    /** Whether the row is in the index. */
    has,
    get rows() {
      return rows;
    },
    /** A row that is not in the index yet, with its distinct words and the time it is listed by. */
    add(id: number, rowWords: Iterable<string>, orderMs: number) {
      growRows(id);
      let held = 0;
      for (const w of rowWords) {
        addTo(vocabulary.number(w), id);
        held++;
      }
      if (!has(id)) rows++;
      wordsPerRow[id] = held;
      order[id] = Number.isNaN(orderMs) ? 0 : orderMs;
    },
    /**
     * A row leaves, given the words it was added with; if they were not all of them (its text was changed
     * before it was deleted, say), every posting is walked for the rest.
     */
    remove(id: number, rowWords: Iterable<string>) {
      if (!has(id)) return;
      let taken = 0;
      for (const w of rowWords) {
        const n = vocabulary.find(w);
        if (n !== undefined && takeFrom(n, id)) taken++;
      }
      if (taken < (wordsPerRow[id] as number)) takeEverywhere(id);
      leave(id);
    },
    /** A row leaves when its words are not known: every posting is walked (rare: a row changed in place). */
    removeEverywhere(id: number) {
      if (!has(id)) return;
      takeEverywhere(id);
      leave(id);
    },
    /**
     * Drops from the vocabulary the words no row holds any more, after a batch of removals: an erased
     * person's name then leaves the server's memory too.
     */
    forgetFreedWords() {
      vocabulary.forget(freed);
      freed.clear();
    },
    /** Ids of the rows that hold, for every term, a word it finds; in no particular order. */
    match(terms: readonly Term[]): number[] {
      if (terms.length === 0) return [];
      const all = terms.map((t) => vocabulary.matching(t).filter((n) => postings[n] !== undefined));
      if (all.some((f) => f.length === 0)) return [];
      // A term with a word every row holds ("ir" of the references, say) narrows nothing: it is left out.
      const found = all.filter((f) => !f.some((n) => countOf(n) === rows));
      if (found.length === 0) return everyRow();
      if (stamp > 0xffff_0000) {
        marks.fill(0);
        stamp = 0;
      }
      // A row's mark counts the terms it has met in this search; `base` makes older marks count for nothing.
      const base = stamp;
      stamp += found.length;
      const last = found.length - 1;
      const ids: number[] = [];
      let k = 0;
      let from = base;
      const visit = (id: number) => {
        const m = marks[id] as number;
        if (k === 0 ? m > base : m !== from) return;
        marks[id] = from + 1;
        if (k === last) ids.push(id);
      };
      for (; k <= last; k++, from++) {
        for (const n of found[k] as number[]) {
          const p = postings[n] as number | Int32Array;
          if (typeof p === "number") visit(p);
          else for (let i = 0, count = counts[n] as number; i < count; i++) visit(p[i] as number);
        }
      }
      return ids;
    },
    /** The order times by id, for sorting many rows at once (read only). */
    get orders(): Float64Array {
      return order;
    },
    /** Distinct words held, for the figures. */
    get wordCount() {
      return words;
    },
  };
}

export type WordIndex = ReturnType<typeof createWordIndex>;
