/**
 * Every save of an article is kept (issue 21): the fields as saved, when and by whom, so two can be compared
 * and one restored. Removed with their article. The site's own articles (migration 019) start with one each.
 */
export const up = `
CREATE TABLE article_revisions (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  article_id    INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  title         TEXT    NOT NULL,
  slug          TEXT    NOT NULL,
  description   TEXT    NOT NULL,
  content       TEXT    NOT NULL,
  author        TEXT    NOT NULL,
  tags          TEXT    NOT NULL DEFAULT '[]',
  published     INTEGER NOT NULL CHECK (published IN (0, 1)),
  published_at  TEXT,
  saved_at      TEXT    NOT NULL,
  saved_by      TEXT    NOT NULL
) STRICT;
CREATE INDEX article_revisions_by_article ON article_revisions (article_id, id);

INSERT INTO article_revisions (article_id, title, slug, description, content, author, tags, published, published_at, saved_at, saved_by)
SELECT id, title, slug, description, content, author, tags, published, published_at, updated_at, '' FROM articles;
`;
