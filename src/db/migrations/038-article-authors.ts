/**
 * An article may name one of the firm's people as its author (issue 33, ADR 269). The free-text author stays: the
 * site's own articles have none but the firm, and it is what an article shows when its person is unpublished or
 * deleted. Deleting the person clears the reference, so no article ever points at someone who is gone.
 */
export const up = `
ALTER TABLE articles ADD COLUMN author_person_id INTEGER REFERENCES people (id) ON DELETE SET NULL;
`;
