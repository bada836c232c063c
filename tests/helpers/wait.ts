/**
 * Waiting in tests on what another process, a timer or a stream does: on the condition itself, checked every
 * few milliseconds, never for a fixed time (too short on a busy machine, longer than needed on an idle one).
 * Plain timers only, so the browser tests' helpers under Node can use it too.
 */

type Options = { timeoutMs?: number; everyMs?: number };
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether `check` came to hold within `timeoutMs`: for callers whose own assertions then say what is missing. */
export async function eventually(
  check: () => unknown | Promise<unknown>,
  { timeoutMs = 10_000, everyMs = 10 }: Options = {},
): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; ; await pause(everyMs)) {
    if (await check()) return true;
    if (Date.now() >= until) return false;
  }
}

/** What `check` answers once it answers something (not false, null or undefined); fails naming `what` if never. */
export async function waitUntil<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, everyMs = 10 }: Options = {},
): Promise<Exclude<T, false | null | undefined>> {
  let value: T | undefined;
  const held = await eventually(
    async () => {
      value = await check();
      return value !== false && value !== null && value !== undefined;
    },
    { timeoutMs, everyMs },
  );
  if (!held) throw new Error(`${what}: not within ${timeoutMs} ms`);
  return value as Exclude<T, false | null | undefined>;
}
