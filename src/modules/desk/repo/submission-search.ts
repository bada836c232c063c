import type { DataCipher } from "../../../db/cipher";
import type { Database } from "../../../db/index";
import { newestPage } from "./newest-page";
import { createSearchFacts, type Facts } from "./search-facts";
import { queryTerms, rowWords, type SearchFields } from "./search-words";
import { createWordIndex } from "./word-index";

export type { Facts, SearchFields };

/**
 * The desk's free-text search (ADR 119). Name, e-mail, firm, phone, jurisdictions and description are
 * encrypted, so SQL cannot match them: this index keeps their words, never their text, in memory only. The
 * server builds it in the background after it starts listening, newest requests first; the repositories keep
 * it current as they insert and delete intakes.
 */
export type SearchState = {
  /** Every stored request has been read; until then a search sees only those read so far. */
  ready: boolean;
  indexed: number;
  total: number;
};

type Row = {
  id: number;
  reference: string;
  name: string;
  email: string;
  firm: string | null;
  phone: string;
  jurisdictions: string;
  description: string;
  submittedAt: string;
} & Facts;

const FACT_COLUMNS = "status, desired_service AS service, role, matter_type AS matterType";

/** A write waits for the end of the transaction that made it: a rolled-back delete keeps its row findable. */
type Change = { kind: "put" | "remove"; id: number; words: Set<string>; orderMs: number };

const FACT_CHANGES_KEPT = 1000;

/**
 * Rows read per statement; the time check between them keeps each slice of the build short. A request that
 * arrives while a slice runs waits for its end: at 100,000 requests, 8 ms slices of 64 rows put 10 ms on every
 * search in the build's first seconds, 2 ms slices of 16 rows about 2 ms, and the build takes as long.
 */
const CHUNK = 16;
const SLICE_MS = 2;
/** Ids counted per statement while the build goes: a range of the primary key, well under a millisecond. */
const COUNT_STEP = 5000;

export type BuildOptions = {
  /** How a slice of the build waits for the next turn of the event loop (tests hold it back). */
  schedule?: (next: () => void) => void;
  /** How long a slice reads for (at least one chunk of rows each). */
  sliceMs?: number;
  onReady?: (state: SearchState, ms: number) => void;
  onError?: (error: unknown) => void;
};

