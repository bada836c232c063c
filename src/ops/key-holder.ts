import { HOLDER_BEAT_MS, holdKeys } from "../db/data-key-holders";
import type { Logger } from "../log";
import type { DataStore } from "../store";
import { every } from "./every";

/**
 * The server's entry in the record of which keys the running servers hold (ADR 286): added at start, marked seen
 * every 30 s, removed at the stop. `tracewell keys rotate` refuses while a running server lacks the new key.
 * Returns the stop.
 */
export function holdDataKeys(store: Pick<DataStore, "db" | "cipher" | "clock">, logger: Logger): () => void {
  const held = holdKeys(store.db, store.cipher, store.clock);
  const stopBeat = every({
    name: "data_key_holder",
    ms: HOLDER_BEAT_MS,
    logger,
    immediately: false,
    run: held.beat,
  });
  return () => {
    stopBeat();
    held.stop();
  };
}
