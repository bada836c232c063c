/**
 * How the work a start leaves for after the listen is done (ADR 289): in small steps, each a few rows in a
 * transaction of its own, run one after another for about `sliceMs`, then the event loop's turn (`pause`), so a
 * request that arrives meanwhile waits at most one slice.
 */
export type Slicing = {
  /** How long one slice runs before the event loop has its turn. */
  sliceMs?: number;
  /** What lets the event loop run between slices; tests pass their own to count or hold slices. */
  pause?: () => Promise<void>;
  /** Aborted (the server stopping): no further slice starts; what was done stays done. */
  signal?: AbortSignal;
};

export const SLICE_MS = 10;

/** The event loop's turn: I/O (a request arriving) is taken before the next slice. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `step` (one batch; true while there is more) until it answers false, a pause before each slice. */
export async function inSlices(
  step: () => boolean,
  { sliceMs = SLICE_MS, pause = nextTurn, signal }: Slicing = {},
) {
  let more = true;
  while (more) {
    await pause();
    if (signal?.aborted) return;
    const until = performance.now() + sliceMs;
    do more = step();
    while (more && performance.now() < until);
  }
}
