import { DOCUMENT_MESSAGES as M } from "../../../contracts/documents";
import { IntegrityError, NotFoundError } from "../../../contracts/errors";
import type { Actor } from "../../audit";
import { appendAudit } from "../../audit";
import { downloadName } from "../lib/names";
import { release } from "../lib/release";
import { SegmentError } from "../lib/stream-cipher";
import { type DocumentRow, type DocumentsRepo, viewOf } from "../repo/documents";
import type { DocumentsDeps } from "./index";

/** A finished document's plaintext, read as it is sent (see `download`). */
export type DocumentDownload = {
  name: string;
  size: number;
  sha256: string;
  body: ReadableStream<Uint8Array>;
};

/**
 * The documents as either side reads them: the list, and a finished file's plaintext as a download, every
 * segment checked before the first byte goes out.
 */
export function downloadService(deps: DocumentsDeps, repo: DocumentsRepo) {
  const { store, files, engagements, logger, now } = deps;
  const { db } = store;

  /**
   * Reads every segment, so each tag is checked; throws SegmentError at the first that fails. No SHA-256: the
   * tags under the file's own key, the index and the final flag already prove the plaintext is the one sealed
   * (ADR 145), and hashing would cost more than decrypting. The plaintext read is dropped, and its memory
   * given back at once (release.ts): a 1 GB file is 16,384 segments.
   */
  async function verify(d: DocumentRow) {
    for await (const part of files.read(d.fileId, d.fileKey)) release(part);
  }

  /**
   * A stored file that no longer authenticates: one error line for whoever watches the server, and one audit
   * entry naming the document and who asked for it. Ids only: the file's name is personal data.
   */
  function integrityFailed(
    d: DocumentRow,
    stage: "before-first-byte" | "mid-stream",
    error: SegmentError,
    actor: Actor | null,
  ) {
    const submissionId = engagements.byId(d.engagementId)?.submissionId ?? null;
    logger?.error("document_integrity_failed", {
      document: d.id,
      submissionId,
      direction: d.direction,
      stage,
      reason: error.message,
    });
    appendAudit(db, {
      event: "document.integrity_failed",
      userId: actor?.id ?? null,
      username: actor?.username ?? null,
      clientAddress: actor?.clientAddress ?? null,
      detail: { submissionId, document: d.id, stage, by: actor ? "staff" : "client" },
      at: now(),
    });
  }

  return {
    list: (engagementId: number) => repo.list(engagementId).map(viewOf),

    /**
     * A finished document's plaintext as a download. Every segment is checked before the first byte is sent,
     * so a changed file is refused (IntegrityError) rather than cut off mid-way; a file changed after that check
     * ends the stream before the changed segment's bytes. Either way the refusal is in the audit log and the
     * server's log, naming the document (ADR 181). `actor` is the admin downloading, or null for the client.
     */
    async download(
      engagementId: number,
      publicId: string,
      onSent: (d: DocumentRow) => void,
      actor: Actor | null = null,
    ): Promise<DocumentDownload> {
      const d = repo.find(publicId, engagementId);
      if (!d?.completedAt) throw new NotFoundError("Not found");
      try {
        await verify(d);
      } catch (error) {
        if (!(error instanceof SegmentError)) throw error;
        integrityFailed(d, "before-first-byte", error, actor);
        throw new IntegrityError(M.integrity, { document: d.id });
      }
      onSent(d);
      const plain = files.read(d.fileId, d.fileKey);
      // A direct stream (Bun's): each segment is written to the response, which sends it or copies what the
      // socket cannot take yet, so nothing holds it after its write and its memory is given back at once
      // (release.ts); the write is awaited, so a slow client holds the reading back. A queued stream kept every
      // segment sent until the collector ran: the server grew by 62-70 MB during a 1 GB download (ADR 212).
      const source: Bun.DirectUnderlyingSource<Uint8Array> = {
        type: "direct",
        async pull(controller) {
          try {
            for await (const part of plain) {
              // Read before the release: a released segment reads as empty.
              const length = part.length;
              const taken = await controller.write(part);
              release(part);
              // Nothing taken: the client has gone; leaving the loop closes the file.
              if (taken === 0 && length > 0) return;
            }
            controller.close();
          } catch (error) {
            if (error instanceof SegmentError) integrityFailed(d, "mid-stream", error, actor);
            controller.close(error instanceof Error ? error : new Error(String(error)));
          }
        },
        cancel: () => void plain.return(undefined),
      };
      // The DOM's types, loaded here for the pages, do not know Bun's direct streams.
      const stream = new ReadableStream(source as unknown as UnderlyingDefaultSource<Uint8Array>);
      return { name: downloadName(d.name, d.kind), size: d.size, sha256: d.sha256 ?? "", body: stream };
    },
  };
}
