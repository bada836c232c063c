import { eventually } from "./wait";

/**
 * Waits until a started binary answers GET /healthz with 200, for up to 10 s. With `proc`, a server that
 * exits while starting fails at once with its exit code.
 */
export async function waitHealthy(base: string, proc?: { exitCode: number | null }): Promise<void> {
  const up = await eventually(
    () => {
      if (proc && proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      return fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs: 10_000, everyMs: 25 },
  );
  if (!up) throw new Error("server did not start");
}
