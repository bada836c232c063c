import type { Database } from "bun:sqlite";
import type { Config } from "../../config";
import { ADMIN_HELP } from "../../contracts/commands-help";
import { NO_DATA_KEY } from "../../db/cipher";
import { silentLogger } from "../../log";
import { createAuthService } from "./service/index";

export { ADMIN_HELP };

type Io = {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => Promise<string>;
  isTty: boolean;
  promptHidden: (question: string) => Promise<string>;
};

/** `tracewell admin create|passwd <username>`: returns the exit code. */
export async function adminCli(
  args: string[],
  deps: { config: Config; openDb: () => Database; now: () => Date; io?: Partial<Io> },
): Promise<number> {
  const io: Io = { ...defaultIo(), ...deps.io };
  const [action, username, ...rest] = args;
  const fromStdin = rest.includes("--password-stdin");
  const unknown = rest.filter((a) => a !== "--password-stdin");
  if (
    (action !== "create" && action !== "passwd") ||
    !username ||
    username.startsWith("-") ||
    unknown.length
  ) {
    io.stderr(`Usage:\n${ADMIN_HELP}\n`);
    return 2;
  }

  let password: string;
  if (fromStdin) {
    password = (await io.readStdin()).split(/\r?\n/)[0] ?? "";
  } else if (io.isTty) {
    password = await io.promptHidden("New password (at least 12 characters): ");
    const again = await io.promptHidden("Repeat the password: ");
    if (again !== password) {
      io.stderr("The passwords do not match. Nothing was changed.\n");
      return 1;
    }
  } else {
    io.stderr("No terminal to ask for the password on: pass it on standard input with --password-stdin.\n");
    return 2;
  }

  const db = deps.openDb();
  try {
    const auth = createAuthService({
      store: { db, cipher: NO_DATA_KEY },
      config: deps.config,
      secrets: [],
      logger: silentLogger,
      now: deps.now,
    });
    const result =
      action === "create"
        ? await auth.createAdmin(username, password, "cli")
        : await auth.setPassword(username, password, "cli");
    if (!result.ok) {
      io.stderr(`${result.error.replace(/\.$/, "")}. Nothing was changed.\n`);
      return 1;
    }
    io.stdout(
      action === "create"
        ? `Admin "${username.trim()}" created.\n`
        : `Password for "${username.trim()}" changed; all of its sessions were signed out.\n`,
    );
    return 0;
  } finally {
    db.close();
  }
}

function defaultIo(): Io {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    readStdin: () => Bun.stdin.text(),
    isTty: Boolean(process.stdin.isTTY),
    promptHidden,
  };
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  process.stderr.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          finish();
          reject(new Error("Cancelled."));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}
