import { createHash, type Hash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { open } from "node:fs/promises";
import type { Config } from "../../config";
import {
  DOCUMENT_MESSAGES as M,
  TUS_VERSION,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_PATCH_MAX_BYTES,
  UPLOADS_PATH,
} from "../../contracts/documents";
import { forgetDeleted } from "../../db/index";
import type { Actor } from "../../http/admin-http";
import { bodyRefusal, isBodyError, readWithin } from "../../http/body-deadline";
import { createdAt } from "../../http/redirect";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import { appendAudit } from "../audit";
import { type DocumentRow, documentsRepo, viewOf } from "./documents.repo";
import type { DocumentFiles } from "./file-store";
import { SNIFF_BYTES, sniff } from "./sniff";
import {
  HEADER_BYTES,
  newFileKey,
  newHeader,
  SEALED_SEGMENT_BYTES,
  SEGMENT_BYTES,
  SegmentError,
  segmentSealer,
} from "./stream-cipher";

const HOUR_MS = 3_600_000;
const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;
const SIGNED = new Set(["signed", "engaged"]);
const FILENAME_MAX = 255;

const TUS = { "tus-resumable": TUS_VERSION, "cache-control": "no-store" };
const empty = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { ...TUS, ...headers } });
const refuse = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { ...TUS, ...headers } });

/** A refusal found while the body streams in: answered with its status, nothing of the request kept. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** tus's Upload-Metadata: comma-separated `key base64value` pairs. */
function metadata(raw: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (raw ?? "").split(",")) {
    const [key, value = ""] = pair.trim().split(" ");
    if (key) out.set(key, Buffer.from(value, "base64").toString("utf8"));
  }
  return out;
}

/** The name is shown, never used as a path: control characters and slashes go, and it is kept short. */
const cleanName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === "\u007f" || c === "/" || c === "\\" ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, FILENAME_MAX);

/** Bytes of the sealed file that hold the first `received` plaintext bytes (always whole segments). */
const sealedLength = (received: number) => HEADER_BYTES + (received / SEGMENT_BYTES) * SEALED_SEGMENT_BYTES;

/**
 * Uploads by the tus 1.0 protocol (core, creation, expiration, termination; ADR 146) and the documents they
 * make. Every call takes the engagement from the caller's session or the desk's request, never from the body.
 * The offset the server reports is always the end of the last whole sealed segment (or the file's end): bytes
 * of a segment not yet complete when a request ends are dropped and sent again by the client.
 */
