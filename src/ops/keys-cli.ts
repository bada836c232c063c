import { KEYS_HELP } from "../contracts/commands-help";
import { DATA_KEY_BYTES, type DataCipher } from "../db/cipher";
import { type KeyHolder, serversWithoutKey } from "../db/data-key-holders";
import { rotateStoredFiles } from "../db/encrypted-files";
import { rotateStoredValues } from "../db/encryption";
import { closeDatabase, type Database } from "../db/index";
import { type Clock, systemClock } from "../store";

export { KEYS_HELP };

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

const defaultIo: Io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

export const newDataKey = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(DATA_KEY_BYTES))).toString("base64");

/** Why a rotation waits: each running server without the new key, and the way out (ADR 286). */
export function serversRefusal(
  servers: readonly KeyHolder[],
  newKeyId: string,
  now: Date,
  lead = "Nothing was re-encrypted",
): string {
  const each = servers
    .map((s) => {
      const ago = Math.max(0, Math.round((now.getTime() - new Date(s.seenAt).getTime()) / 1000));
      return `pid ${s.pid} on ${s.host}, started ${s.startedAt}, holding key${s.keyIds.length === 1 ? "" : "s"} ${s.keyIds.join(", ")} (seen ${ago} s ago)`;
    })
    .join("; ");
  const one = servers.length === 1;
  return `${lead}: ${one ? "a server" : `${servers.length} servers`} running on this data folder ${one ? "does" : "do"} not hold the new key ${newKeyId} (${each}). Rotating now would leave ${one ? "it" : "them"} unable to read what ${one ? "it" : "they"} stored: mail would wait and the desk would fail. Put the new key first in the server's DATA_KEY, keeping the old one (DATA_KEY=NEW,OLD), restart it (systemctl restart tracewell), then run "tracewell keys rotate" again.\n`;
}

/** `tracewell keys generate|rotate`: returns the exit code. Only `rotate` opens the data store. */
export function keysCli(
  args: string[],
  deps: {
    openStore: () => { db: Database; cipher: DataCipher; dataDir: string };
    io?: Partial<Io>;
    now?: Clock;
  },
): number {
  const now = deps.now ?? systemClock;
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
    const [writing] = cipher.keyIds as [string];
    // Every server running on this folder must hold the new key before a value is rewritten with it.
    const without = serversWithoutKey(db, writing, now());
    if (without.length > 0) {
      io.stderr(serversRefusal(without, writing, now()));
      return 1;
    }
    const started = performance.now();
    const result = rotateStoredValues(db, cipher);
    // Everything else the key protects: files of the data folder, such as the sealing certificate.
    const files = rotateStoredFiles(dataDir, cipher);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const [newest, ...older] = cipher.keyIds;
    const andFiles = files.rewritten.length ? ` and ${files.rewritten.join(", ")}` : "";
    io.stdout(`Re-encrypted ${result.rewritten} values${andFiles} with key ${newest} in ${seconds} s.\n`);
    const remaining = result.remaining + files.remaining.length;
    // A server started meanwhile without the new key: it reads none of what was just rewritten.
    const startedMeanwhile = serversWithoutKey(db, writing, now());
    if (startedMeanwhile.length > 0) {
      io.stderr(serversRefusal(startedMeanwhile, writing, now(), "Every value was re-encrypted, but"));
      return 1;
    }
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
