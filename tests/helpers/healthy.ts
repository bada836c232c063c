/**
 * Waits until a started binary answers GET /healthz with 200, for up to 10 s. With `proc`, a server that
 * exits while starting fails at once with its exit code.
 */
export async function waitHealthy(base: string, proc?: { exitCode: number | null }): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (proc && proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await Bun.sleep(25);
  }
  throw new Error("server did not start");
}
