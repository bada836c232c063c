/**
 * Uploads held while the virus scanner cannot be reached, and files it flags kept in quarantine (issue 48,
 * ADR 304). `scan` is NULL for a file that is usable (scanned clean, or sent while no scanner was configured),
 * 'held' for one that arrived whole but is not yet scanned, 'quarantined' for one the scanner flagged; `scan_at`
 * is when it was held or quarantined and `signature` the name the scanner gave. A held or quarantined file keeps
 * `completed_at` NULL, so nothing that lists or downloads finished files reaches it; its row and its sealed file
 * go as any document's do (with its engagement: retention, erasure; the trigger of migration 017).
 */
export const up = `
ALTER TABLE documents ADD COLUMN scan TEXT CHECK (scan IN ('held', 'quarantined'));
ALTER TABLE documents ADD COLUMN scan_at TEXT;
ALTER TABLE documents ADD COLUMN signature TEXT;
CREATE INDEX documents_scan ON documents (scan, scan_at) WHERE scan IS NOT NULL;
`;
