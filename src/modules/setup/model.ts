import { existsSync, statSync } from "node:fs";
import { dirname, relative } from "node:path";

/** What the setup list reads, each from the feature that owns it (app.ts hands them over). */
export type SetupSources = {
  /** The firm's published people, with their credentials ("" or null when none is given). */
  people: () => readonly { credentials: string | null }[];
  brand: { address: string; licences: string };
  /** The letter's dispute terms: a letter is not sent while one is missing. */
  letterTerms: { arbitrationProvider?: string; venue?: string; governingLaw?: string };
  paymentUrl: string | undefined;
  /** Whether the firm has said how it holds consultations (a phone number or a video link). */
  consultationPlace: () => boolean;
  /** Whether mail is set up, and whether one has ever been delivered. */
  mail: { configured: boolean; delivered: () => boolean };
  /** Whether uploads are scanned by ClamAV's clamd (CLAMD_URL, ADR 296). */
  scanning: { configured: boolean };
  /**
   * The data key, when it is the data folder's own file (DATA_DIR/data-key, made by the first start; null when
   * DATA_KEY holds it): its path, its id, and whether an owner said a copy is kept elsewhere (ADR 286).
   */
  dataKey: {
    file: string | null;
    keyId: string;
    copyConfirmed: () => { at: string; by: string } | null;
  };
  backups: {
    dataDir: string;
    dir: string;
    s3: boolean;
    /** When the newest backup that succeeded was taken, or null. */
    lastGoodAt: () => string | null;
  };
};

/**
 * A backup kept only in the data folder goes with the disk it is meant to survive: a destination counts when it
 * is S3-compatible storage or a backup folder outside the data folder.
 */
export function hasBackupDestination(b: { dataDir: string; dir: string; s3: boolean }): boolean {
  if (b.s3) return true;
  const rel = relative(b.dataDir, b.dir);
  return rel.startsWith("..") || rel.startsWith("/");
}

/** The device of a path, or of its nearest folder that exists (a backup folder not made yet). */
function deviceOf(path: string): number {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return statSync(at).dev;
}

/**
 * Whether every backup sits on the disk that holds the data key's file (ADR 286): no S3, and the backup folder on
 * the key's filesystem. One lost disk then loses the key and every backup with it.
 */
export function backupsBesideKey(keyFile: string | null, b: { dir: string; s3: boolean }): boolean {
  if (!keyFile || b.s3 || !existsSync(keyFile)) return false;
  return deviceOf(b.dir) === statSync(keyFile).dev;
}

/** Names what is still unset, in words: "BRAND_ADDRESS and BRAND_LICENCES". */
export const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
