import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { S3Client } from "bun";
import { type ArchiveKind, archiveOf, BackupSettingError, parseS3Url, type S3Target } from "../model";

export type Listed = { name: string; at: Date; bytes: number; kind: ArchiveKind };

/** Where archives are kept: the backup folder on this machine, and an S3-compatible bucket off it. */
export type Target = {
  kind: "folder" | "s3";
  /** Where, as an operator names it: the folder's path, or s3://bucket/prefix. */
  where: string;
  /** Sends an archive written in the backup folder (a no-op for the folder itself). */
  put(file: string, name: string): Promise<void>;
  list(): Promise<Listed[]>;
  remove(name: string): Promise<void>;
};

export function folderTarget(dir: string): Target {
  return {
    kind: "folder",
    where: dir,
    put: async () => {},
    list: async () => {
      if (!existsSync(dir)) return [];
      return readdirSync(dir).flatMap((name) => {
        const archive = archiveOf(name);
        return archive
          ? [{ name, at: archive.at, kind: archive.kind, bytes: statSync(join(dir, name)).size }]
          : [];
      });
    },
    remove: async (name) => rmSync(join(dir, name), { force: true }),
  };
}

export const s3Client = (target: Omit<S3Target, "url" | "prefix">) =>
  new S3Client({
    bucket: target.bucket,
    endpoint: target.endpoint,
    region: target.region,
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
  });

export function s3Target(target: S3Target): Target {
  const client = s3Client(target);
  return {
    kind: "s3",
    where: target.url,
    // Bun's client sends a large file in parts, read from disk as it goes.
    put: async (file, name) => {
      await client.write(`${target.prefix}${name}`, Bun.file(file));
    },
    list: async () => {
      const out: Listed[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix: target.prefix, continuationToken });
        for (const item of page.contents ?? []) {
          const name = item.key.slice(target.prefix.length);
          const archive = archiveOf(name);
          if (archive) out.push({ name, at: archive.at, kind: archive.kind, bytes: item.size ?? 0 });
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
      return out;
    },
    remove: async (name) => {
      await client.delete(`${target.prefix}${name}`);
    },
  };
}

/** An archive's bytes as a stream, from a file or from s3://bucket/key (the S3_* settings apply). */
export function openSource(
  source: string,
  s3: Pick<S3Target, "endpoint" | "region" | "accessKeyId" | "secretAccessKey"> | null,
): AsyncIterator<Uint8Array> {
  if (source.startsWith("s3://")) {
    const { bucket, prefix } = parseS3Url(source);
    const key = prefix.replace(/\/$/, "");
    if (!key) throw new BackupSettingError(`${source} names a bucket, not an archive in it`);
    const stream = s3Client({ bucket, ...s3 })
      .file(key)
      .stream();
    return stream[Symbol.asyncIterator]();
  }
  if (!existsSync(source)) throw new BackupSettingError(`No archive at ${source}`);
  return Bun.file(source).stream()[Symbol.asyncIterator]();
}
