/**
 * The desk's clear facts of each request, by id, in one narrow index: a search (ADR 119) knows the ids it
 * matched and asks SQL only to filter, count, order and page those, which this index answers without reading
 * the wide rows (their encrypted text) at all.
 */
export const up = `
CREATE INDEX contact_submissions_desk_facts ON contact_submissions
  (id, status, desired_service, role, matter_type, submitted_at, respond_by, first_response_at);
`;
