import { RESOURCE_DOWNLOADS, resourceSize } from "./seeds/resources";

/**
 * The three downloads the site ships with become resource rows, pointing at the built-in /docs files, so
 * the admin can edit or unpublish them. Runs once, on the first start of a database; the values are
 * written into the SQL so the migration never changes meaning after it has run.
 */
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;

export const up = RESOURCE_DOWNLOADS.map(
  (r) =>
    `INSERT INTO resources (title, description, format, size, path, category, published)
VALUES (${literal(r.title)}, ${literal(r.description)}, ${literal(r.format)}, ${literal(resourceSize(r.path))}, ${literal(r.path)}, 'general', 1);`,
).join("\n");
