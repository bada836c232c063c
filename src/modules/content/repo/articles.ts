import type { Database } from "bun:sqlite";
import type { StoredArticle } from "../../../contracts/articles";

type Row = {
  id: number;
  slug: string;
  title: string;
  description: string;
  content: string;
  author: string;
  author_person_id: number | null;
  reading_time: string;
  published: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  tags: string;
};

const fromRow = (r: Row): StoredArticle => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  description: r.description,
  content: r.content,
  author: r.author,
  authorPersonId: r.author_person_id,
  readingTime: r.reading_time,
  published: r.published === 1,
  publishedAt: r.published_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  tags: JSON.parse(r.tags) as string[],
});

export type ArticleWrite = Omit<StoredArticle, "id" | "createdAt" | "updatedAt">;

export type ArticleSort = "updated" | "title" | "published";

const ORDER: Record<ArticleSort, string> = {
  updated: "updated_at DESC, id DESC",
  title: "title COLLATE NOCASE ASC, id ASC",
  published: "published_at IS NULL, published_at DESC, id DESC",
};

/** The articles table. Slugs are unique (the table says so); callers check first to answer 409. */
export function articlesRepo(db: Database) {
  const params = (a: ArticleWrite, at: string) => ({
    slug: a.slug,
    title: a.title,
    description: a.description,
    content: a.content,
    author: a.author,
    authorPersonId: a.authorPersonId,
    readingTime: a.readingTime,
    published: a.published ? 1 : 0,
    publishedAt: a.publishedAt,
    tags: JSON.stringify(a.tags),
    at,
  });
  return {
    list(opts: { q?: string; status?: "draft" | "published"; sort?: ArticleSort } = {}): StoredArticle[] {
      const q = opts.q?.trim() ? `%${opts.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const published = opts.status === "published" ? 1 : opts.status === "draft" ? 0 : null;
      const rows = db
        .query(
          `SELECT * FROM articles
           WHERE ($q IS NULL OR title LIKE $q ESCAPE '\\' OR slug LIKE $q ESCAPE '\\' OR description LIKE $q ESCAPE '\\')
             AND ($published IS NULL OR published = $published)
           ORDER BY ${ORDER[opts.sort ?? "updated"]}`,
        )
        .all({ q, published }) as Row[];
      return rows.map(fromRow);
    },
    get(id: number): StoredArticle | undefined {
      const row = db.query("SELECT * FROM articles WHERE id = ?").get(id) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    bySlug(slug: string): StoredArticle | undefined {
      const row = db.query("SELECT * FROM articles WHERE slug = ?").get(slug) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    /** Articles public at `at` (published, their time come), newest first. */
    published(at: Date): StoredArticle[] {
      const rows = db
        .query(
          "SELECT * FROM articles WHERE published = 1 AND published_at <= $at ORDER BY published_at DESC, id DESC",
        )
        .all({ at: at.toISOString() }) as Row[];
      return rows.map(fromRow);
    },
    /** The earliest publish time after `at` of a scheduled article, if any: when public pages change next. */
    nextScheduled(at: Date): string | undefined {
      const row = db
        .query("SELECT MIN(published_at) AS next FROM articles WHERE published = 1 AND published_at > $at")
        .get({ at: at.toISOString() }) as { next: string | null };
      return row.next ?? undefined;
    },
    create(a: ArticleWrite, at: Date): StoredArticle {
      const row = db
        .query(
          `INSERT INTO articles (slug, title, description, content, author, author_person_id, reading_time, published, published_at, tags, created_at, updated_at)
           VALUES ($slug, $title, $description, $content, $author, $authorPersonId, $readingTime, $published, $publishedAt, $tags, $at, $at)
           RETURNING *`,
        )
        .get(params(a, at.toISOString())) as Row;
      return fromRow(row);
    },
    update(id: number, a: ArticleWrite, at: Date): StoredArticle | undefined {
      const row = db
        .query(
          `UPDATE articles SET slug = $slug, title = $title, description = $description, content = $content,
             author = $author, author_person_id = $authorPersonId, reading_time = $readingTime, published = $published, published_at = $publishedAt,
             tags = $tags, updated_at = $at
           WHERE id = $id RETURNING *`,
        )
        .get({ ...params(a, at.toISOString()), id }) as Row | null;
      return row ? fromRow(row) : undefined;
    },
    remove(id: number): boolean {
      return db.query("DELETE FROM articles WHERE id = ?").run(id).changes > 0;
    },
  };
}

export type ArticlesRepo = ReturnType<typeof articlesRepo>;
