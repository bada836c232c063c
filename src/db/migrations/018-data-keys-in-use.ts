/**
 * The data keys stored values may have been written with (ADR 135), so the start checks the configured keys
 * against this short list instead of reading every stored value. Every process that opens the data store with
 * a key adds the key it writes with before it writes; a start whose keys do not cover the list reads the
 * values as before and rebuilds the list from what it found. `proof` is a fixed text encrypted with that key
 * (null for a key found only in stored values): decrypting it shows the configured key of that id is the key.
 * Empty until the first start after this migration, which takes the full count once.
 */
export const up = `
CREATE TABLE data_keys_in_use (
  key_id  TEXT PRIMARY KEY,
  proof   TEXT
) STRICT;
`;
