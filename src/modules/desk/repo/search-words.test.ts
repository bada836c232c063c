import { describe, expect, test } from "bun:test";
import { fold, queryTerms, rowWords, wordsOf } from "./search-words";

const FIELDS = {
  name: "Søren O'Brien-Järvinen",
  email: "S.Obrien@Harbor-Legal.example",
  firm: "Harbor Legal LLP",
  phone: "+1 (312) 555-0142",
  reference: "IR-261121-7KQ3",
  jurisdictions: "Cook County, IL; Delaware entities",
  description: "Divorce, 2023-DR-004512, against Zoë Castellano. Lake house held through an LLC.",
};

describe("how the desk's search reads text", () => {
  test("folds letter case, accents and apostrophes, including letters NFKD keeps whole", () => {
    expect(fold("TOMÁS Zoë Ångström")).toBe("tomas zoe angstrom");
    expect(fold("Søren Łukasz Straße Æsir")).toBe("soren lukasz strasse aesir");
    expect(wordsOf("O’Brien-Smith, d'Arcy")).toEqual(["obrien", "smith", "darcy"]);
  });

  test("a request's words: every field's words, and the phone number's digits as one word", () => {
    const words = rowWords(FIELDS);
    for (const w of ["soren", "obrien", "jarvinen", "harbor", "legal", "example", "llp", "cook", "il"]) {
      expect(words.has(w)).toBe(true);
    }
    expect(words.has("13125550142")).toBe(true);
    expect(words.has("ir")).toBe(true);
    expect(words.has("261121")).toBe(true);
    expect(words.has("7kq3")).toBe(true);
    expect(words.has("castellano")).toBe(true);
    expect(words.has("zoe")).toBe(true);
    // Words, not text: nothing holds two words together.
    expect([...words].some((w) => /\s/.test(w))).toBe(false);
  });

  test("a query's words are terms; short ones must start a word", () => {
    expect(queryTerms("  Harbor LEGAL ")).toEqual([
      { text: "harbor", atStart: false, atEnd: false },
      { text: "legal", atStart: false, atEnd: false },
    ]);
    expect(queryTerms("Zoë Castellano 77")).toEqual([
      { text: "zoe", atStart: false, atEnd: false },
      { text: "castellano", atStart: false, atEnd: false },
      { text: "77", atStart: true, atEnd: false },
    ]);
    expect(queryTerms("dana dana")).toHaveLength(1);
  });

  test("digits and phone punctuation alone are one run of digits, however the number was typed", () => {
    for (const typed of ["(312) 555-0142", "312.555.0142", "312 555 0142", "+1 312-555-0142"]) {
      const [term, ...rest] = queryTerms(typed);
      expect(rest).toEqual([]);
      expect(term?.text).toMatch(/^1?3125550142$/);
      expect(term?.atStart).toBe(false);
    }
    expect(queryTerms("555-0142")).toEqual([{ text: "5550142", atStart: false, atEnd: false }]);
  });

  test("around an @ the address's parts are anchored: the local part ends there, the domain starts", () => {
    expect(queryTerms("client42@")).toEqual([{ text: "client42", atStart: false, atEnd: true }]);
    expect(queryTerms("s.obrien@harbor-legal.example")).toEqual([
      { text: "s", atStart: true, atEnd: false },
      { text: "obrien", atStart: false, atEnd: true },
      { text: "harbor", atStart: true, atEnd: false },
      { text: "legal", atStart: false, atEnd: false },
      { text: "example", atStart: false, atEnd: false },
    ]);
    expect(queryTerms("<s@harbor.example>,")[0]).toEqual({ text: "s", atStart: true, atEnd: true });
  });

  test("punctuation alone is no term: it finds nothing rather than everything", () => {
    expect(queryTerms("%")).toEqual([]);
    expect(queryTerms("_")).toEqual([]);
    expect(queryTerms("--")).toEqual([]);
  });
});
