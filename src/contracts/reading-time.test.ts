import { expect, test } from "bun:test";
import { countWords, EMPTY_READING_TIME, readingTimeFor } from "./reading-time";

test("counts words, keeping figures like $3,500–$5,000 and 3–5 as one word each", () => {
  expect(countWords(["Look back 3–5 years.", "Fees run $3,500–$5,000 (flat)."])).toBe(8);
});

test("rounds reading time up to whole minutes, and says so when there is nothing to read (never 5 min read)", () => {
  expect(readingTimeFor(0)).toBe(EMPTY_READING_TIME);
  expect(EMPTY_READING_TIME).not.toContain("min read");
  expect(readingTimeFor(120)).toBe("1 min read");
  expect(readingTimeFor(221)).toBe("2 min read");
  expect(readingTimeFor(1100)).toBe("5 min read");
});
