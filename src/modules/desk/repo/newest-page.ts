/**
 * The ids at [offset, offset + limit) of `ids` listed newest first (by submission time, then id), through a
 * heap of the first offset + limit only: a page of 100,000 matches costs one pass, not a sort.
 */
export function newestPage(
  ids: readonly number[],
  order: Float64Array,
  offset: number,
  limit: number,
): number[] {
  const k = Math.min(ids.length, offset + limit);
  if (k <= 0 || offset >= ids.length) return [];
  // Listed before: later, or as late and a higher id.
  const before = (a: number, b: number) => {
    const oa = order[a] as number;
    const ob = order[b] as number;
    return oa > ob || (oa === ob && a > b);
  };
  // The root is the row listed last among the k kept so far.
  const heap = new Int32Array(k);
  let size = 0;
  const swap = (i: number, j: number) => {
    const t = heap[i] as number;
    heap[i] = heap[j] as number;
    heap[j] = t;
  };
  for (const id of ids) {
    if (size < k) {
      let i = size++;
      heap[i] = id;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(heap[parent] as number, heap[i] as number)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (before(id, heap[0] as number)) {
      heap[0] = id;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let last = i;
        if (l < k && before(heap[last] as number, heap[l] as number)) last = l;
        if (r < k && before(heap[last] as number, heap[r] as number)) last = r;
        if (last === i) break;
        swap(i, last);
        i = last;
      }
    }
  }
  return [...heap].sort((a, b) => (before(a, b) ? -1 : 1)).slice(offset, offset + limit);
}
