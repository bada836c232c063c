import { connect, type Socket } from "node:net";
import type { ClamdAddress } from "../../../contracts/scanning";

/** What clamd found in a stream: nothing, or the signature it matched. */
export type ScanVerdict = { clean: true } | { clean: false; signature: string };

/** clamd could not be reached, or did not answer as it should: nothing can be said about the file. */
export class ScannerUnavailableError extends Error {
  override readonly name = "ScannerUnavailableError";
  /** True when clamd answered, but with no verdict (an ERROR such as its size limit): it is up, this file is not. */
  readonly answered: boolean;
  constructor(message: string, opts: { answered?: boolean } = {}) {
    super(message);
    this.answered = opts.answered ?? false;
  }
}

/** The most one INSTREAM chunk carries: clamd takes chunks of any size up to its StreamMaxLength in all. */
const CHUNK_BYTES = 64 * 1024;

/**
 * ClamAV's clamd over its INSTREAM command (ADR 296), on a TCP or unix socket: `zINSTREAM\0`, then the bytes in
 * chunks each prefixed by its length as 4 bytes in network order, a zero length to end; clamd answers one line,
 * `stream: OK` or `stream: <signature> FOUND` (or `... ERROR`), ended by NUL. A connection per scan, so a clamd
 * restarted in between is met afresh; anything but those answers (a refused connection, a timeout, an ERROR such
 * as "INSTREAM size limit exceeded") is ScannerUnavailableError: never a verdict of clean.
 */
export function clamdScanner(address: ClamdAddress, opts: { timeoutMs?: number } = {}) {
  const timeoutMs = opts.timeoutMs ?? 60_000;

  function open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket =
        address.kind === "unix"
          ? connect({ path: address.path })
          : connect({ host: address.host, port: address.port });
      socket.setTimeout(timeoutMs);
      const fail = (error: Error) => {
        socket.destroy();
        reject(new ScannerUnavailableError(`clamd could not be reached: ${error.message}`));
      };
      socket.once("error", fail);
      socket.once("timeout", () => fail(new Error("timed out")));
      socket.once("connect", () => {
        socket.off("error", fail);
        resolve(socket);
      });
    });
  }

  /** clamd's one reply line, up to its NUL (or the connection's end). */
  function reply(socket: Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      let text = "";
      const done = () => resolve(text.replace(/\0[\s\S]*$/, "").trim());
      socket.on("data", (b: Buffer) => {
        text += b.toString("utf8");
        if (text.includes("\0")) done();
      });
      socket.once("end", done);
      socket.once("close", done);
      socket.once("error", (e) => reject(new ScannerUnavailableError(`clamd failed: ${e.message}`)));
      socket.once("timeout", () => reject(new ScannerUnavailableError("clamd failed: timed out")));
    });
  }

  /** Writes `bytes`, waiting while the socket's buffer is full (memory stays flat whatever the file's size). */
  const write = (socket: Socket, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      if (socket.destroyed) return reject(new ScannerUnavailableError("clamd closed the connection"));
      if (socket.write(bytes)) resolve();
      else socket.once("drain", resolve);
    });

  async function scan(stream: AsyncIterable<Uint8Array>): Promise<ScanVerdict> {
    const socket = await open();
    const answered = reply(socket);
    // clamd may answer (and close) before the last chunk, e.g. when the stream passes its size limit.
    answered.catch(() => {});
    try {
      await write(socket, Buffer.from("zINSTREAM\0"));
      for await (const part of stream) {
        for (let at = 0; at < part.length; at += CHUNK_BYTES) {
          const chunk = part.subarray(at, at + CHUNK_BYTES);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(chunk.length);
          await write(socket, length);
          await write(socket, chunk);
        }
      }
      await write(socket, Buffer.alloc(4));
    } catch (error) {
      // What clamd said before it closed is its answer; a connection lost otherwise is no verdict.
      const said = await Promise.race([answered, Bun.sleep(1000).then(() => "")]).catch(() => "");
      socket.destroy();
      if (said) return verdictOf(said);
      throw error instanceof ScannerUnavailableError ? error : new ScannerUnavailableError(String(error));
    }
    try {
      return verdictOf(await answered);
    } finally {
      socket.destroy();
    }
  }

  /** Whether clamd answers PING with PONG: for /readyz and the operator's checks. */
  async function ping(): Promise<boolean> {
    try {
      const socket = await open();
      const answered = reply(socket);
      socket.write("zPING\0");
      const said = await answered;
      socket.destroy();
      return said === "PONG";
    } catch {
      return false;
    }
  }

  return { scan, ping };
}

/** clamd's reply as a verdict; an ERROR, or anything else, says nothing of the file. */
function verdictOf(said: string): ScanVerdict {
  if (said === "stream: OK") return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(said);
  if (found?.[1]) return { clean: false, signature: found[1] };
  throw new ScannerUnavailableError(`clamd answered: ${said || "nothing"}`, { answered: said !== "" });
}

export type ClamdScanner = ReturnType<typeof clamdScanner>;
