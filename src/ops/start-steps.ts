/**
 * What each step of a start cost, by name, for the start log (ADR 289): the server's `listening` line names every
 * step before it listens, so a step whose cost grows with what is stored shows which it is. A step that runs again
 * adds to its figure.
 */
export type StartSteps = {
  /** Runs `work` and records its milliseconds under `name`; returns what it returned. */
  time<T>(name: string, work: () => T): T;
  /** Every step so far, in ms rounded to a tenth, in the order they first ran. */
  readonly figures: () => Record<string, number>;
};

export function startSteps(): StartSteps {
  const spent = new Map<string, number>();
  return {
    time(name, work) {
      const started = performance.now();
      try {
        return work();
      } finally {
        spent.set(name, (spent.get(name) ?? 0) + performance.now() - started);
      }
    },
    figures: () => Object.fromEntries([...spent].map(([name, ms]) => [name, Math.round(ms * 10) / 10])),
  };
}

/** A recorder that records nothing: what a command or a test passes where no start log is written. */
export const untimed: StartSteps = { time: (_name, work) => work(), figures: () => ({}) };