/** The one index of the requests, made when the data folder is opened and shared by everything that writes them. */
export function createSubmissionSearch({ db, cipher }: { db: Database; cipher: DataCipher }) {
  const index = createWordIndex();
  const facts = createSearchFacts();
  const pending: Change[] = [];
  let flushQueued = false;
  let phase: "idle" | "building" | "ready" | "failed" = "idle";
  /** While building: every id above this has been read (or arrived since). */
  let cursor = 0;
  let total = 0;
  /** Ids at or below this are not counted yet (the build counts them in its slices, COUNT_STEP at a time). */
  let uncounted = 0;
  const waiting: (() => void)[] = [];

  const selectChunk = db.prepare<Row, [number, number]>(
    `SELECT id, reference, name, email, firm, phone, jurisdictions, description, submitted_at AS submittedAt,
       ${FACT_COLUMNS}
     FROM contact_submissions WHERE id <= ? ORDER BY id DESC LIMIT ?`,
  );
  // The newest id through the primary key (one step); how many there are, counted a range of ids at a time
  // while the build goes (a count of the whole table reads every row's page, before the listen: ADR 308).
  const selectTop = db.prepare<{ top: number | null }, []>("SELECT max(id) AS top FROM contact_submissions");
  const countRange = db.prepare<{ n: number }, [number, number]>(
    "SELECT count(*) AS n FROM contact_submissions WHERE id > ? AND id <= ?",
  );
  const selectPresent = db.prepare<{ id: number } & Facts, [string]>(
    `SELECT id, ${FACT_COLUMNS} FROM contact_submissions WHERE id IN (SELECT value FROM json_each(?))`,
  );
  // Status (and the other facts) changes, in the order they committed (migration 015's trigger).
  const selectFactChanges = db.prepare<{ seq: number; id: number }, [number]>(
    "SELECT seq, id FROM search_fact_changes WHERE seq > ? ORDER BY seq",
  );
  const selectLastFactChange = db.prepare<{ seq: number }, []>(
    "SELECT coalesce(max(seq), 0) AS seq FROM search_fact_changes",
  );
  const pruneFactChanges = db.prepare<never, [number]>("DELETE FROM search_fact_changes WHERE seq <= ?");
  let factsSeenUpTo = 0;
  let factsPrunedUpTo = 0;

  /** Reads the facts of the requests whose status, service, role or matter type changed since the last read. */
  const syncFacts = () => {
    const changed = selectFactChanges.all(factsSeenUpTo);
    const last = changed.at(-1);
    if (!last) return;
    factsSeenUpTo = last.seq;
    const ids = [...new Set(changed.map((c) => c.id))].filter(index.has);
    for (const row of selectPresent.all(JSON.stringify(ids))) facts.set(row.id, row);
  };

  const reached = (id: number) => phase === "ready" || (phase === "building" && id > cursor);

  /**
   * Applies the waiting writes as the database now has them: a row deleted (or replaced under the same id)
   * leaves, a row that exists is (re)indexed, and a write whose transaction was rolled back changes nothing.
   */
  const flush = () => {
    flushQueued = false;
    if (pending.length === 0) return;
    if (db.inTransaction) {
      flushQueued = true;
      setTimeout(flush, 0);
      return;
    }
    const changes = pending.splice(0);
    const present = new Map(
      selectPresent.all(JSON.stringify([...new Set(changes.map((c) => c.id))])).map((r) => [r.id, r]),
    );
    const putLater = new Array<boolean>(changes.length);
    const puts = new Set<number>();
    for (let i = changes.length - 1; i >= 0; i--) {
      const c = changes[i] as Change;
      putLater[i] = puts.has(c.id);
      if (c.kind === "put") puts.add(c.id);
    }
    changes.forEach((c, i) => {
      if (c.kind === "remove") {
        if (!present.has(c.id) || putLater[i]) index.remove(c.id, c.words);
      } else if (c.kind === "put" && present.has(c.id) && reached(c.id)) {
        if (index.has(c.id)) index.removeEverywhere(c.id);
        index.add(c.id, c.words, c.orderMs);
      }
    });
    // Whatever changed, each row's facts are now as the database holds them.
    for (const c of changes) {
      const row = present.get(c.id);
      if (row && index.has(c.id)) facts.set(c.id, row);
      else if (!index.has(c.id)) facts.clear(c.id);
    }
    index.forgetFreedWords();
    // Changes read long ago are needed no more (this runs after a write, never inside one). The newest are
    // kept for another index over the same file that may not have read them yet (a second handle, in tests).
    if (factsSeenUpTo - FACT_CHANGES_KEPT > factsPrunedUpTo) {
      factsPrunedUpTo = factsSeenUpTo - FACT_CHANGES_KEPT;
      pruneFactChanges.run(factsPrunedUpTo);
    }
  };

  const queue = (change: Change) => {
    // Before the build starts there is nothing to keep current: the build reads the table as it then is.
    if (phase === "idle") return;
    if (change.kind === "put" && change.id > cursor) total++;
    pending.push(change);
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  };

  const readChunk = (): boolean => {
    const rows = selectChunk.all(cursor, CHUNK);
    for (const r of rows) {
      const words = rowWords({
        name: cipher.decrypt(r.name),
        email: cipher.decrypt(r.email),
        firm: cipher.decryptNullable(r.firm),
        phone: cipher.decrypt(r.phone),
        reference: r.reference,
        jurisdictions: cipher.decrypt(r.jurisdictions),
        description: cipher.decrypt(r.description),
      });
      index.add(r.id, words, Date.parse(r.submittedAt));
      facts.set(r.id, r);
    }
    const last = rows.at(-1);
    cursor = last ? last.id - 1 : 0;
    return rows.length === CHUNK;
  };

  const begin = () => {
    // Facts changed from here on are read again; the build reads the rest as they then are.
    factsSeenUpTo = selectLastFactChange.get()?.seq ?? 0;
    const top = selectTop.get()?.top ?? 0;
    cursor = top;
    uncounted = top;
    total = 0;
    phase = "building";
  };

  /** Counts the next range of ids not yet counted; false once every id is. */
  const countStep = (): boolean => {
    if (uncounted <= 0) return false;
    const from = Math.max(0, uncounted - COUNT_STEP);
    total += countRange.get(from, uncounted)?.n ?? 0;
    uncounted = from;
    return uncounted > 0;
  };

  const finish = () => {
    phase = "ready";
    uncounted = 0;
    cursor = 0;
    for (const resolve of waiting.splice(0)) resolve();
  };

  const buildNow = () => {
    if (phase !== "idle") return;
    begin();
    while (readChunk());
    finish();
  };

  const state = (): SearchState => {
    // Asked before the build's slices have counted (a search in the first turn after the listen): counted now.
    while (countStep());
    return { ready: phase === "ready", indexed: index.rows, total: Math.max(total, index.rows) };
  };

  return {
    /**
     * Reads every stored request in slices of a few milliseconds, newest first, each slice in its own turn
     * of the event loop so the server answers in between. The first slice runs at once: a small database is
     * searchable before the call returns.
     */
    start(options: BuildOptions = {}) {
      if (phase !== "idle") return;
      const started = performance.now();
      const schedule = options.schedule ?? ((next: () => void) => setImmediate(next));
      begin();
      let slices = 1;
      const slice = () => {
        let more: boolean;
        try {
          flush();
          const until = performance.now() + (options.sliceMs ?? SLICE_MS);
          // The first slice (before the listen) reads one chunk and counts nothing: both grow with the rows.
          if (slices > 1) while (countStep() && performance.now() < until);
          do more = readChunk();
          while (more && performance.now() < until && slices > 1);
          // Every row read: how many there are is known without counting the rest.
          if (!more) uncounted = 0;
        } catch (error) {
          phase = "failed";
          options.onError?.(error);
          return;
        }
        if (more) {
          slices++;
          return schedule(slice);
        }
        finish();
        // A large build leaves about as much garbage as the index it made (decrypted text, split words): a
        // collection asked for now returns it instead of leaving the process at twice the size. Asked for, not
        // run here: a full collection on this thread held the requests of that moment for tens of ms.
        if (slices > 1) Bun.gc(false);
        options.onReady?.(state(), performance.now() - started);
      };
      slice();
    },
    /** Builds the whole index now, if nothing started it (tools and tests that search without a server). */
    buildNow,
    /** Resolves once every stored request has been read. */
    whenReady(): Promise<void> {
      return phase === "ready" ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    state,
    /** A new intake. */
    put(id: number, fields: SearchFields, submittedAt: string) {
      queue({ kind: "put", id, words: rowWords(fields), orderMs: Date.parse(submittedAt) });
    },
    /** An intake deleted, with the fields it had (its words leave the index with it). */
    remove(id: number, fields: SearchFields) {
      queue({ kind: "remove", id, words: rowWords(fields), orderMs: Number.NaN });
    },
    /** Ids of the requests with every word of `q`, in no particular order; see `state` for completeness. */
    match(q: string): number[] {
      if (phase === "idle") buildNow();
      flush();
      return index.match(queryTerms(q));
    },
    /** The ids whose status, service, role and matter type are the given ones, as last committed. */
    narrow(ids: readonly number[], wanted: Partial<Facts>) {
      syncFacts();
      return facts.narrow(ids, wanted);
    },
    /**
     * One page of `ids` newest first (by the time they were submitted, then id), as the desk lists them,
     * without sorting them all: a bounded heap of the first offset + limit.
     */
    newestFirst(ids: readonly number[], offset: number, limit: number): number[] {
      return newestPage(ids, index.orders, offset, limit);
    },
    /** Distinct words held (for the figures). */
    get words() {
      return index.wordCount;
    },
  };
}

export type SubmissionSearch = ReturnType<typeof createSubmissionSearch>;
