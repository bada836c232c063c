import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError, parseDataKeys } from "../../config";
import { DataKeyError } from "../../db/cipher";
import type { Logger } from "../../log";
import { DATA_KEY_FILE } from "../../secrets";
import { backupSettings } from "./model";
import { createBackupService } from "./service/index";

/**
 * The data keys a backup command uses: DATA_KEY, else DATA_DIR/data-key. A command never makes one: a backup
 * sealed with a key nobody kept could never be opened.
 */
export function commandKeys(config: Config): Uint8Array[] {
  if (config.dataKeys?.length) return config.dataKeys;
  const file = join(config.dataDir, DATA_KEY_FILE);
  if (existsSync(file)) return parseDataKeys(readFileSync(file, "utf8"));
  throw new DataKeyError(
    `DATA_KEY is not set and ${file} does not exist. Backups are sealed and opened with the data key: run this command with the server's environment, which sets DATA_KEY.`,
  );
}

/** What `backup list` says of each kind: what made it, and whether the keep rule may delete it. */
const KIND_WORDS = {
  scheduled: "scheduled",
  manual: "manual (kept until you delete it)",
  upgrade: "before an upgrade (kept until you delete it; restore it to roll back)",
} as const;

const formatBytes = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : n >= 1024
      ? `${(n / 1024).toFixed(1)} kB`
      : `${n} bytes`;

export async function backupCli(
  argv: string[],
  deps: {
    config: Config;
    env: Record<string, string | undefined>;
    logger: Logger;
    app: { name: string; version: string };
  },
): Promise<number> {
  const { config } = deps;
  const settings = backupSettings(deps.env, { dataDir: config.dataDir, timeZone: config.desk.timeZone });
  const service = createBackupService({
    settings,
    dataDir: config.dataDir,
    keys: () => commandKeys(config),
    app: deps.app,
    now: () => new Date(),
    logger: deps.logger,
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const [command, action, ...rest] = argv;
  try {
    if (command === "restore") {
      const source = action;
      const intoAt = rest.indexOf("--into");
      const into = intoAt >= 0 ? rest[intoAt + 1] : undefined;
      if (!source || !into) {
        process.stderr.write("Usage: tracewell restore <file|s3://bucket/key> --into <folder>\n");
        return 2;
      }
      const restored = await service.restore(source, into);
      out(
        `Restored the backup of ${restored.createdAt} (schema ${restored.schemaVersion}, ${restored.files} files) into ${restored.into}, verified first. Start the server with DATA_DIR=${restored.into} and the data key.`,
      );
      return 0;
    }
    if (action === "list") {
      let unreachable = 0;
      for (const target of await service.list()) {
        if (target.error !== null) {
          unreachable++;
          out(`${target.where} (could not be reached: its backups are not listed)`);
          process.stderr.write(`${target.error}\n`);
          continue;
        }
        out(`${target.where} (${target.items.length} backups)`);
        for (const item of target.items)
          out(
            `  ${item.name}  ${item.at.toISOString()}  ${formatBytes(item.bytes)}  ${KIND_WORDS[item.kind]}`,
          );
      }
      // The folder is listed whatever the bucket does; the exit code says a target could not be read.
      return unreachable > 0 ? 1 : 0;
    }
    if (action === "verify") {
      const source = rest[0];
      if (!source) {
        process.stderr.write("Usage: tracewell backup verify <file|s3://bucket/key>\n");
        return 2;
      }
      const v = await service.verify(source);
      out(
        `Verified ${source}: taken ${v.createdAt}, schema ${v.schemaVersion}, ${v.files} files (${formatBytes(v.bytes)}), integrity ok, data key proofs ok, every SHA-256 matches.`,
      );
      return 0;
    }
    if (action?.startsWith("-")) {
      process.stderr.write(
        "Usage: tracewell backup [<file>] | backup list | backup verify <file|s3://...>\n",
      );
      return 2;
    }
    if (action) {
      const done = await service.backupTo(action);
      out(
        `Backed up to ${done.file} (${formatBytes(done.bytes)}, ${done.manifest.files.length} files), verified.`,
      );
      return 0;
    }
    const run = await service.run({ manual: true });
    if (!run.ok) {
      process.stderr.write(`The backup failed: ${run.error}\n`);
      return 1;
    }
    out(`Backed up ${run.name} (${formatBytes(run.bytes)}), verified, to ${run.targets.join(" and ")}.`);
    return 0;
  } catch (error) {
    if (error instanceof DataKeyError || error instanceof ConfigError) throw error;
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
