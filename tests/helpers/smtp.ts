import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on 127.0.0.1 that keeps what it receives, parsed. */
export function smtpServer(port: number) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
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

/** The text of an address header (To, Reply-To) as one string. */
export const addressText = (a: ParsedMail["to"] | ParsedMail["replyTo"]) =>
  a && !Array.isArray(a) ? a.text : Array.isArray(a) ? a.map((x) => x.text).join(", ") : "";
