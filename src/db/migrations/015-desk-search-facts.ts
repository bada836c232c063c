/**
 * The desk's search (ADR 119) over clear facts:
 * - contact_submissions_desk_facts: each request's clear facts by id, in one narrow index. A search filtered by
 *   overdue or sorted by due time knows the ids it matched and asks SQL to filter, count, order and page those
 *   only, which this index answers without reading the wide rows (their encrypted text) at all.
 * - search_fact_changes: every change of a request's status, service, role or matter type, whoever makes it,
 *   written by a trigger in the changing transaction (so a rolled-back change leaves none). The search index
 *   keeps these facts in memory and reads the changes after the last one it saw before it narrows a search.
 */
export const up = `
CREATE INDEX contact_submissions_desk_facts ON contact_submissions
  (id, status, desired_service, role, matter_type, submitted_at, respond_by, first_response_at);
CREATE TABLE search_fact_changes (
  seq  INTEGER PRIMARY KEY AUTOINCREMENT,
  id   INTEGER NOT NULL
) STRICT;
CREATE TRIGGER contact_submissions_fact_changed
AFTER UPDATE OF status, desired_service, role, matter_type ON contact_submissions
BEGIN
  INSERT INTO search_fact_changes (id) VALUES (NEW.id);
END;
`;
