/** The documents feature as the others see it. */
import type { DocumentView } from "../../../contracts/documents";
import type { Sealed } from "../../../store";
import { engagementFacts } from "../../engagements";
import { documentFiles } from "../lib/file-store";
import { downloadName } from "../lib/names";
import { documentsRepo, viewOf } from "../repo/documents";

/** A document as a data-rights export records it: where its file sits in the archive, if it is finished. */
export type ExportedDocument = DocumentView & { file: string | null };

/** One file of the export archive: its path in the archive, its size, and its plaintext read as it is sent. */
export type ExportedFile = {
  name: string;
  size: number;
  lastModified: Date;
  input: AsyncIterable<Uint8Array>;
};

/**
 * A request's documents for a data-rights export (ADR 180): what each is, with its SHA-256, and for every
 * finished one the decrypted file, read segment by segment only when the archive reaches it. Unfinished
 * uploads are listed without a file. The path in the archive is `documents/<reference>/<id>-<name>`: the id
 * keeps two files of one name apart, the name was cleaned of slashes and controls when it was stored and read,
 * and it ends in the extension of its content's kind, as a download's does (ADR 220).
 */
export function documentExport(
  store: Sealed,
  dataDir: string,
  submission: { id: number; reference: string },
): { records: ExportedDocument[]; files: ExportedFile[] } {
  const repo = documentsRepo(store);
  const engagementId = engagementFacts(store.db).ofSubmission(submission.id)?.id ?? null;
  if (engagementId === null) return { records: [], files: [] };
  const fileStore = documentFiles(dataDir);
  const records: ExportedDocument[] = [];
  const files: ExportedFile[] = [];
  for (const d of repo.list(engagementId)) {
    const file = d.completedAt
      ? `documents/${submission.reference}/${d.id}-${downloadName(d.name, d.kind)}`
      : null;
    records.push({ ...viewOf(d), file });
    if (file)
      files.push({
        name: file,
        size: d.size,
        lastModified: new Date(d.completedAt ?? d.createdAt),
        // Opened only when the archive reaches it, so one file at a time is read.
        input: (async function* () {
          yield* fileStore.read(d.fileId, d.fileKey);
        })(),
      });
  }
  return { records, files };
}
