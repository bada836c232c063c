/**
 * The clear facts a desk search is most often narrowed by, per request id, as small codes (ADR 119): with them
 * the index filters, counts and pages its matches itself, and SQL reads only the rows of the page.
 */
export const FACETS = ["status", "service", "role", "matterType"] as const;
export type Facts = Record<(typeof FACETS)[number], string>;

const WIDTH = FACETS.length;

export function createSearchFacts() {
  /** Per facet: each value seen, coded from 1 (0: no facts for this id). */
  const codes = FACETS.map(() => new Map<string, number>());
  let table = new Uint16Array(WIDTH * 1024);

  const codeOf = (facet: number, value: string) => {
    const known = codes[facet] as Map<string, number>;
    let code = known.get(value);
    if (code === undefined) {
      code = known.size + 1;
      known.set(value, code);
    }
    return code;
  };

  return {
    set(id: number, facts: Facts) {
      if ((id + 1) * WIDTH > table.length) {
        const next = new Uint16Array(Math.max((id + 1) * WIDTH, table.length * 2));
        next.set(table);
        table = next;
      }
      FACETS.forEach((f, i) => {
        table[id * WIDTH + i] = codeOf(i, facts[f]);
      });
    },
    clear(id: number) {
      if (id * WIDTH < table.length) table.fill(0, id * WIDTH, (id + 1) * WIDTH);
    },
    /** The ids whose facts are the given ones (a facet left out lets every value through). */
    narrow(ids: readonly number[], wanted: Partial<Facts>): readonly number[] {
      const want = FACETS.map((f) => {
        const value = wanted[f];
        return value === undefined ? 0 : ((codes[FACETS.indexOf(f)] as Map<string, number>).get(value) ?? -1);
      });
      if (want.every((w) => w === 0)) return ids;
      if (want.includes(-1)) return [];
      return ids.filter((id) => want.every((w, i) => w === 0 || table[id * WIDTH + i] === w));
    },
  };
}
