import { createHash, type Hash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { cleanFileName, DOCUMENT_MESSAGES as M, UPLOAD_EXPIRY_HOURS } from "../../../contracts/documents";
import {
  BadRequestError,
  ConflictError,
  DomainError,
  NotFoundError,
  TooLargeError,
  UnsupportedTypeError,
} from "../../../contracts/errors";
import { spanOfDays } from "../../../contracts/firm-calendar";
import { QUARANTINE_DAYS, SCAN_MESSAGES } from "../../../contracts/scanning";
import { forgetDeleted } from "../../../db/index";
import { requireAllowed } from "../../../lib/lifecycle";
import { silentLogger } from "../../../log";
import { every } from "../../../ops/every";
import { appendAudit } from "../../audit";
import { ScannerUnavailableError, type ScanVerdict } from "../lib/clamd";
import type { FileClaim } from "../lib/file-store";
import { type ContentInspector, contentInspector } from "../lib/inspect";
import { release } from "../lib/release";
import { type ContentRefusal, SNIFF_BYTES, sniff } from "../lib/sniff";
import {
  HEADER_BYTES,
  newFileKey,
  newHeader,
  SEALED_SEGMENT_BYTES,
  SEGMENT_BYTES,
  segmentSealer,
} from "../lib/stream-cipher";
import type { DocumentRow, DocumentsRepo } from "../repo/documents";
import type { DocumentsDeps } from "./index";

const HOUR_MS = 3_600_000;
/** How often files held while the scanner was unreachable are tried again. */
const SCAN_RETRY_MS = 5 * 60_000;

/** The offset the client claims is not the one the server holds: it asks where to resume and goes on from there. */
export class OffsetMismatchError extends ConflictError {
  constructor(readonly held: number) {
    super(M.offset);
  }
}

/** The virus scanner found a signature in the file: refused (422), kept only in quarantine (ADR 304). */
export class InfectedFileError extends DomainError {
  override readonly name = "InfectedFileError";
  readonly kind = "invalid";
  constructor(readonly signature: string) {
    super(SCAN_MESSAGES.infected(signature));
  }
}

/** Another request is writing this upload now: one writer per upload (ADR 221); the client retries. */
export class UploadBusyError extends ConflictError {
  constructor() {
    super(M.busy);
  }
}

/** A file refused for its content: nothing of it is kept. Empty is a bad request; the rest, a type refused. */
const refusalOf = (reason: ContentRefusal) =>
  reason === "empty" ? new BadRequestError(M.empty) : new UnsupportedTypeError(M[reason]);

/**
 * What a client declares when it starts an upload: its length (null unless a whole number of bytes), its name,
 * and the item of the engagement's list of documents it answers, if it names one (tus's `requestItem`).
 */
export type DeclaredUpload = { length: number | null; name: string; requestItem?: string };

/** Where an upload stands: the bytes the server holds of `length`, and until when an unfinished one is kept. */
export type UploadProgress = { offset: number; length: number; expiresAt: Date | null };

const progressOf = (d: DocumentRow): UploadProgress => ({
  offset: d.received,
  length: d.size,
  expiresAt: d.expiresAt ? new Date(d.expiresAt) : null,
});

/** Bytes of the sealed file that hold the first `received` plaintext bytes (always whole segments). */
const sealedLength = (received: number) => HEADER_BYTES + (received / SEGMENT_BYTES) * SEALED_SEGMENT_BYTES;

/**
 * Uploads as tus 1.0 sees them (core, creation, expiration, termination; ADR 146) and the documents they make:
 * plain values in, plain results out, domain errors thrown (src/contracts/errors.ts); the protocol's headers and
 * statuses are the routes' (tus.ts). Every call takes the engagement from the caller's session or the desk's
 * request, never from the body.
 * The offset the server reports is always the end of the last whole sealed segment (or the file's end): bytes
 * of a segment not yet complete when a request ends are dropped and sent again by the client.
 */
export function uploadService(deps: DocumentsDeps, repo: DocumentsRepo) {
  const { store, config, files, engagements, lifecycle } = deps;
  const { db } = store;
  const { now } = deps;
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

  /**
   * SHA-256 of the stored plaintext, reading every segment (so also proof the file is whole), and what the
   * content's checks find in it (inspect.ts): for an upload no request saw from its first byte.
   */
  async function digest(d: DocumentRow) {
    const hash = createHash("sha256");
    const inspector = d.kind ? contentInspector(d.kind) : null;
    for await (const part of files.read(d.fileId, d.fileKey)) {
      hash.update(part);
      inspector?.see(part);
      release(part);
    }
    return { sha256: hash.digest("hex"), refusal: inspector?.refusal ?? null };
  }

  /**
   * The SHA-256 of each unfinished upload as far as its sealed segments go, and its content's checks, by row id:
   * the next request goes on from them instead of reading the whole file again at the end. Kept in memory only
   * (a restart loses them, and the file is read once at completion); an entry leaves with its upload's
   * completion, removal or expiry.
   */
  const running = new Map<number, { hash: Hash; inspector: ContentInspector | null; received: number }>();

  /** The row goes, and with it (after the commit, through forgetDeleted) the file and its old pages. */
  async function removeRow(d: DocumentRow) {
    running.delete(d.rowId);
    repo.remove(d.rowId);
    forgetDeleted(db);
  }

  const expired = (d: DocumentRow) =>
    d.completedAt === null && d.expiresAt !== null && d.expiresAt <= now().toISOString();

  /**
   * Seals the request's bytes onto a claimed upload, from the offset it holds: the type decided on the first
   * bytes (sniff.ts), the rest looked through as it is sealed (inspect.ts), and completion once the last segment
   * is written. A file refused for its content ends its upload: nothing of it stays.
   */
  async function write(
    d: DocumentRow,
    claim: FileClaim,
    body: AsyncIterable<Uint8Array> | null,
  ): Promise<UploadProgress> {
    const header = await headerOf(d);
    // The SHA-256 and the content's checks go on from the last request's, when this server saw the upload from
    // its first byte; they are taken out of the map for the length of this request, and put back only if the
    // request succeeds.
    const carried = running.get(d.rowId);
    running.delete(d.rowId);
    const resumed = d.received !== 0 && carried?.received === d.received ? carried : null;
    const hash = d.received === 0 ? undefined : (resumed?.hash ?? null);
    let inspector = resumed?.inspector ?? null;
    const sealer = segmentSealer(d.fileKey, header, d.received / SEGMENT_BYTES, d.size, hash, (plain) =>
      inspector?.see(plain),
    );
    let head: Buffer | null = d.received === 0 ? Buffer.alloc(0) : null;
    const need = Math.min(SNIFF_BYTES, d.size);
    let sealedFinal = false;
    let refused: Error | null = null;
    const refuse = (reason: ContentRefusal) => {
      refused = refusalOf(reason);
      return refused;
    };
    /** The kind the first bytes show (the whole file when it is that short), or the refusal. */
    const decide = (first: Buffer) => {
      const sniffed = sniff(first.subarray(0, SNIFF_BYTES), d.name, need === d.size);
      if ("refused" in sniffed) throw refuse(sniffed.refused);
      repo.setKind(d.rowId, sniffed.kind);
      inspector = contentInspector(sniffed.kind);
    };
    const checked = () => {
      if (inspector?.refusal) throw refuse(inspector.refusal);
    };
    async function* sealed() {
      if (body)
        for await (const chunk of body) {
          if (sealer.size + (head?.length ?? 0) + chunk.length > d.size)
            throw new BadRequestError(M.pastLength);
          // A chunk of the body is the route's alone (the upload routes read their own body: ADR 167), and
          // once sealed, or copied into the head, it is not read again: its memory is given back at once.
          if (head === null) {
            yield* sealer.push(chunk);
            release(chunk);
            checked();
            continue;
          }
          head = Buffer.concat([head, chunk]);
          release(chunk);
          if (head.length < need) continue;
          decide(head);
          const first = head;
          head = null;
          yield* sealer.push(first);
          release(first);
          checked();
        }
      // An upload of no bytes (created before those were refused) is decided on nothing: it is empty.
      if (head !== null && need === 0) {
        decide(head);
        head = null;
      }
      if (head === null && sealer.size === d.size) {
        const last = sealer.finish();
        checked();
        sealedFinal = true;
        yield last;
      }
    }
    try {
      // Every segment is the sealer's new bytes, read by nothing after its write.
      await claim.append(sealedLength(d.received), sealed(), { release: true });
    } catch (error) {
      // Late, cut off or past its size: nothing of this request counts. A file refused for its content
      // ends the upload: nothing of it stays.
      if (error === refused) await removeRow(d);
      throw error;
    }
    if (!sealedFinal) {
      const received = sealer.segments * SEGMENT_BYTES;
      repo.setReceived(d.rowId, received);
      if (sealer.hash) running.set(d.rowId, { hash: sealer.hash, inspector, received });
      return { ...progressOf(d), offset: received };
    }
    // Carried through every request, the SHA-256 and the checks are known now; otherwise (a restart in
    // between) the stored file is read once for them.
    const read = sealer.hash ? null : await digest(d);
    const refusal = read ? read.refusal : null;
    if (refusal) {
      await removeRow(d);
      throw refusalOf(refusal);
    }
    const sha256 = read ? read.sha256 : sealer.facts().sha256;
    running.delete(d.rowId);
    const verdict = await scanOf(d);
    if (verdict === "unreachable" || verdict === "no-verdict") {
      hold(d, sha256);
      return { offset: d.size, length: d.size, expiresAt: null };
    }
    if (!verdict.clean) {
      quarantine(d, sha256, verdict.signature);
      throw new InfectedFileError(verdict.signature);
    }
    accept(d, sha256);
    return { offset: d.size, length: d.size, expiresAt: null };
  }

  /** The file is the engagement's: listed, downloadable, and the item it answers is provided. */
  function accept(d: DocumentRow, sha256: string) {
    repo.complete(d.rowId, sha256, now().toISOString());
    deps.requests?.received(d.id);
  }

  /** The stored file's plaintext, a segment at a time, each given back once the scanner has sent it on. */
  async function* plaintext(d: DocumentRow) {
    for await (const part of files.read(d.fileId, d.fileKey)) {
      yield part;
      release(part);
    }
  }

  const submissionOf = (d: DocumentRow) => engagements.byId(d.engagementId)?.submissionId ?? null;

  /**
   * The whole file through the virus scanner (ADRs 296, 304): clean (or no scanner configured), the signature it
   * found, "unreachable" when clamd could not be reached, or "no-verdict" when it answered without one (an ERROR
   * such as its size limit). Neither of the last two is ever taken for clean.
   */
  async function scanOf(d: DocumentRow): Promise<ScanVerdict | "unreachable" | "no-verdict"> {
    if (!deps.scanner) return { clean: true };
    try {
      return await deps.scanner.scan(plaintext(d));
    } catch (error) {
      (deps.logger ?? silentLogger).error("document_scan_unavailable", {
        submissionId: submissionOf(d),
        reason: error instanceof Error ? error.message : String(error),
      });
      // clamd up but refusing this file (past its StreamMaxLength): the next file may still be scanned.
      return error instanceof ScannerUnavailableError && error.answered ? "no-verdict" : "unreachable";
    }
  }

  /**
   * The scanner did not answer (ADR 304): the file is kept sealed as "not yet scanned", neither finished nor
   * downloadable, and the scan job tries it again. The client's upload is done; the portal says it is being checked.
   */
  function hold(d: DocumentRow, sha256: string) {
    repo.hold(d.rowId, sha256, now().toISOString());
    (deps.logger ?? silentLogger).warn("document_held_unscanned", {
      submissionId: submissionOf(d),
      direction: d.direction,
    });
  }

  /**
   * The scanner found a signature (ADR 304): the file is refused but kept sealed in quarantine, out of every list
   * and download, for QUARANTINE_DAYS; the desk is told with the signature's name (the audit log, the log, and
   * the history of the item it was sent against), never the file's name.
   */
  function quarantine(d: DocumentRow, sha256: string, signature: string) {
    const at = now();
    const submissionId = submissionOf(d);
    repo.quarantine(d.rowId, sha256, signature, at.toISOString());
    (deps.logger ?? silentLogger).warn("document_infected", {
      submissionId,
      direction: d.direction,
      signature,
    });
    appendAudit(db, {
      event: "document.infected",
      userId: null,
      username: null,
      clientAddress: null,
      detail: { submissionId, direction: d.direction, signature, size: d.size },
      at,
    });
    deps.requests?.quarantined?.(d.id, signature);
  }

  return {
    /**
     * A new upload, refused before any byte is stored when it could never fit: its declared length is reserved
     * against the engagement's limit as its row is written (one transaction), so uploads created at the same
     * moment never share the same room. Answers its id and expiry.
     */
    async create(
      engagementId: number,
      upload: DeclaredUpload,
      by: { direction: "client" | "firm"; adminId: number | null },
    ): Promise<{ id: string; offset: 0; expiresAt: Date }> {
      const engagement = engagements.byId(engagementId);
      if (!engagement) throw new ConflictError(M.notSigned);
      // The client's files follow the lifecycle (ADR 278): from the signature on, while the request is open.
      if (by.direction === "client") requireAllowed(lifecycle.ofEngagement(engagementId), "upload");
      const { length } = upload;
      if (length === null) throw new BadRequestError(M.length);
      if (length === 0) throw new BadRequestError(M.empty);
      if (length > limits.maxBytes) throw new TooLargeError(M.tooLarge(limits.maxBytes));
      const name = cleanFileName(upload.name);
      if (!name) throw new BadRequestError(M.filename);
      // The item it answers is on this engagement's list and takes files, or nothing is stored.
      const itemId =
        by.direction === "client" ? (deps.requests?.itemFor(engagementId, upload.requestItem) ?? null) : null;

      const at = now();
      const publicId = randomBytes(16).toString("base64url");
      const fileId = files.newId();
      const expiresAt = new Date(at.getTime() + UPLOAD_EXPIRY_HOURS * HOUR_MS);
      const rowId = repo.reserve(
        {
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
        },
        limits.maxTotalBytes,
      );
      if (rowId === null) throw new TooLargeError(M.overTotal(limits.maxTotalBytes));
      if (itemId !== null) deps.requests?.started(itemId, publicId);
      // The file's id is new: nobody else can hold it. Its client learns its id only from this answer.
      const claim = files.claim(fileId) as FileClaim;
      try {
        await claim.append(0, [newHeader()]);
      } catch (error) {
        repo.remove(rowId);
        forgetDeleted(db);
        throw error;
      } finally {
        claim.release();
      }
      return { id: publicId, offset: 0, expiresAt };
    },

    /** Where an upload stands, to resume from; an unknown or expired one is not found. */
    progress(engagementId: number, publicId: string): UploadProgress {
      const d = repo.find(publicId, engagementId);
      if (!d || expired(d)) throw new NotFoundError("Not found");
      return progressOf(d);
    },

    /**
     * Bytes at the offset the server holds, sealed as they arrive from `body` (read as it comes: the caller
     * bounds its time and size). `offset` is the one the client claims (null when it named none); any other than
     * the one held, or a finished upload, is refused with the offset held. Nothing of a refused or failed
     * request counts: the offset stays where it was. One request writes an upload at a time (ADR 221): its file
     * is claimed before anything is read or written and let go however the request ends (a client gone away
     * included); another request for it meanwhile is refused (UploadBusyError) and writes nothing.
     */
    async append(
      engagementId: number,
      publicId: string,
      request: { offset: number | null; body: AsyncIterable<Uint8Array> | null },
    ): Promise<UploadProgress> {
      const d = repo.find(publicId, engagementId);
      if (!d || expired(d)) throw new NotFoundError("Not found");
      // In the same turn as the look-up: nothing runs between reading the row and holding its file.
      const claim = files.claim(d.fileId);
      if (!claim) throw new UploadBusyError();
      try {
        if (request.offset !== d.received || d.completedAt || d.scan)
          throw new OffsetMismatchError(d.received);
        return await write(d, claim, request.body);
      } finally {
        claim.release();
      }
    },

    /** Termination and the portal's remove: the client's own files, until the firm has opened them. */
    async remove(engagementId: number, publicId: string): Promise<void> {
      const d = repo.find(publicId, engagementId);
      if (d?.direction !== "client") throw new NotFoundError("Not found");
      if (d.openedAt) throw new ConflictError(M.opened);
      // Not from under a request writing it: that request would answer for a file no longer there.
      const claim = files.claim(d.fileId);
      if (!claim) throw new ConflictError(M.stillSending);
      try {
        // The item it answered (if any) hears of it first: with no other file, it is asked for again.
        if (d.completedAt) deps.requests?.removed(d.id);
        await removeRow(d);
      } finally {
        claim.release();
      }
    },

    /** Deletes unfinished uploads past their expiry, bytes first; safe to run twice. */
    async expire(): Promise<number> {
      let removed = 0;
      for (const d of repo.expired(now().toISOString())) {
        // One a request is still writing (it began before its expiry) is left to it; the next run sees it.
        const claim = files.claim(d.fileId);
        if (!claim) continue;
        try {
          await removeRow(d);
          removed++;
        } finally {
          claim.release();
        }
      }
      return removed;
    },

    /**
     * Scans again every file held as "not yet scanned" (ADR 304): clean, it is accepted (the item it answers is
     * provided); flagged, it goes to quarantine as at upload. A scanner still unreachable ends the run, the rest
     * left held for the next. Then quarantined files past QUARANTINE_DAYS leave the disk. Safe to run twice and
     * beside an upload: each file is claimed first and its state read again, so none is scanned twice at once.
     */
    async scanHeld(): Promise<{ accepted: number; quarantined: number; held: number; removed: number }> {
      const out = { accepted: 0, quarantined: 0, held: 0, removed: 0 };
      const waiting = repo.held();
      // Without a scanner nothing can be said of them: they stay held (never accepted unscanned).
      if (!deps.scanner) out.held = waiting.length;
      for (const [i, listed] of deps.scanner ? waiting.entries() : []) {
        const claim = files.claim(listed.fileId);
        if (!claim) {
          out.held++;
          continue;
        }
        try {
          const d = repo.find(listed.id, listed.engagementId);
          if (d?.scan !== "held") continue;
          const verdict = await scanOf(d);
          if (verdict === "unreachable") {
            out.held += waiting.length - i;
            break;
          }
          if (verdict === "no-verdict") {
            out.held++;
            continue;
          }
          // Read again and written in one IMMEDIATE transaction: a command running the job beside the server's
          // timer (another process, whose claims this one cannot see) settles each file once.
          const settled = db
            .transaction(() => {
              if (repo.find(d.id, d.engagementId)?.scan !== "held") return false;
              if (verdict.clean) accept(d, d.sha256 ?? "");
              else quarantine(d, d.sha256 ?? "", verdict.signature);
              return true;
            })
            .immediate();
          if (settled && verdict.clean) out.accepted++;
          else if (settled) out.quarantined++;
        } finally {
          claim.release();
        }
      }
      const until = new Date(now().getTime() - spanOfDays(QUARANTINE_DAYS)).toISOString();
      for (const rowId of repo.quarantinedBefore(until)) {
        repo.remove(rowId);
        out.removed++;
      }
      if (out.removed > 0) forgetDeleted(db);
      return out;
    },

    /** Runs scanHeld now and then every few minutes, a failure logged; answers how to stop it. */
    startScanning() {
      return every({
        name: "upload_scan",
        ms: SCAN_RETRY_MS,
        logger: deps.logger ?? silentLogger,
        run: () => this.scanHeld(),
      });
    },

    /** Runs expire now and then every hour, a failure logged; answers how to stop it. */
    startExpiry() {
      return every({
        name: "upload_expiry",
        ms: HOUR_MS,
        logger: deps.logger ?? silentLogger,
        run: () => this.expire(),
      });
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

export type Uploads = ReturnType<typeof uploadService>;
