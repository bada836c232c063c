import { cleanFileName, type DocumentKind, type DocumentView } from "../../../contracts/documents";
import type { Sealed } from "../../../store";

export type DocumentRow = DocumentView & {
  rowId: number;
  engagementId: number;
  fileId: string;
  fileKey: Buffer;
  /** Null: usable; held: arrived whole, not yet scanned; quarantined: the scanner flagged it (ADR 304). */
  scan: "held" | "quarantined" | null;
  scanAt: string | null;
  signature: string | null;
};

type Stored = Omit<DocumentRow, "fileKey" | "kind" | "scan"> & {
  fileKey: string;
  kind: string | null;
  scan: string | null;
};

const COLUMNS = `id AS rowId, public_id AS id, engagement_id AS engagementId, direction, file_id AS fileId,
  file_key AS fileKey, name, kind, size, received, sha256, created_at AS createdAt, completed_at AS completedAt,
  expires_at AS expiresAt, opened_at AS openedAt, report_at AS reportAt, received_at AS receivedAt,
  sweep_at AS sweepAt, scan, scan_at AS scanAt, signature,
  CASE WHEN scan = 'held' THEN scan_at END AS heldAt`;

/** A quarantined file is no one's to read (ADR 304): every look-up by id or engagement leaves it out. */
const USABLE = "scan IS NOT 'quarantined'";

/**
 * The documents table. A file's key and name are personal data: encrypted on write, decrypted on read. Every
 * look-up by a public id also names the engagement, so one engagement's id never reaches another's file.
 */
