import type { Database } from "bun:sqlite";
import type { StoredArticle } from "../../../contracts/articles";

/** One kept save of an article: its fields as saved, when, and by whom ("" for the site's own first copy). */
export type ArticleRevision = {
  id: number;
  articleId: number;
  title: string;
  slug: string;
  description: string;
  content: string;
  author: string;
  tags: string[];
  published: boolean;
  publishedAt: string | null;
  savedAt: string;
  savedBy: string;
};

type Row = {
  id: number;
  article_id: number;
  title: string;
  slug: string;
  description: string;
  content: string;
  author: string;
  tags: string;
  published: number;
  published_at: string | null;
  saved_at: string;
  saved_by: string;
};

const fromRow = (r: Row): ArticleRevision => ({
  id: r.id,
  articleId: r.article_id,
  title: r.title,
  slug: r.slug,
  description: r.description,
  content: r.content,
  author: r.author,
  tags: JSON.parse(r.tags) as string[],
  published: r.published === 1,
  publishedAt: r.published_at,
  savedAt: r.saved_at,
  savedBy: r.saved_by,
});

/** The article_revisions table (migration 020): appended on every save, removed with the article. */
export function articleRevisionsRepo(db: Database) {
  const insert = db.prepare(
    `INSERT INTO article_revisions (article_id, title, slug, description, content, author, tags, published, published_at, saved_at, saved_by)
     VALUES ($articleId, $title, $slug, $description, $content, $author, $tags, $published, $publishedAt, $savedAt, $savedBy)`,
  );
  return {
    keep(a: StoredArticle, savedBy: string): void {
      insert.run({
        articleId: a.id,
        title: a.title,
        slug: a.slug,
        description: a.description,
        content: a.content,
        author: a.author,
        tags: JSON.stringify(a.tags),
        published: a.published ? 1 : 0,
        publishedAt: a.publishedAt,
        savedAt: a.updatedAt,
        savedBy,
      });
    },
    /** Newest first. */
    list(articleId: number): ArticleRevision[] {
      const rows = db
        .query("SELECT * FROM article_revisions WHERE article_id = ? ORDER BY id DESC")
        .all(articleId) as Row[];
      return rows.map(fromRow);
    },
    get(articleId: number, id: number): ArticleRevision | undefined {
      const row = db
        .query("SELECT * FROM article_revisions WHERE article_id = ? AND id = ?")
        .get(articleId, id) as Row | null;
      return row ? fromRow(row) : undefined;
    },
  };
}

export type ArticleRevisionsRepo = ReturnType<typeof articleRevisionsRepo>;
