/**
 * The portal shows the letter's text in the page, the very text its PDF was drawn from, and the consultation says
 * how it happens (issue 33).
 * - engagements.letter_spec: the document the frozen letter's PDF was laid out from (JSON, encrypted by the
 *   repository like the PDF: it names the client and their matter), written with letter_pdf and cleared with it.
 * - firm_settings: settings the firm edits in the admin, one row per key (JSON values); the first is where a
 *   consultation takes place (a phone number or a video link).
 */
export const up = `
ALTER TABLE engagements ADD COLUMN letter_spec TEXT;
CREATE TABLE firm_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
`;
