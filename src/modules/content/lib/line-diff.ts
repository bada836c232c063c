export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/**
 * The lines of `to` against `from`: a longest common subsequence, removed lines before added ones where a
 * passage changed, so a reader sees the old text and then the new. Quadratic in lines, which an article's
 * size limit keeps small.
 */
export function lineDiff(from: string, to: string): DiffLine[] {
  const a = from.split("\n");
  const b = to.split("\n");
  const n = a.length;
  const m = b.length;
  // common[i][j]: the longest common run of a[i..] and b[j..].
  const common = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i]![j] =
        a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (j >= m || (i < n && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      out.push({ kind: "removed", text: a[i]! });
      i++;
    } else {
      out.push({ kind: "added", text: b[j]! });
      j++;
    }
  }
  return out;
}
