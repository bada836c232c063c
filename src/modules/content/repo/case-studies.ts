import type { Database } from "bun:sqlite";
import type { StoredCaseStudy } from "../../../contracts/case-studies";

type Row = {
  id: number;
  title: string;
  category: string;
  description: string;
  challenge: string;
  approach: string;
  outcome: string;
  assets_recovered: string | null;
  turnaround_days: number | null;
  published: number;
  published_at: string | null;
  sample: number;
  created_at: string;
  updated_at: string;
};

const fromRow = (r: Row): StoredCaseStudy => ({
  id: r.id,
  title: r.title,
  category: r.category,
  description: r.description,
  challenge: r.challenge,
  approach: r.approach,
  outcome: r.outcome,
  assetsRecovered: r.assets_recovered,
  turnaroundDays: r.turnaround_days,
  published: r.published === 1,
  publishedAt: r.published_at,
  sample: r.sample === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export type CaseStudyWrite = Omit<StoredCaseStudy, "id" | "sample" | "createdAt" | "updatedAt">;

/** The case_studies table. */
export function caseStudiesRepo(db: Database) {
  const params = (c: CaseStudyWrite, at: string) => ({
    title: c.title,
    category: c.category,
    description: c.description,
    challenge: c.challenge,
    approach: c.approach,
    outcome: c.outcome,
    assetsRecovered: c.assetsRecovered,
    turnaroundDays: c.turnaroundDays,
    published: c.published ? 1 : 0,
    publishedAt: c.publishedAt,
    at,
  });
  return {
    /** Newest change first. */
    list(): StoredCaseStudy[] {
      return (db.query("SELECT * FROM case_studies ORDER BY updated_at DESC, id DESC").all() as Row[]).map(
        fromRow,
      );
    },
    get(id: number): StoredCaseStudy | undefined {
      const row = db.query("SELECT * FROM case_studies WHERE id = ?").get(id) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    /** Published, newest first. */
    published(): StoredCaseStudy[] {
      return (
        db
          .query("SELECT * FROM case_studies WHERE published = 1 ORDER BY published_at DESC, id DESC")
          .all() as Row[]
      ).map(fromRow);
    },
    create(c: CaseStudyWrite, at: Date): StoredCaseStudy {
      return fromRow(
        db
          .query(
            `INSERT INTO case_studies (title, category, description, challenge, approach, outcome, assets_recovered,
               turnaround_days, published, published_at, created_at, updated_at)
             VALUES ($title, $category, $description, $challenge, $approach, $outcome, $assetsRecovered,
               $turnaroundDays, $published, $publishedAt, $at, $at)
             RETURNING *`,
          )
          .get(params(c, at.toISOString())) as Row,
      );
    },
    update(id: number, c: CaseStudyWrite, at: Date): StoredCaseStudy | undefined {
      const row = db
        .query(
          `UPDATE case_studies SET title = $title, category = $category, description = $description,
             challenge = $challenge, approach = $approach, outcome = $outcome, assets_recovered = $assetsRecovered,
             turnaround_days = $turnaroundDays, published = $published, published_at = $publishedAt, updated_at = $at
           WHERE id = $id RETURNING *`,
        )
        .get({ ...params(c, at.toISOString()), id }) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    /** Whether any sample (demo mode's seeded case studies) is stored. */
    hasSamples(): boolean {
      return db.query("SELECT 1 FROM case_studies WHERE sample = 1 LIMIT 1").get() !== null;
    },
    /** Stores published samples (demo mode), marked so every page that shows them says so. */
    seedSamples(samples: readonly CaseStudyWrite[], at: Date): void {
      const insert = db.query(
        `INSERT INTO case_studies (title, category, description, challenge, approach, outcome, assets_recovered,
           turnaround_days, published, published_at, sample, created_at, updated_at)
         VALUES ($title, $category, $description, $challenge, $approach, $outcome, $assetsRecovered,
           $turnaroundDays, $published, $publishedAt, 1, $at, $at)`,
      );
      db.transaction(() => {
        for (const c of samples) insert.run(params(c, at.toISOString()));
      })();
    },
    remove(id: number): boolean {
      return db.query("DELETE FROM case_studies WHERE id = ?").run(id).changes > 0;
    },
  };
}

export type CaseStudiesRepo = ReturnType<typeof caseStudiesRepo>;
