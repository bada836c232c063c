import { describe, expect, test } from "bun:test";
import { BodyTooDeepError, isJsonContentType, jsonDepthScanner } from "./json-depth";

const bytes = (s: string) => new TextEncoder().encode(s);
/** Feeds `text` to a fresh scanner in pieces of `size` bytes: true when it let the whole body through. */
const passes = (text: string, max: number, size = 1) => {
  const scan = jsonDepthScanner(max);
  const all = bytes(text);
  try {
    for (let i = 0; i < all.length; i += size) scan(all.subarray(i, i + size));
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(BodyTooDeepError);
    return false;
  }
};

describe("jsonDepthScanner", () => {
  test("counts arrays and objects together, up to the limit and not past it", () => {
    expect(passes('{"a":[{"b":[1]}]}', 4)).toBe(true);
    expect(passes('{"a":[{"b":[1]}]}', 3)).toBe(false);
    expect(passes("[[[]]][[[]]]", 3)).toBe(true);
  });

  test("brackets in strings do not count, escaped quotes included, whatever the chunks", () => {
    const text = JSON.stringify({ note: '[[[{{{ "quoted [[[" \\ [[[', list: [["a"]] });
    for (const size of [1, 2, 3, 7, 1024]) expect(passes(text, 3, size)).toBe(true);
    expect(passes(text, 2)).toBe(false);
  });

  test("multi-byte characters do not confuse it", () => {
    expect(passes(JSON.stringify({ name: "Zoë 😀 [", more: ["é"] }), 2)).toBe(true);
  });

  test("knows the content types Elysia reads as JSON", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/jsonp")).toBe(false);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});