export function documentsRepo({ db, cipher }: Sealed) {
  const insert = db.prepare<
    { id: number },
    [string, number, string, string, string, string, number, string, string | null, number | null]
  >(
    `INSERT INTO documents (public_id, engagement_id, direction, file_id, file_key, name, size, created_at,
       expires_at, uploaded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const byPublic = db.prepare<Stored, [string, number]>(
    `SELECT ${COLUMNS} FROM documents WHERE public_id = ? AND engagement_id = ? AND ${USABLE}`,
  );
  const ofEngagement = db.prepare<Stored, [number]>(
    `SELECT ${COLUMNS} FROM documents WHERE engagement_id = ? AND ${USABLE} ORDER BY created_at, id`,
  );
  const reserved = db.prepare<{ total: number }, [number]>(
    "SELECT coalesce(sum(size), 0) AS total FROM documents WHERE engagement_id = ?",
  );
  const expired = db.prepare<Stored, [string]>(
    `SELECT ${COLUMNS} FROM documents WHERE completed_at IS NULL AND expires_at <= ?`,
  );
  const held = db.prepare<Stored, []>(
    `SELECT ${COLUMNS} FROM documents WHERE scan = 'held' ORDER BY scan_at, id`,
  );
  const quarantinedBefore = db.prepare<{ rowId: number }, [string]>(
    "SELECT id AS rowId FROM documents WHERE scan = 'quarantined' AND scan_at <= ?",
  );
  const readable = (s: Stored | null): DocumentRow | null =>
    s && {
      ...s,
      kind: s.kind as DocumentKind | null,
      scan: s.scan as DocumentRow["scan"],
      // Cleaned as it is read too: a name stored before names were cleaned of bidi controls (ADR 220).
      name: cleanFileName(cipher.decrypt(s.name)),
      fileKey: Buffer.from(cipher.decrypt(s.fileKey), "base64"),
    };

  type NewDocument = {
    publicId: string;
    engagementId: number;
    direction: "client" | "firm";
    fileId: string;
    fileKey: Uint8Array;
    name: string;
    size: number;
    at: string;
    expiresAt: string | null;
    uploadedBy: number | null;
  };
  const create = (d: NewDocument) =>
    (
      insert.get(
        d.publicId,
        d.engagementId,
        d.direction,
        d.fileId,
        cipher.encrypt(Buffer.from(d.fileKey).toString("base64")),
        cipher.encrypt(d.name),
        d.size,
        d.at,
        d.expiresAt,
        d.uploadedBy,
      ) as { id: number }
    ).id;
  /**
   * The row, only if the engagement's files and uploads with it stay within `limit` bytes: the sum is read and
   * the row written in one IMMEDIATE transaction, so no other creation (of this process or another) counts the
   * same room. Answers the row's id, or null when it would not fit.
   */
  const reserve = db.transaction((d: NewDocument, limit: number) =>
    (reserved.get(d.engagementId)?.total ?? 0) + d.size > limit ? null : create(d),
  );

  return {
    reserve: (d: NewDocument, limit: number): number | null => reserve.immediate(d, limit),
    find: (publicId: string, engagementId: number) => readable(byPublic.get(publicId, engagementId)),
    list: (engagementId: number) => ofEngagement.all(engagementId).map((s) => readable(s) as DocumentRow),
    /** Bytes the engagement's files take or have asked for (unfinished uploads count at their full size). */
    reserved: (engagementId: number) => reserved.get(engagementId)?.total ?? 0,
    setKind: (rowId: number, kind: DocumentKind) =>
      db.run("UPDATE documents SET kind = ? WHERE id = ?", [kind, rowId]),
    setReceived: (rowId: number, received: number) =>
      db.run("UPDATE documents SET received = ? WHERE id = ?", [received, rowId]),
    complete: (rowId: number, sha256: string, at: string) =>
      db.run(
        `UPDATE documents SET received = size, sha256 = ?, completed_at = ?, expires_at = NULL, scan = NULL,
           scan_at = NULL WHERE id = ?`,
        [sha256, at, rowId],
      ),
    /** Arrived whole, not yet scanned (ADR 304): never expires, never finished until the scan says clean. */
    hold: (rowId: number, sha256: string, at: string) =>
      db.run(
        "UPDATE documents SET received = size, sha256 = ?, expires_at = NULL, scan = 'held', scan_at = ? WHERE id = ?",
        [sha256, at, rowId],
      ),
    /** The scanner flagged it: kept sealed, out of every list and download, until `quarantinedBefore` finds it. */
    quarantine: (rowId: number, sha256: string, signature: string, at: string) =>
      db.run(
        `UPDATE documents SET received = size, sha256 = ?, completed_at = NULL, expires_at = NULL,
           scan = 'quarantined', scan_at = ?, signature = ? WHERE id = ?`,
        [sha256, at, signature, rowId],
      ),
    /** Every engagement's files waiting for their scan, oldest first. */
    held: () => held.all().map((s) => readable(s) as DocumentRow),
    /** Quarantined files kept since `at` or before: their time is up. */
    quarantinedBefore: (at: string) => quarantinedBefore.all(at).map((r) => r.rowId),
    /** The first time only: later downloads keep the first time. */
    markOpened: (rowId: number, at: string) =>
      db.run("UPDATE documents SET opened_at = coalesce(opened_at, ?) WHERE id = ?", [at, rowId]).changes > 0,
    markReceived: (rowId: number, at: string) =>
      db.run(
        "UPDATE documents SET received_at = ? WHERE id = ? AND received_at IS NULL AND (report_at IS NOT NULL OR sweep_at IS NOT NULL)",
        [at, rowId],
      ).changes > 0,
    /** A sweep report, once: answers whether this marking was the first. */
    markSweep: (rowId: number, at: string) =>
      db.run("UPDATE documents SET sweep_at = ? WHERE id = ? AND sweep_at IS NULL", [at, rowId]).changes > 0,
    markReport: (rowId: number, at: string) =>
      db.run("UPDATE documents SET report_at = ? WHERE id = ?", [at, rowId]),
    remove: (rowId: number) => db.run("DELETE FROM documents WHERE id = ?", [rowId]),
    expired: (at: string) => expired.all(at).map((s) => readable(s) as DocumentRow),
    /** Files whose rows were deleted (by the trigger of migration 017), still to leave the disk. */
    deletedFiles: () =>
      db
        .query<{ fileId: string }, []>("SELECT file_id AS fileId FROM document_files_deleted")
        .all()
        .map((f) => f.fileId),
    forgetDeletedFile: (fileId: string) =>
      db.run("DELETE FROM document_files_deleted WHERE file_id = ?", [fileId]),
  };
}

export type DocumentsRepo = ReturnType<typeof documentsRepo>;

/** What a caller outside the server may see of a row: never its file id or key. */
export const viewOf = (d: DocumentRow): DocumentView => ({
  id: d.id,
  direction: d.direction,
  name: d.name,
  kind: d.kind,
  size: d.size,
  received: d.received,
  sha256: d.sha256,
  createdAt: d.createdAt,
  completedAt: d.completedAt,
  expiresAt: d.expiresAt,
  openedAt: d.openedAt,
  reportAt: d.reportAt,
  sweepAt: d.sweepAt,
  receivedAt: d.receivedAt,
  heldAt: d.heldAt,
});
