import { expect, test } from "bun:test";
import { insertBlock } from "./article-image-insert";

const IMAGE = "![Assets by county](/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.960x540.png)";

test("an inserted image is a paragraph of its own where the cursor was", () => {
  const content = "## The map\n\nEvery asset we found.";
  expect(insertBlock(content, IMAGE, 10)).toBe(`## The map\n\n${IMAGE}\n\nEvery asset we found.`);
  // In the middle of a line: the line is split around the image.
  expect(insertBlock("Before after", IMAGE, 6)).toBe(`Before\n\n${IMAGE}\n\nafter`);
});

test("without a cursor, or past the end, the image goes last; into empty content it is all there is", () => {
  expect(insertBlock("Text.\n", IMAGE, null)).toBe(`Text.\n\n${IMAGE}\n`);
  expect(insertBlock("Text.", IMAGE, 99)).toBe(`Text.\n\n${IMAGE}\n`);
  expect(insertBlock("", IMAGE, 0)).toBe(`${IMAGE}\n`);
  expect(insertBlock("Text.", IMAGE, 0)).toBe(`${IMAGE}\n\nText.`);
});
