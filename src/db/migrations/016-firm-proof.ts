import { resourceSize } from "./seeds/resources";
import { SAMPLE_REPORT } from "./seeds/sample-report";

/**
 * The firm's proof (ADR 115): its people and client testimonials, managed in the admin; case studies can be
 * marked as samples (demo mode seeds a few, shown with a "Sample" label); and the redacted sample report
 * joins the downloads, like the documents migration 004 seeded. Values are written into the SQL so the
 * migration never changes meaning after it has run.
 */
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;

export const up = `
CREATE TABLE people (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  name         TEXT    NOT NULL,
  role         TEXT    NOT NULL,
  credentials  TEXT    NOT NULL DEFAULT '',
  bio          TEXT    NOT NULL DEFAULT '',
  photo        TEXT,
  sort_order   INTEGER NOT NULL DEFAULT 0,
  published    INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
  created_at   TEXT    NOT NULL,
  updated_at   TEXT    NOT NULL
) STRICT;

CREATE TABLE testimonials (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  quote        TEXT    NOT NULL,
  attribution  TEXT    NOT NULL,
  context      TEXT    NOT NULL DEFAULT '',
  sort_order   INTEGER NOT NULL DEFAULT 0,
  published    INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
  created_at   TEXT    NOT NULL,
  updated_at   TEXT    NOT NULL
) STRICT;

ALTER TABLE case_studies ADD COLUMN sample INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1));

INSERT INTO resources (title, description, format, size, path, category, published)
VALUES (${literal(SAMPLE_REPORT.title)}, ${literal(SAMPLE_REPORT.description)}, 'PDF', ${literal(resourceSize(SAMPLE_REPORT.path))}, ${literal(SAMPLE_REPORT.path)}, 'general', 1);
`;
