import type { Logger } from "../log";

/**
 * The one way the server repeats time-driven work (the desk's digest, the subscriptions' day, the retention purge,
 * the expiry of unfinished uploads, the backup schedule and its watch): the work runs now and then every `ms`; a
 * throw or a rejected promise is logged as `<name>_error` and the next turn runs as usual; a turn that comes while the
 * last one's promise is still pending (a month's statements rendering) is left be, so no job runs over itself; the
 * timer never keeps a command from ending. Whether a turn has anything to do is the job's own question, asked against the injected
 * clock and what scheduled_runs remembers, so a second timer or a restart does nothing twice.
 */
export function every(opts: {
  name: string;
  ms: number;
  run: () => unknown;
  logger: Pick<Logger, "error">;
  /** False: the first turn is after `ms`, not now. */
  immediately?: boolean;
}): () => void {
  const failed = (error: unknown) =>
    opts.logger.error(`${opts.name}_error`, {
      error: error instanceof Error ? error.message : String(error),
    });
  let running = false;
  const turn = () => {
    if (running) return;
    try {
      const result = opts.run();
      if (result instanceof Promise) {
        running = true;
        result.catch(failed).finally(() => {
          running = false;
        });
      }
    } catch (error) {
      failed(error);
    }
  };
  const timer = setInterval(turn, opts.ms);
  timer.unref?.();
  if (opts.immediately !== false) turn();
  return () => clearInterval(timer);
}
