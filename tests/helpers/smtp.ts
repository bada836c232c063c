import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eventually } from "./wait";

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives; it can refuse chosen recipients, quoting the
 * address as real servers do (so a test can check the quoted address is stored encrypted like the rest). A slow
 * one takes `delayMs` to accept each message; a held one accepts nothing until its `gate` opens; a flaky one
 * answers the first `failFirst` messages with a temporary failure (451), as a server that is busy does.
 */
export function smtpServer(
  port: number,
  opts: { refuse?: string[]; delayMs?: number; gate?: () => Promise<void>; failFirst?: number } = {},
) {
  const received: ParsedMail[] = [];
  /** The messages refused for now, parsed: what an attempt that failed would have delivered. */
  const refused: ParsedMail[] = [];
  /** Messages whose content has begun to arrive, accepted or not yet. */
  let arriving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.includes(address.address)) {
        return callback(
          Object.assign(new Error(`<${address.address}>: No such mailbox`), { responseCode: 550 }),
        );
      }
      callback();
    },
    onData(stream, _session, callback) {
      arriving++;
      simpleParser(stream)
        .then(async (mail) => {
          if (refused.length < (opts.failFirst ?? 0)) {
            refused.push(mail);
            throw Object.assign(new Error("Try again later"), { responseCode: 451 });
          }
          await opts.gate?.();
          // A slow mail server is the test: each message takes this long to be taken.
          if (opts.delayMs) await Bun.sleep(opts.delayMs);
          received.push(mail);
        })
        .then(
          () => callback(),
          (error) => callback(error),
        );
    },
  });
  return {
    received,
    refused,
    arriving: () => arriving,
    /**
     * What `pick` finds in the first mail that has it, waiting for it to arrive: at once, or at the outbox's
     * next poll (15 s) if it was busy. Fails naming `what` when it never comes.
     */
    async waitFor<T>(what: string, pick: (mail: ParsedMail) => T | null | undefined, timeoutMs = 30_000) {
      const first = () => {
        for (const mail of received) {
          const found = pick(mail);
          if (found !== null && found !== undefined) return found;
        }
        return undefined;
      };
      if (!(await eventually(() => first() !== undefined, { timeoutMs, everyMs: 50 })))
        throw new Error(`${what} never arrived`);
      return first() as T;
    },
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
