import { sectionsMarkdown } from "../../modules/content/lib/sections-markdown";
import { ALL_ARTICLES, articleReadingTime } from "./seeds/articles";

/**
 * Articles carry topics (tags), and the site's own articles become ordinary rows at their URLs and dates, so
 * the admin edits, unpublishes or deletes them like any other (issue 21). Runs once, on the first start of a
 * database: an article deleted afterwards is never brought back. Author '' reads as the firm's name, whatever
 * BRAND_NAME is then. Values are written into the SQL so the migration never changes meaning after it has run.
 */
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;

const rows = ALL_ARTICLES.map((a) => {
  const content = sectionsMarkdown(a.sections);
  const at = `${a.date}T12:00:00.000Z`;
  const tags = JSON.stringify(a.topic.split(" · "));
  return `INSERT OR IGNORE INTO articles (slug, title, description, content, author, reading_time, published, published_at, created_at, updated_at, tags)
VALUES (${[a.slug, a.title, a.description, content, a.author ?? "", articleReadingTime(a)].map(literal).join(", ")}, 1, ${literal(at)}, ${literal(at)}, ${literal(at)}, ${literal(tags)});`;
});

export const up = `
ALTER TABLE articles ADD COLUMN tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array');
${rows.join("\n")}
`;
