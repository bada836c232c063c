import { cipherFor } from "./cipher";
import type { Database } from "./index";

/**
 * The desk's free-text search over an intake's name, e-mail and firm. Those columns are encrypted, so SQL
 * cannot match them: this index keeps their plain, lower-cased text in memory only, built once from the
 * database and kept current by the repositories that insert and delete intakes (DESIGN.md, "Personal data
 * at rest"). A row deleted by some other path only leaves a stale id behind, which matches no row in SQL.
 */
export type SearchFields = { name: string; email: string; firm: string | null };

type Row = { id: number; name: string; email: string; firm: string | null };

const haystack = (f: SearchFields) => `${f.name}\u0000${f.email}\u0000${f.firm ?? ""}`.toLowerCase();

function createIndex(db: Database) {
  const texts = new Map<number, string>();
  let built = false;
  const selectAll = db.prepare<Row, []>("SELECT id, name, email, firm FROM contact_submissions");

  const build = () => {
    const cipher = cipherFor(db);
    texts.clear();
    for (const r of selectAll.iterate()) {
      texts.set(
        r.id,
        haystack({
          name: cipher.decrypt(r.name),
          email: cipher.decrypt(r.email),
          firm: cipher.decryptNullable(r.firm),
        }),
      );
    }
    built = true;
  };

  return {
    /** Reads every intake once; later calls rebuild (after an upgrade re-encrypted the rows, say). */
    build,
    /** A new or changed intake. Before the first build there is nothing to update: the build reads it. */
    put(id: number, fields: SearchFields) {
      if (built) texts.set(id, haystack(fields));
    },
    remove(id: number) {
      texts.delete(id);
    },
    /** Ids of the intakes whose name, e-mail or firm contains `q`, in any letter case. */
    match(q: string): number[] {
      if (!built) build();
      const needle = q.toLowerCase();
      const ids: number[] = [];
      for (const [id, text] of texts) if (text.includes(needle)) ids.push(id);
      return ids;
    },
    get size() {
      return texts.size;
    },
  };
}

export type SubmissionSearch = ReturnType<typeof createIndex>;

const indexes = new WeakMap<Database, SubmissionSearch>();

/** The one index of this database handle, shared by the intake, the desk and anything that deletes intakes. */
export function submissionSearch(db: Database): SubmissionSearch {
  let index = indexes.get(db);
  if (!index) {
    index = createIndex(db);
    indexes.set(db, index);
  }
  return index;
}
