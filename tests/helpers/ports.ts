/** Distinct ports on 127.0.0.1 that nothing listens on right now (the kernel picks them), so runs never collide. */
export function freePorts(count: number): number[] {
  const probes = Array.from({ length: count }, () =>
    Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } }),
  );
  const ports = probes.map((p) => p.port);
  for (const p of probes) p.stop(true);
  return ports;
}
