import type { Database } from "bun:sqlite";
import type { PersonInput, StoredPerson, StoredTestimonial, TestimonialInput } from "../../../contracts/firm";

/**
 * The people and testimonials tables (migration 016; their samples, migration 050). Not encrypted: they are what the firm publishes about
 * itself, not anyone's personal data given to it.
 */
type PersonRow = {
  id: number;
  name: string;
  role: string;
  credentials: string;
  bio: string;
  photo: string | null;
  sort_order: number;
  published: number;
  sample: number;
  created_at: string;
  updated_at: string;
};

type TestimonialRow = {
  id: number;
  quote: string;
  attribution: string;
  context: string;
  sort_order: number;
  published: number;
  sample: number;
  created_at: string;
  updated_at: string;
};

const person = (r: PersonRow): StoredPerson => ({
  id: r.id,
  name: r.name,
  role: r.role,
  credentials: r.credentials,
  bio: r.bio,
  photo: r.photo,
  order: r.sort_order,
  published: r.published === 1,
  sample: r.sample === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const testimonial = (r: TestimonialRow): StoredTestimonial => ({
  id: r.id,
  quote: r.quote,
  attribution: r.attribution,
  context: r.context,
  order: r.sort_order,
  published: r.published === 1,
  sample: r.sample === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The admin's order, then the oldest first: a new entry goes last until it is given a place. */
const ORDER = "ORDER BY sort_order, id";

export function peopleRepo(db: Database) {
  const params = (p: PersonInput, at: string) => ({
    name: p.name,
    role: p.role,
    credentials: p.credentials,
    bio: p.bio,
    order: p.order,
    published: p.published ? 1 : 0,
    at,
  });
  return {
    list: (): StoredPerson[] => (db.query(`SELECT * FROM people ${ORDER}`).all() as PersonRow[]).map(person),
    published: (): StoredPerson[] =>
      (db.query(`SELECT * FROM people WHERE published = 1 ${ORDER}`).all() as PersonRow[]).map(person),
    get(id: number): StoredPerson | undefined {
      const row = db.query("SELECT * FROM people WHERE id = ?").get(id) as PersonRow | null;
      return row ? person(row) : undefined;
    },
    /** Rows whose photo is this path (one, unless an upload is ever shared). */
    byPhoto: (path: string): StoredPerson[] =>
      (db.query("SELECT * FROM people WHERE photo = ?").all(path) as PersonRow[]).map(person),
    create(p: PersonInput, at: Date): StoredPerson {
      return person(
        db
          .query(
            `INSERT INTO people (name, role, credentials, bio, sort_order, published, created_at, updated_at)
             VALUES ($name, $role, $credentials, $bio, $order, $published, $at, $at) RETURNING *`,
          )
          .get(params(p, at.toISOString())) as PersonRow,
      );
    },
    update(id: number, p: PersonInput, at: Date): StoredPerson | undefined {
      const row = db
        .query(
          `UPDATE people SET name = $name, role = $role, credentials = $credentials, bio = $bio,
             sort_order = $order, published = $published, updated_at = $at WHERE id = $id RETURNING *`,
        )
        .get({ ...params(p, at.toISOString()), id }) as PersonRow | null;
      return row ? person(row) : undefined;
    },
    setPhoto(id: number, photo: string | null, at: Date): StoredPerson | undefined {
      const row = db
        .query("UPDATE people SET photo = ?, updated_at = ? WHERE id = ? RETURNING *")
        .get(photo, at.toISOString(), id) as PersonRow | null;
      return row ? person(row) : undefined;
    },
    remove: (id: number): boolean => db.query("DELETE FROM people WHERE id = ?").run(id).changes > 0,
    /** Whether any sample (demo mode's seeded people) is stored. */
    hasSamples: (): boolean => db.query("SELECT 1 FROM people WHERE sample = 1 LIMIT 1").get() !== null,
    /** Stores published samples (demo mode), marked so every page that shows them says so. */
    seedSamples(samples: readonly PersonInput[], at: Date): void {
      const insert = db.query(
        `INSERT INTO people (name, role, credentials, bio, sort_order, published, sample, created_at, updated_at)
         VALUES ($name, $role, $credentials, $bio, $order, $published, 1, $at, $at)`,
      );
      db.transaction(() => {
        for (const p of samples) insert.run(params(p, at.toISOString()));
      })();
    },
  };
}

export function testimonialsRepo(db: Database) {
  const params = (t: TestimonialInput, at: string) => ({
    quote: t.quote,
    attribution: t.attribution,
    context: t.context,
    order: t.order,
    published: t.published ? 1 : 0,
    at,
  });
  return {
    list: (): StoredTestimonial[] =>
      (db.query(`SELECT * FROM testimonials ${ORDER}`).all() as TestimonialRow[]).map(testimonial),
    published: (): StoredTestimonial[] =>
      (db.query(`SELECT * FROM testimonials WHERE published = 1 ${ORDER}`).all() as TestimonialRow[]).map(
        testimonial,
      ),
    get(id: number): StoredTestimonial | undefined {
      const row = db.query("SELECT * FROM testimonials WHERE id = ?").get(id) as TestimonialRow | null;
      return row ? testimonial(row) : undefined;
    },
    create(t: TestimonialInput, at: Date): StoredTestimonial {
      return testimonial(
        db
          .query(
            `INSERT INTO testimonials (quote, attribution, context, sort_order, published, created_at, updated_at)
             VALUES ($quote, $attribution, $context, $order, $published, $at, $at) RETURNING *`,
          )
          .get(params(t, at.toISOString())) as TestimonialRow,
      );
    },
    update(id: number, t: TestimonialInput, at: Date): StoredTestimonial | undefined {
      const row = db
        .query(
          `UPDATE testimonials SET quote = $quote, attribution = $attribution, context = $context,
             sort_order = $order, published = $published, updated_at = $at WHERE id = $id RETURNING *`,
        )
        .get({ ...params(t, at.toISOString()), id }) as TestimonialRow | null;
      return row ? testimonial(row) : undefined;
    },
    remove: (id: number): boolean => db.query("DELETE FROM testimonials WHERE id = ?").run(id).changes > 0,
    /** Whether any sample (demo mode's seeded testimonials) is stored. */
    hasSamples: (): boolean => db.query("SELECT 1 FROM testimonials WHERE sample = 1 LIMIT 1").get() !== null,
    /** Stores published samples (demo mode), marked so every page that shows them says so. */
    seedSamples(samples: readonly TestimonialInput[], at: Date): void {
      const insert = db.query(
        `INSERT INTO testimonials (quote, attribution, context, sort_order, published, sample, created_at, updated_at)
         VALUES ($quote, $attribution, $context, $order, $published, 1, $at, $at)`,
      );
      db.transaction(() => {
        for (const t of samples) insert.run(params(t, at.toISOString()));
      })();
    },
  };
}

export type PeopleRepo = ReturnType<typeof peopleRepo>;
export type TestimonialsRepo = ReturnType<typeof testimonialsRepo>;