export function createDocumentsService(deps: {
  store: DataStore;
  config: Config;
  files: DocumentFiles;
  logger?: Logger;
  now: () => Date;
}) {
  const { store, config, files } = deps;
  const { db } = store;
  const logger = deps.logger;
  const { now } = deps;
  const bodyTimeoutMs = deps.config.bodyTimeoutSeconds * 1000;
  const repo = documentsRepo(store);
  const limits = config.uploads;

  async function headerOf(d: DocumentRow) {
    const file = await open(files.pathOf(d.fileId), "r");
    try {
      const header = Buffer.alloc(HEADER_BYTES);
      await file.read(header, 0, HEADER_BYTES, 0);
      return header;
    } finally {
      await file.close();
    }
  }

  /** SHA-256 of the stored plaintext, reading every segment (so also proof the file is whole). */
  async function digest(d: DocumentRow) {
    const hash = createHash("sha256");
    for await (const part of files.read(d.fileId, d.fileKey)) hash.update(part);
    return hash.digest("hex");
  }

  /**
   * Reads every segment, so each tag is checked; throws SegmentError at the first that fails. No SHA-256: the
   * tags under the file's own key, the index and the final flag already prove the plaintext is the one sealed
   * (ADR 145), and hashing would cost more than decrypting.
   */
  async function verify(d: DocumentRow) {
    for await (const _ of files.read(d.fileId, d.fileKey));
  }

  /**
   * The SHA-256 of each unfinished upload as far as its sealed segments go, by row id: the next request goes on
   * from it instead of reading the whole file again at the end. Kept in memory only (a restart loses it, and the
   * file is read once at completion); an entry leaves with its upload's completion, removal or expiry.
   */
  const running = new Map<number, { hash: Hash; received: number }>();

  /** The row goes, and with it (after the commit, through forgetDeleted) the file and its old pages. */
  async function removeRow(d: DocumentRow) {
    running.delete(d.rowId);
    repo.remove(d.rowId);
    forgetDeleted(db);
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
    const submissionId = repo.engagement(d.engagementId)?.submissionId ?? null;
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

  const expired = (d: DocumentRow) =>
    d.completedAt === null && d.expiresAt !== null && d.expiresAt <= now().toISOString();

  return {
    repo,
    /** The configured limits, for the portal to state beside its drop zone. */
    limits: { maxBytes: limits.maxBytes, maxTotalBytes: limits.maxTotalBytes },
    options: () =>
      empty(204, {
        "tus-version": TUS_VERSION,
        "tus-extension": "creation,expiration,termination",
        "tus-max-size": String(limits.maxBytes),
      }),

    /** POST: a new upload, refused before any byte is stored when it could never fit. */
    async create(
      engagementId: number,
      headers: Headers,
      by: { direction: "client" | "firm"; adminId: number | null },
    ): Promise<Response> {
      if (headers.get("tus-resumable") !== TUS_VERSION)
        return refuse(412, M.version, { "tus-version": TUS_VERSION });
      const engagement = repo.engagement(engagementId);
      if (!engagement || (by.direction === "client" && !SIGNED.has(engagement.status)))
        return refuse(409, M.notSigned);
      const rawLength = headers.get("upload-length") ?? "";
      if (!/^\d{1,16}$/.test(rawLength)) return refuse(400, M.length);
      const length = Number(rawLength);
      if (length > limits.maxBytes) return refuse(413, M.tooLarge(limits.maxBytes));
      if (repo.reserved(engagementId) + length > limits.maxTotalBytes)
        return refuse(413, M.overTotal(limits.maxTotalBytes));
      const name = cleanName(metadata(headers.get("upload-metadata")).get("filename") ?? "");
      if (!name) return refuse(400, M.filename);

      const at = now();
      const publicId = randomBytes(16).toString("base64url");
      const fileId = files.newId();
      const expiresAt = new Date(at.getTime() + UPLOAD_EXPIRY_HOURS * HOUR_MS);
      await files.append(fileId, 0, [newHeader()]);
      repo.create({
        publicId,
        engagementId,
        direction: by.direction,
        fileId,
        fileKey: newFileKey(),
        name,
        size: length,
        at: at.toISOString(),
        expiresAt: expiresAt.toISOString(),
        uploadedBy: by.adminId,
      });
      return empty(201, {
        ...createdAt(`${UPLOADS_PATH}/${publicId}`),
        "upload-expires": expiresAt.toUTCString(),
        "upload-offset": "0",
      });
    },

    /** HEAD: where to resume. */
    head(engagementId: number, publicId: string): Response {
      const d = repo.find(publicId, engagementId);
      if (!d || expired(d)) return empty(404);
      return empty(200, {
        "upload-offset": String(d.received),
        "upload-length": String(d.size),
        ...(d.expiresAt ? { "upload-expires": new Date(d.expiresAt).toUTCString() } : {}),
      });
    },

    /**
     * PATCH: bytes at the offset the server holds, sealed as they arrive. Takes the headers and the body
     * apart, so a route can feed it a body it did not receive as a PATCH (the desk's one-request upload) without
     * wrapping it in a new Request, which Bun refuses for a body the body deadline has already teed.
     */
    async patch(
      engagementId: number,
      publicId: string,
      request: { headers: Headers; body: ReadableStream<Uint8Array> | null },
    ): Promise<Response> {
      if (request.headers.get("tus-resumable") !== TUS_VERSION)
        return refuse(412, M.version, { "tus-version": TUS_VERSION });
      const d = repo.find(publicId, engagementId);
      if (!d || expired(d)) return empty(404);
      if (request.headers.get("content-type") !== "application/offset+octet-stream")
        return refuse(415, M.contentType);
      if (request.headers.get("upload-offset") !== String(d.received) || d.completedAt)
        return refuse(409, M.offset, { "upload-offset": String(d.received) });
      if (Number(request.headers.get("content-length") ?? 0) > UPLOAD_PATCH_MAX_BYTES)
        return refuse(413, M.patchTooLarge);

      const doc = d;
      const header = await headerOf(d);
      // The SHA-256 goes on from the last request's, when this server saw the upload from its first byte; it
      // is taken out of the map for the length of this request, and put back only if the request succeeds.
      const carried = running.get(d.rowId);
      running.delete(d.rowId);
      const hash = d.received === 0 ? undefined : carried?.received === d.received ? carried.hash : null;
      const sealer = segmentSealer(d.fileKey, header, d.received / SEGMENT_BYTES, d.size, hash);
      let head: Buffer | null = d.received === 0 ? Buffer.alloc(0) : null;
      const need = Math.min(SNIFF_BYTES, d.size);
      let sealedFinal = false;
      const body = request.body;
      async function* sealed() {
        if (body)
          for await (const chunk of readWithin(body, bodyTimeoutMs, UPLOAD_PATCH_MAX_BYTES)) {
            if (sealer.size + (head?.length ?? 0) + chunk.length > doc.size)
              throw new Refusal(400, M.pastLength);
            if (head === null) {
              yield* sealer.push(chunk);
              continue;
            }
            head = Buffer.concat([head, chunk]);
            if (head.length < need) continue;
            const kind = sniff(head.subarray(0, SNIFF_BYTES), doc.name);
            if (!kind) throw new Refusal(415, M.kind);
            repo.setKind(doc.rowId, kind);
            const first = head;
            head = null;
            yield* sealer.push(first);
          }
        if (head !== null && need === 0) {
          const kind = sniff(head, doc.name);
          if (!kind) throw new Refusal(415, M.kind);
          repo.setKind(doc.rowId, kind);
          head = null;
        }
        if (head === null && sealer.size === doc.size) {
          sealedFinal = true;
          yield sealer.finish();
        }
      }
      try {
        await files.append(d.fileId, sealedLength(d.received), sealed());
      } catch (error) {
        // Late, cut off or past its size: nothing of this request counts, and the offset stays where it was.
        if (isBodyError(error)) return bodyRefusal(error);
        if (!(error instanceof Refusal)) throw error;
        // A type refused at the first bytes ends the upload: nothing of it stays.
        if (error.status === 415) await removeRow(d);
        return refuse(error.status, error.message);
      }
      if (!sealedFinal) {
        const received = sealer.segments * SEGMENT_BYTES;
        repo.setReceived(d.rowId, received);
        if (sealer.hash) running.set(d.rowId, { hash: sealer.hash, received });
        return empty(204, {
          "upload-offset": String(received),
          "upload-expires": new Date(d.expiresAt ?? 0).toUTCString(),
        });
      }
      // Carried through every request, the SHA-256 is known now; otherwise (a restart in between) the stored
      // file is read once to compute it.
      const sha256 = sealer.hash ? sealer.facts().sha256 : await digest(d);
      repo.complete(d.rowId, sha256, now().toISOString());
      return empty(204, { "upload-offset": String(d.size) });
    },

    /** DELETE (termination) and the portal's remove: the client's own files, until the firm has opened them. */
    async remove(engagementId: number, publicId: string): Promise<Response> {
      const d = repo.find(publicId, engagementId);
      if (d?.direction !== "client") return refuse(404, "Not found");
      if (d.openedAt) return refuse(409, M.opened);
      await removeRow(d);
      return empty(204);
    },

    list: (engagementId: number) => repo.list(engagementId).map(viewOf),

    /**
     * A finished document's plaintext as a download. Every segment is checked before the first byte is sent,
     * so a changed file is refused with a status rather than cut off mid-way; a file changed after that check
     * ends the stream before the changed segment's bytes. Either way the refusal is in the audit log and the
     * server's log, naming the document (ADR 181). `actor` is the admin downloading, or null for the client.
     */
    async download(
      engagementId: number,
      publicId: string,
      onSent: (d: DocumentRow) => void,
      actor: Actor | null = null,
    ): Promise<Response> {
      const d = repo.find(publicId, engagementId);
      if (!d?.completedAt) return refuse(404, "Not found");
      try {
        await verify(d);
      } catch (error) {
        if (!(error instanceof SegmentError)) throw error;
        integrityFailed(d, "before-first-byte", error, actor);
        return Response.json(
          { error: M.integrity, document: d.id },
          { status: 500, headers: { "cache-control": "no-store" } },
        );
      }
      onSent(d);
      const plain = files.read(d.fileId, d.fileKey);
      const stream = new ReadableStream<Uint8Array>({
        // About 1 MB a pull: 16 segments handed on together, each as it is (ADR 212): joining them into one
        // buffer was a copy of every byte sent, and left the server 70-115 MB larger during a 1 GB download.
        async pull(controller) {
          try {
            const parts: Buffer[] = [];
            let size = 0;
            while (size < DOWNLOAD_CHUNK_BYTES) {
              const next = await plain.next();
              if (next.done) break;
              parts.push(next.value);
              size += next.value.length;
            }
            for (const part of parts) controller.enqueue(part);
            if (size < DOWNLOAD_CHUNK_BYTES) controller.close();
          } catch (error) {
            if (error instanceof SegmentError) integrityFailed(d, "mid-stream", error, actor);
            controller.error(error);
          }
        },
        cancel: () => void plain.return(undefined),
      });
      const ascii = d.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
      return new Response(stream, {
        headers: {
          "content-type": "application/octet-stream",
          "content-length": String(d.size),
          "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.name)}`,
          "cache-control": "no-store",
          "x-content-sha256": d.sha256 ?? "",
        },
      });
    },

    /** Deletes unfinished uploads past their expiry, bytes first; safe to run twice. */
    async expire(): Promise<number> {
      const due = repo.expired(now().toISOString());
      for (const d of due) await removeRow(d);
      return due.length;
    },

    /** Runs expire now and then every hour; answers how to stop it. */
    startExpiry(onError: (error: unknown) => void = () => {}) {
      const run = () => void this.expire().catch(onError);
      run();
      const timer = setInterval(run, HOUR_MS);
      timer.unref?.();
      return () => clearInterval(timer);
    },

    /**
     * Deletes the files of deleted rows, whoever deleted them (a trigger keeps their names): runs after every
     * deletion's commit and at start, so a crash between the commit and the file's removal is made good.
     */
    sweepDeleted() {
      for (const fileId of repo.deletedFiles()) {
        rmSync(files.pathOf(fileId), { force: true });
        repo.forgetDeletedFile(fileId);
      }
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
