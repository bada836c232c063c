import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives; it can refuse chosen recipients, quoting the
 * address as real servers do (so a test can check the quoted address is stored encrypted like the rest).
 */
export function smtpServer(port: number, opts: { refuse?: string[] } = {}) {
  const received: ParsedMail[] = [];
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
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  return {
    received,
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
