import { expect, test } from "bun:test";
import { rowsOf } from "./card-columns";

test("no count of cards leaves one card alone on the last row", () => {
  for (let count = 2; count <= 40; count++) expect([count, rowsOf(count).at(-1)]).not.toEqual([count, 1]);
});

test("three to a row, and the last rows rebalanced where three would leave one over", () => {
  expect(rowsOf(3)).toEqual([3]);
  expect(rowsOf(4)).toEqual([2, 2]);
  expect(rowsOf(5)).toEqual([3, 2]);
  expect(rowsOf(7)).toEqual([3, 2, 2]);
  expect(rowsOf(10)).toEqual([3, 3, 2, 2]);
});
