import { expect, test } from "bun:test";
import { DEFAULT_READING_TIME } from "./constants";
import { countWords, readingTimeFor } from "./reading-time";

test("counts words, keeping figures like $3,500–$5,000 and 3–5 as one word each", () => {
  expect(countWords(["Look back 3–5 years.", "Fees run $3,500–$5,000 (flat)."])).toBe(8);
});

test("rounds reading time up to whole minutes, with the SPEC default when there is nothing to read", () => {
  expect(readingTimeFor(0)).toBe(DEFAULT_READING_TIME);
  expect(readingTimeFor(120)).toBe("1 min read");
  expect(readingTimeFor(221)).toBe("2 min read");
  expect(readingTimeFor(1100)).toBe("5 min read");
});
