import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { waitUntil } from "./wait";

/**
 * The EICAR test file's 68 bytes: every scanner's agreed "this is a virus" that harms nothing. Written in two
 * halves so that no scanner on this machine flags this source file.
 */
export const EICAR = Buffer.from(
  `X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-${"ANTIVIRUS-TEST-FILE!$H+H*"}`,
);
/** The name clamd gives a match of the database below (an .ndb outside ClamAV's own is "UNOFFICIAL"). */
export const EICAR_SIGNATURE = "Test.EICAR.UNOFFICIAL";

/** Whether Debian's clamav-daemon is installed (scripts/setup.sh installs it for the tests). */
export const haveClamd = () => Bun.which("clamd") !== null || Bun.which("/usr/sbin/clamd") !== null;

/** A folder for a clamd of a test's own; its socket is `clamd.sock` in it (CLAMD_URL=unix:<folder>/clamd.sock). */
export const clamdFolder = () => mkdtempSync(join(tmpdir(), "tracewell-clamd-"));

const ping = (path: string) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ path });
    let said = "";
    s.on("connect", () => s.write("zPING\0"));
    s.on("data", (b) => {
      said += b.toString();
      if (said.includes("\0")) {
        s.destroy();
        resolve(said.startsWith("PONG"));
      }
    });
    s.on("error", () => resolve(false));
  });

/**
 * Debian's clamd, started for a test in the foreground on a unix socket of its own (and a TCP port if given), with
 * a signature database the test writes (an .ndb matching the EICAR string anywhere in a file): no network, no
 * freshclam. Resolves once it answers PING (it takes a few seconds to load). `stop` ends it and removes its folder.
 */
export async function startClamd(opts: { tcpPort?: number; dir?: string } = {}) {
  const dir = opts.dir ?? clamdFolder();
  const db = join(dir, "db");
  mkdirSync(db);
  writeFileSync(join(db, "test.ndb"), `Test.EICAR:0:*:${EICAR.toString("hex")}\n`);
  const socket = join(dir, "clamd.sock");
  const conf = join(dir, "clamd.conf");
  writeFileSync(
    conf,
    [
      "Foreground yes",
      `DatabaseDirectory ${db}`,
      `LocalSocket ${socket}`,
      ...(opts.tcpPort ? [`TCPSocket ${opts.tcpPort}`, "TCPAddr 127.0.0.1"] : []),
      `LogFile ${join(dir, "clamd.log")}`,
      `PidFile ${join(dir, "clamd.pid")}`,
      // At least the largest upload the tests send: clamd refuses a longer stream (an ERROR, never "OK").
      "StreamMaxLength 64M",
      "",
    ].join("\n"),
  );
  const proc: Subprocess = Bun.spawn([Bun.which("clamd") ?? "/usr/sbin/clamd", "-c", conf], {
    stdout: "ignore",
    stderr: "pipe",
  });
  await waitUntil("clamd answering PING", async () => (proc.exitCode === null ? ping(socket) : true), {
    timeoutMs: 60_000,
    everyMs: 200,
  });
  if (proc.exitCode !== null)
    throw new Error(`clamd exited: ${await new Response(proc.stderr as ReadableStream).text()}`);
  return {
    url: `unix:${socket}`,
    socket,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
