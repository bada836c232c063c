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

type S3Place = Pick<S3Target, "bucket" | "endpoint" | "region">;

/** Where a bucket is, as an operator configured it: S3_ENDPOINT, else AWS in S3_REGION (Bun's default). */
export const s3Endpoint = (target: Pick<S3Target, "endpoint" | "region">) =>
  target.endpoint ?? `https://s3.${target.region ?? "us-east-1"}.amazonaws.com`;

/**
 * Bun's S3 client reports a connection that fails as "an unexpected error has occurred" with the cause in its
 * code alone (ConnectionRefused), and a store's refusal with the store's words (NoSuchBucket, "The specified
 * bucket does not exist"): what an operator reads must say which bucket, at which endpoint, and why.
 */
const S3_CAUSES: Record<string, string> = {
  ConnectionRefused:
    "the endpoint refused the connection (nothing listens there, or a firewall): check S3_ENDPOINT",
  ConnectionClosed: "the endpoint closed the connection before answering: check S3_ENDPOINT and its TLS",
  FailedToOpenSocket: "no connection could be opened to the endpoint: check S3_ENDPOINT and the network",
  Timeout: "the endpoint did not answer in time: check S3_ENDPOINT and the network",
  DNSError: "the endpoint's host name does not resolve: check S3_ENDPOINT",
  NoSuchBucket: "the bucket does not exist at this endpoint: check BACKUP_S3_URL, S3_ENDPOINT and S3_REGION",
  InvalidAccessKeyId: "the store does not know the access key: check S3_ACCESS_KEY_ID",
  SignatureDoesNotMatch: "the store refused the signature: check S3_SECRET_ACCESS_KEY (and S3_REGION)",
  AccessDenied:
    "the access key may not do this on the bucket: give the key write, list, read and delete on the prefix",
  AuthorizationHeaderMalformed: "the store refused the request's region: check S3_REGION",
  PermanentRedirect: "the bucket is in another region: check S3_REGION and S3_ENDPOINT",
};

/** The cause of an S3 failure in words: the store's own message, or what Bun's code means. */
export function s3Cause(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  const known = typeof code === "string" ? S3_CAUSES[code] : undefined;
  const vague = message === "" || /unexpected error/i.test(message);
  if (known) return vague ? `${known} (${code})` : `${message} (${code}): ${known.replace(/^[^:]*: /, "")}`;
  if (typeof code === "string" && code) return vague ? code : `${message} (${code})`;
  return message;
}

/** An S3 operation that failed, named with its bucket, object, endpoint and cause (never the credentials). */
export class S3TargetError extends Error {
  override name = "S3TargetError";
  constructor(
    readonly action: string,
    readonly where: string,
    readonly endpoint: string,
    readonly causeText: string,
  ) {
    super(`S3 ${action} ${where} at ${endpoint} failed: ${causeText}`);
  }
}

/** Runs one S3 operation; its failure becomes an S3TargetError naming the target and the cause. */
export async function onS3<T>(
  place: S3Place,
  action: string,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new S3TargetError(action, `s3://${place.bucket}/${key}`, s3Endpoint(place), s3Cause(error));
  }
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
      const key = `${target.prefix}${name}`;
      await onS3(target, "upload to", key, () => client.write(key, Bun.file(file)));
    },
    list: async () => {
      const out: Listed[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await onS3(target, "listing of", target.prefix, () =>
          client.list({ prefix: target.prefix, continuationToken }),
        );
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
      const key = `${target.prefix}${name}`;
      await onS3(target, "delete of", key, () => client.delete(key));
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
    const place = { bucket, endpoint: s3?.endpoint, region: s3?.region };
    const chunks = s3Client({ bucket, ...s3 })
      .file(key)
      .stream()
      [Symbol.asyncIterator]();
    // The download's first read is where a bucket that cannot be reached says so.
    return {
      next: () => onS3(place, "download of", key, () => chunks.next()),
      return: async () => (await chunks.return?.()) ?? { done: true, value: undefined },
    };
  }
  if (!existsSync(source)) throw new BackupSettingError(`No archive at ${source}`);
  return Bun.file(source).stream()[Symbol.asyncIterator]();
}

/** What `tracewell doctor` found of the bucket: each step it took, or the step that failed and why. */
export type S3Probe = { ok: true; where: string; endpoint: string } | { ok: false; error: S3TargetError };

/**
 * Puts a small object beside the backups, reads it back, checks its bytes and deletes it (ADR 293): the three
 * rights a backup needs (write, read, delete; list is the keep rule's and `backup list`'s, tried first). Its
 * name is no archive's, so nothing lists or keeps it, and a probe left by a failed delete is harmless.
 */
export async function probeS3(target: S3Target, at: Date): Promise<S3Probe> {
  const client = s3Client(target);
  const key = `${target.prefix}tracewell-doctor-probe-${at.getTime()}-${crypto.randomUUID().slice(0, 8)}`;
  const body = `tracewell doctor probe ${at.toISOString()}\n`;
  try {
    await onS3(target, "listing of", target.prefix, () => client.list({ prefix: target.prefix, maxKeys: 1 }));
    await onS3(target, "upload to", key, () => client.write(key, body));
    const read = await onS3(target, "download of", key, () => client.file(key).text());
    if (read !== body)
      throw new S3TargetError(
        "download of",
        `s3://${target.bucket}/${key}`,
        s3Endpoint(target),
        "the object read back differs from what was written",
      );
    await onS3(target, "delete of", key, () => client.delete(key));
    return { ok: true, where: `s3://${target.bucket}/${target.prefix}`, endpoint: s3Endpoint(target) };
  } catch (error) {
    if (error instanceof S3TargetError) return { ok: false, error };
    throw error;
  }
}
