/**
 * People and testimonials can be samples, as case studies are (migration 016, ADR 115): demo mode stores a few,
 * marked, so About and the home page show their shape, and every page that shows one labels it "Sample" (issue 45,
 * ADR 301). A production data folder never gets them.
 */
export const up = `
ALTER TABLE people ADD COLUMN sample INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1));
ALTER TABLE testimonials ADD COLUMN sample INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1));
`;
