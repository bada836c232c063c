import { Database } from "bun:sqlite";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { forgetKeyHolders } from "../../../db/data-key-holders";
import type { Logger } from "../../../log";
import { holdOutbox } from "../../mail";
import { ArchiveError } from "../lib/archive-cipher";
import type { Manifest } from "../lib/container";
import { archiveName, type BackupSettings, DATABASE_IN_ARCHIVE, toKeep } from "../model";
import { checkExtracted, extractArchive, tempFolderBeside, writeArchive } from "./archive";
import { isEarlierReleaseBackup, placeEarlierReleaseBackup } from "./earlier";
import { folderTarget, type Listed, openSource, s3Target, type Target } from "./targets";

export type RunRecord = {
  at: string;
  ok: boolean;
  bytes: number;
  verified: boolean;
  name: string | null;
  targets: string[];
  error: string | null;
};

export type BackupDeps = {
  settings: BackupSettings;
  dataDir: string;
  /** The data keys, newest first: the newest seals, any of them opens. Read only when a backup needs them. */
  keys: () => readonly Uint8Array[];
  app: { name: string; version: string };
  now: () => Date;
  logger: Logger;
  /** Where each run's result is kept (the server's database); commands run without it. */
  record?: (run: RunRecord) => void;
};

export type Verified = {
  source: string;
  schemaVersion: number;
  createdAt: string;
  files: number;
  bytes: number;
};

export function createBackupService(deps: BackupDeps) {
  const { settings } = deps;
  const databaseFile = join(deps.dataDir, DATABASE_IN_ARCHIVE);
  const targets = (): Target[] => [
    folderTarget(settings.dir),
    ...(settings.s3 ? [s3Target(settings.s3)] : []),
  ];

  /** Opens an archive into a temporary folder beside `near`, checks it; the folder is left to the caller. */
  async function openChecked(source: string, near: string) {
    const keys = deps.keys();
    const dir = await tempFolderBeside(near, "verify");
    try {
      // A backup an earlier release wrote (a database file with its folders beside it) is checked as an archive is.
      const manifest: Manifest = isEarlierReleaseBackup(source)
        ? placeEarlierReleaseBackup(source, dir, deps.app)
        : await extractArchive(openSource(source, settings.s3), keys, dir);
      const checked = checkExtracted(dir, manifest, keys);
      return { dir, manifest, checked };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  async function verify(source: string): Promise<Verified> {
    const { dir, manifest, checked } = await openChecked(source, settings.dir);
    rmSync(dir, { recursive: true, force: true });
    return {
      source,
      schemaVersion: checked.schemaVersion,
      createdAt: manifest.createdAt,
      files: checked.files,
      bytes: checked.bytes,
    };
  }

  /** One archive to `file`, then verified. */
  async function backupTo(file: string) {
    const keys = deps.keys();
    const written = await writeArchive({
      databaseFile,
      dataDir: deps.dataDir,
      dataKey: keys[0] as Uint8Array,
      out: resolve(file),
      app: deps.app,
      now: deps.now(),
    });
    const verified = await verify(written.file);
    return { ...written, verified };
  }

  /**
   * Applies the keep rule to every target's scheduled backups; what it removes, by target. An operator's own
   * backups and the copies taken before upgrades are never the rule's to delete (ADR 287).
   */
  async function prune(): Promise<Record<string, string[]>> {
    const removed: Record<string, string[]> = {};
    for (const target of targets()) {
      const listed = (await target.list()).filter((item) => item.kind === "scheduled");
      const kept = toKeep(listed, settings.keep, settings.timeZone);
      for (const item of listed) {
        if (kept.has(item.name)) continue;
        await target.remove(item.name);
        removed[target.where] = [...(removed[target.where] ?? []), item.name];
      }
    }
    return removed;
  }

  let running: Promise<RunRecord> | null = null;

  /**
   * A backup to the configured targets: written in the backup folder, verified, sent off the machine, then the
   * keep rule. The result is recorded and logged whatever happens; one run at a time. A manual run (a command,
   * "Take a backup now") is named apart, and the keep rule never deletes it.
   */
  function run(opts: { manual?: boolean } = {}): Promise<RunRecord> {
    running ??= (async () => {
      const at = deps.now();
      const result: RunRecord = {
        at: at.toISOString(),
        ok: false,
        bytes: 0,
        verified: false,
        name: null,
        targets: [],
        error: null,
      };
      try {
        const name = archiveName(at, opts.manual ? "manual" : "scheduled");
        const file = join(settings.dir, name);
        const written = await backupTo(file);
        result.name = name;
        result.bytes = written.bytes;
        result.verified = true;
        result.targets.push(settings.dir);
        for (const target of targets()) {
          if (target.kind === "folder") continue;
          await target.put(file, name);
          result.targets.push(target.where);
        }
        result.ok = true;
        const removed = await prune();
        deps.logger.info("backup_done", { name, bytes: written.bytes, targets: result.targets, removed });
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
        deps.logger.error("backup_failed", { error: result.error, targets: result.targets });
      }
      deps.record?.(result);
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * What each target holds, newest first. A target that cannot be read (a bucket down) is listed with its error
   * and no items: the others, the folder on this machine first, are listed all the same.
   */
  async function list(): Promise<
    { where: string; kind: Target["kind"]; items: Listed[]; error: string | null }[]
  > {
    const out = [];
    for (const target of targets()) {
      try {
        const items = (await target.list()).sort((a, b) => b.at.getTime() - a.at.getTime());
        out.push({ where: target.where, kind: target.kind, items, error: null });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        out.push({ where: target.where, kind: target.kind, items: [], error: message });
      }
    }
    return out;
  }

  /**
   * Restores an archive into an empty (or new) folder: opened and checked beside it first, so a bad archive
   * places nothing; then every file is moved into place. The folder's outbox is held (ADR 287): a drill, or a
   * second machine, sends none of the backup's queued mail until the operator releases it; and the servers the
   * backup saw running are forgotten (none runs on the new folder).
   */
  async function restore(source: string, into: string) {
    const target = resolve(into);
    if (existsSync(target) && readdirSync(target).length > 0)
      throw new ArchiveError(`${target} is not empty: restore into a new or empty folder`);
    const { dir, manifest, checked } = await openChecked(source, dirname(target));
    try {
      await mkdir(target, { recursive: true, mode: 0o700 });
      for (const entry of readdirSync(dir)) await rename(join(dir, entry), join(target, entry));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    holdOutbox(target, {
      since: deps.now(),
      reason: `Restored from ${source}, a backup taken ${manifest.createdAt}`,
    });
    const restored = new Database(join(target, DATABASE_IN_ARCHIVE));
    try {
      forgetKeyHolders(restored);
    } finally {
      restored.close();
    }
    return {
      into: target,
      schemaVersion: checked.schemaVersion,
      createdAt: manifest.createdAt,
      files: checked.files,
    };
  }

  return {
    settings,
    targets: () => targets().map((t) => ({ kind: t.kind, where: t.where })),
    backupTo,
    run,
    running: () => running !== null,
    verify,
    restore,
    list,
    prune,
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
