/**
 * A grid of cards with no card alone on its last row (an orphan reads as a leftover). The grid has six tracks
 * from the md breakpoint up; a card takes two (three to a row), and when three to a row would leave one over,
 * the last four take three each (two rows of two): 4 cards are 2 + 2, 7 are 3 + 2 + 2.
 */
export const CARD_GRID = "grid gap-6 md:grid-cols-6";

export function cardSpan(index: number, count: number): string {
  const rebalance = count > 1 && count % 3 === 1 && index >= count - 4;
  return rebalance ? "md:col-span-3" : "md:col-span-2";
}

/** How many cards each row holds, from the first: what the spans above lay out. */
export function rowsOf(count: number): number[] {
  const rows: number[] = [];
  let used = 0;
  let row = 0;
  for (let i = 0; i < count; i++) {
    const span = cardSpan(i, count) === "md:col-span-3" ? 3 : 2;
    if (used + span > 6) {
      rows.push(row);
      used = 0;
      row = 0;
    }
    used += span;
    row++;
  }
  if (row) rows.push(row);
  return rows;
}
