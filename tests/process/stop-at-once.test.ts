import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, binaryEnv } from "../helpers/binary";
import { freePorts } from "../helpers/ports";

/**
 * A stop asked for the moment the server says anything is a clean stop: systemd, a script or an operator may send
 * SIGTERM as soon as a line appears, and the default action would end the process without closing the database
 * or finishing its log (exit 143). Each line the start writes is tried as that moment.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function stopAtLine(n: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "tracewell-stop-at-once-"));
  dirs.push(dataDir);
  const [port] = freePorts(1) as [number];
  const proc = Bun.spawn([BINARY], { env: binaryEnv(dataDir, port), stdout: "pipe", stderr: "pipe" });
  const decoder = new TextDecoder();
  let out = "";
  let signalled = "";
  for await (const chunk of proc.stdout) {
    out += decoder.decode(chunk, { stream: true });
    const lines = out.split("\n").filter(Boolean);
    if (!signalled && lines.length >= n) {
      signalled = lines[n - 1] ?? "";
      proc.kill("SIGTERM");
    }
  }
  return { code: await proc.exited, signalled, out };
}

for (const n of [1, 2, 3]) {
  test(`SIGTERM at the start's line ${n} stops cleanly: exit 0, "stopped" logged`, async () => {
    const { code, signalled, out } = await stopAtLine(n);
    expect(signalled).not.toBe("");
    expect({ code, stopped: out.includes('"event":"stopped"') }).toEqual({ code: 0, stopped: true });
  });
}
