import { expect, test } from "bun:test";
import { createVocabulary } from "./search-vocabulary";
import type { Term } from "./search-words";

const term = (text: string, atStart = false, atEnd = false): Term => ({ text, atStart, atEnd });

test("numbers each distinct word once, however many are added, and finds them again", () => {
  const v = createVocabulary();
  const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
  const numbers = words.map((w) => v.number(w));
  expect(new Set(numbers).size).toBe(words.length);
  expect(words.map((w) => v.number(w))).toEqual(numbers);
  expect(words.map((w) => v.find(w))).toEqual(numbers);
  expect(v.find("absent")).toBeUndefined();
  expect(v.size).toBe(words.length);
});

test("a term inside a word, at its start, at its end, or the whole word; first and last words too", () => {
  const v = createVocabulary();
  const [lake, lakeside, bake, flake, l] = ["lake", "lakeside", "bake", "flake", "l"].map((w) =>
    v.number(w),
  ) as [number, number, number, number, number];
  const found = (t: Term) => v.matching(t).sort((a, b) => a - b);
  expect(found(term("ake"))).toEqual([lake, lakeside, bake, flake]);
  expect(found(term("lak", true))).toEqual([lake, lakeside]);
  expect(found(term("l", true))).toEqual([lake, lakeside, l]);
  expect(found(term("ake", false, true))).toEqual([lake, bake, flake]);
  expect(found(term("lake", true, true))).toEqual([lake]);
  expect(found(term("side", false, true))).toEqual([lakeside]);
  expect(found(term("keb"))).toEqual([]);
});

test("a run of digits inside longer numbers", () => {
  const v = createVocabulary();
  const phones = Array.from({ length: 5000 }, (_, i) => v.number(`312555${String(i).padStart(4, "0")}`));
  const other = v.number("20230042");
  expect(v.matching(term("5550042"))).toEqual([phones[42] as number]);
  expect(v.matching(term("0042")).sort((a, b) => a - b)).toEqual([phones[42] as number, other]);
});

test("forgotten words are found no more, and can come back under a new number", () => {
  const v = createVocabulary();
  const keep = v.number("okafor");
  const gone = v.number("quillfeather");
  v.forget([gone]);
  expect(v.find("quillfeather")).toBeUndefined();
  expect(v.matching(term("quill"))).toEqual([]);
  expect(v.matching(term("okafor"))).toEqual([keep]);
  const back = v.number("quillfeather");
  expect(back).not.toBe(gone);
  expect(v.matching(term("quill", true))).toEqual([back]);
});
