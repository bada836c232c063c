import type { Database } from "./db";
import type { DataCipher } from "./db/cipher";
import type { SubmissionSearch } from "./modules/desk";

/** What every feature reads the time from; tests pass their own (a Friday evening, the eve of a holiday). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * The data folder, opened (src/ops/data-store.ts): the database, the cipher its values are sealed with, the desk's
 * search index over the requests (built in the background once the server starts it), and the clock. The server,
 * the commands and the tests open it the same way; a repository receives what it reads with from it.
 */
export type DataStore = {
  readonly db: Database;
  readonly cipher: DataCipher;
  readonly search: SubmissionSearch;
  readonly clock: Clock;
};

/** What a repository of encrypted rows reads and writes with. */
export type Sealed = Pick<DataStore, "db" | "cipher">;
/** What a repository of the requests reads and writes with: their index is kept current on every write. */
export type Indexed = Pick<DataStore, "db" | "cipher" | "search">;
