import { describe, expect, test } from "bun:test";
import { quotedWithin } from "./compose";
import { unlinkable } from "./unlinkable";

const WJ = "\u2060";
const decoded = (html: string) =>
  html.replaceAll("&#8288;", WJ).replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

describe("a value people typed, in a mail's HTML part", () => {
  test("reads as typed, escaped, with a word joiner before every character that makes an address", () => {
    for (const value of [
      "https://evil.example/sign-in",
      "www.evil.example",
      "ops@evil.example",
      "x.y",
      "<b>&",
    ]) {
      const html = unlinkable(value);
      expect(decoded(html).replaceAll(WJ, "")).toBe(value);
      expect(decoded(html)).not.toMatch(/[^\u2060](\.[\p{L}\p{N}]|@|:\/)/u);
      expect(html).not.toContain("<b>");
    }
    // What makes no address is left alone: a sentence's full stop, a label's colon.
    expect(unlinkable("Dana Whitfield, Esq. Reference: IR-1")).toBe("Dana Whitfield, Esq. Reference: IR-1");
  });

  test("a reply quotes the requester's values wherever they occur, and the words of them shaped like addresses", () => {
    const text = "Hello www.evil.example,\n\nDana www.evil.example asked; write to dana@evil.example.";
    const spans = quotedWithin(text, ["Dana www.evil.example", null, "dana@evil.example"]);
    expect(spans.map((s) => text.slice(s.start, s.end)).sort()).toEqual(
      ["Dana www.evil.example", "dana@evil.example", "www.evil.example", "www.evil.example"].sort(),
    );
  });
});
