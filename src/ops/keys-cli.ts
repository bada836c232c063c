import { KEYS_HELP } from "../contracts/commands-help";
import { DATA_KEY_BYTES, type DataCipher } from "../db/cipher";
import { rotateStoredFiles } from "../db/encrypted-files";
import { rotateStoredValues } from "../db/encryption";
import { closeDatabase, type Database } from "../db/index";

export { KEYS_HELP };

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

const defaultIo: Io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

export const newDataKey = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(DATA_KEY_BYTES))).toString("base64");

/** `tracewell keys generate|rotate`: returns the exit code. Only `rotate` opens the data store. */
export function keysCli(
  args: string[],
  deps: { openStore: () => { db: Database; cipher: DataCipher; dataDir: string }; io?: Partial<Io> },
): number {
  const io: Io = { ...defaultIo, ...deps.io };
  const [action, ...rest] = args;
  if (rest.length || (action !== "generate" && action !== "rotate")) {
    io.stderr(`Usage:\n${KEYS_HELP}\n`);
    return 2;
  }
  if (action === "generate") {
    io.stdout(`${newDataKey()}\n`);
    return 0;
  }

  const { db, cipher, dataDir } = deps.openStore();
  try {
    const started = performance.now();
    const result = rotateStoredValues(db, cipher);
    // Everything else the key protects: files of the data folder, such as the sealing certificate.
    const files = rotateStoredFiles(dataDir, cipher);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const [newest, ...older] = cipher.keyIds;
    const andFiles = files.rewritten.length ? ` and ${files.rewritten.join(", ")}` : "";
    io.stdout(`Re-encrypted ${result.rewritten} values${andFiles} with key ${newest} in ${seconds} s.\n`);
    const remaining = result.remaining + files.remaining.length;
    if (remaining > 0) {
      io.stderr(
        `${remaining} values were written with an older key meanwhile: a server still runs with another key first in DATA_KEY. Restart it with the new DATA_KEY, then run "tracewell keys rotate" again. Keep every key until then.\n`,
      );
      return 1;
    }
    if (!result.walEmptied) {
      io.stdout(
        "The server holds the write-ahead log open: older ciphertexts leave it at its next checkpoint (at the latest when it stops).\n",
      );
    }
    io.stdout(
      older.length
        ? `Every stored value now uses key ${newest}. The older keys (${older.join(", ")}) are no longer needed by this database: set DATA_KEY to the new key alone and restart the server. Keep the older keys as long as you keep backups made before this rotation.\n`
        : `Every stored value uses key ${newest}, the only key configured.\n`,
    );
    return 0;
  } finally {
    closeDatabase(db);
  }
}
