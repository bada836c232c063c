import type { Database } from "bun:sqlite";
import type { StoredResource } from "../../../contracts/resources";

type Row = {
  id: number;
  title: string;
  description: string;
  format: string;
  size: string;
  path: string;
  category: string;
  published: number;
  created_at: string;
  updated_at: string;
};

const fromRow = (r: Row): StoredResource => ({
  id: r.id,
  title: r.title,
  description: r.description,
  format: r.format,
  size: r.size,
  path: r.path,
  category: r.category,
  published: r.published === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export type ResourceWrite = Omit<StoredResource, "id" | "createdAt" | "updatedAt">;

/** The resources table. Seeded rows (migration 004) come first, in the order the site has always shown. */
export function resourcesRepo(db: Database) {
  const params = (r: ResourceWrite, at: string) => ({
    title: r.title,
    description: r.description,
    format: r.format,
    size: r.size,
    path: r.path,
    category: r.category,
    published: r.published ? 1 : 0,
    at,
  });
  return {
    list(): StoredResource[] {
      return (db.query("SELECT * FROM resources ORDER BY id").all() as Row[]).map(fromRow);
    },
    published(): StoredResource[] {
      return (db.query("SELECT * FROM resources WHERE published = 1 ORDER BY id").all() as Row[]).map(
        fromRow,
      );
    },
    get(id: number): StoredResource | undefined {
      const row = db.query("SELECT * FROM resources WHERE id = ?").get(id) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    byPath(path: string): StoredResource[] {
      return (db.query("SELECT * FROM resources WHERE path = ?").all(path) as Row[]).map(fromRow);
    },
    create(r: ResourceWrite, at: Date): StoredResource {
      return fromRow(
        db
          .query(
            `INSERT INTO resources (title, description, format, size, path, category, published, created_at, updated_at)
             VALUES ($title, $description, $format, $size, $path, $category, $published, $at, $at) RETURNING *`,
          )
          .get(params(r, at.toISOString())) as Row,
      );
    },
    update(id: number, r: ResourceWrite, at: Date): StoredResource | undefined {
      const row = db
        .query(
          `UPDATE resources SET title = $title, description = $description, format = $format, size = $size,
             path = $path, category = $category, published = $published, updated_at = $at
           WHERE id = $id RETURNING *`,
        )
        .get({ ...params(r, at.toISOString()), id }) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    remove(id: number): boolean {
      return db.query("DELETE FROM resources WHERE id = ?").run(id).changes > 0;
    },
  };
}

export type ResourcesRepo = ReturnType<typeof resourcesRepo>;
