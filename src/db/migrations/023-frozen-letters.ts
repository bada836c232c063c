/**
 * A letter's terms freeze when it is sent (ADR 216): the letter is rendered once then and kept exactly as the
 * client reads it, and their signature is written on those pages.
 * - letter_pdf: the letter as presented (encrypted by the repository: it names the client and their matter).
 * - letter_fields: where each party signs on it, and who signs for the firm (JSON).
 * - letter_sha256, which held the hash of the letter signed, now holds it from the moment the letter is sent.
 * A letter sent by an earlier version has none of them: it is frozen the first time it is read.
 */
export const up = `
ALTER TABLE engagements ADD COLUMN letter_pdf TEXT;
ALTER TABLE engagements ADD COLUMN letter_fields TEXT;
`;
