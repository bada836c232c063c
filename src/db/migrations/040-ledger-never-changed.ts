/**
 * Ledger entries are never changed, in any column (ADR 282). Migration 032's trigger named the columns it
 * guarded and left out the description (and any column added since, as 039's): an entry's words could still be
 * rewritten. This one guards every UPDATE, whatever it sets, with one exception the database can tell apart:
 * the data key's rotation, which rewrites the description alone, encrypted before and after, under another key
 * id ("enc:v1:<key id>:…", src/db/cipher.ts). A clear text, or another value under the same key, is refused.
 * Deletion stays as 032 made it: refused while the entry's engagement exists, so only an erasure takes them.
 */
const keyId = (v: string) => `substr(${v}, 8, instr(substr(${v}, 8), ':') - 1)`;
const encrypted = (v: string) => `substr(${v}, 1, 7) = 'enc:v1:'`;
const unchanged = [
  "id",
  "engagement_id",
  "source",
  "on_date",
  "kind",
  "amount_cents",
  "minutes",
  "rate_cents",
  "document_id",
  "corrects",
  "recorded_by",
  "created_at",
  "processor_object",
  "processor_intent",
]
  .map((c) => `NEW.${c} IS OLD.${c}`)
  .join(" AND ");

export const up = `
DROP TRIGGER ledger_entries_never_changed;
CREATE TRIGGER ledger_entries_never_changed
BEFORE UPDATE ON ledger_entries
WHEN NOT (
  ${unchanged}
  AND ${encrypted("OLD.description")} AND ${encrypted("NEW.description")}
  AND ${keyId("OLD.description")} <> ${keyId("NEW.description")}
)
BEGIN
  SELECT RAISE(ABORT, 'ledger entries are never changed: record an adjustment that corrects one');
END;
`;
