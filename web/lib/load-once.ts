/**
 * A loader that fetches once and hands every caller the same promise; `use` turns what arrived into the result
 * (and may record it where a synchronous reader finds it). A failed fetch, such as a chunk lost to a network
 * blip, is forgotten, so the next call fetches again instead of failing forever.
 */
export function loadOnce<M, T>(load: () => Promise<M>, use: (fetched: M) => T): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().then(use, (error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
