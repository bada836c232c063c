import { REQUEST_ITEM_METADATA } from "../../../contracts/document-requests";
import {
  DOCUMENT_MESSAGES as M,
  TUS_VERSION,
  UPLOAD_PATCH_MAX_BYTES,
  UPLOADS_PATH,
} from "../../../contracts/documents";
import { bodyRefusal, isBodyError, readWithin } from "../../../http/body-deadline";
import {
  answerOf,
  DomainError,
  NotFoundError,
  PreconditionFailedError,
  TooLargeError,
  UnsupportedTypeError,
  withHeaders,
  withoutBody,
} from "../../../http/errors";
import { createdAt } from "../../../http/redirect";
import {
  type DeclaredUpload,
  type DocumentsService,
  OffsetMismatchError,
  type UploadProgress,
} from "../service";

/** What every tus answer carries, refusals included; none is cached. */
const TUS_HEADERS = { "tus-resumable": TUS_VERSION, "cache-control": "no-store" };
const OFFSET_STREAM = "application/offset+octet-stream";

/** A tus answer: a status and headers, no body. */
const answer = (status: 200 | 201 | 204, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { ...TUS_HEADERS, ...headers } });

const expiry = (at: Date | null): Record<string, string> =>
  at ? { "upload-expires": at.toUTCString() } : {};

/** Upload-Length (or the desk's Content-Length) as a whole number of bytes, or null for anything else. */
const lengthIn = (raw: string | null) => (raw !== null && /^\d{1,16}$/.test(raw) ? Number(raw) : null);

/** The Upload-Offset a client claims, written as the server writes it (no sign, no leading zero), or null. */
const offsetIn = (raw: string | null) =>
  raw !== null && /^(0|[1-9]\d{0,15})$/.test(raw) ? Number(raw) : null;

/** tus's Upload-Metadata: comma-separated `key base64value` pairs. */
function metadata(raw: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (raw ?? "").split(",")) {
    const [key, value = ""] = pair.trim().split(" ");
    if (key) out.set(key, Buffer.from(value, "base64").toString("utf8"));
  }
  return out;
}

/**
 * The upload a request declares: its length (Upload-Length for tus, Content-Length for the desk's one-request
 * upload) and the `filename` of its Upload-Metadata (its `filetype` is not asked for: the content decides).
 */
export const declaredUpload = (length: string | null, uploadMetadata: string | null): DeclaredUpload => {
  const meta = metadata(uploadMetadata);
  return {
    length: lengthIn(length),
    name: meta.get("filename") ?? "",
    requestItem: meta.get(REQUEST_ITEM_METADATA),
  };
};

/** A request's body read as it arrives, within the body deadline and the most one request may carry (ADR 167). */
export const boundedBody = (body: ReadableStream<Uint8Array> | null, timeoutMs: number) =>
  body && readWithin(body, timeoutMs, UPLOAD_PATCH_MAX_BYTES);

/**
 * Runs what answers a documents request and has its refusals answered as the tus handler always answered them:
 * a refusal of the service (4xx) carries the headers of every tus answer, and an offset the server does not hold
 * names the one it does (Upload-Offset); with `bareNotFound`, an unknown upload is a 404 without a body. The one
 * error handler answers them. A fault (500) is no tus answer and carries none of its headers.
 */
export async function tusRefusals<T>(act: () => T | Promise<T>, opts: { bareNotFound?: boolean } = {}) {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof DomainError) || answerOf(error).status >= 500) throw error;
    withHeaders(error, TUS_HEADERS);
    if (error instanceof OffsetMismatchError) withHeaders(error, { "upload-offset": String(error.held) });
    if (opts.bareNotFound && error instanceof NotFoundError) withoutBody(error);
    throw error;
  }
}

/**
 * Runs what reads a request's body (through boundedBody): a body late, cut off or too large is answered as the
 * body deadline answers it (408, 413 or 400, the connection closed), and none of its bytes count.
 */
export async function withBodyRefusal<T>(act: () => Promise<T>): Promise<T | Response> {
  try {
    return await act();
  } catch (error) {
    if (isBodyError(error)) return bodyRefusal(error);
    throw error;
  }
}

/** tus 1.0 asks a client that speaks another version to go away with a 412 naming the one spoken here. */
function requireTusVersion(headers: Headers) {
  if (headers.get("tus-resumable") !== TUS_VERSION)
    throw withHeaders(new PreconditionFailedError(M.version), { ...TUS_HEADERS, "tus-version": TUS_VERSION });
}

/**
 * The tus 1.0 protocol (core, creation, expiration, termination; ADR 146) over the documents service: the
 * headers read and written, the statuses, OPTIONS. Each call takes the engagement its route found from the
 * session and answers a Response, or throws a refusal for the one error handler.
 */
export function tusUploads(deps: { service: DocumentsService; bodyTimeoutMs: number }) {
  const { service } = deps;
  return {
    options: () =>
      answer(204, {
        "tus-version": TUS_VERSION,
        "tus-extension": "creation,expiration,termination",
        "tus-max-size": String(service.limits.maxBytes),
      }),

    /** POST: a new upload of the client's, at the Location answered. */
    create: (engagementId: number, headers: Headers) =>
      tusRefusals(async () => {
        requireTusVersion(headers);
        const upload = await service.create(
          engagementId,
          declaredUpload(headers.get("upload-length"), headers.get("upload-metadata")),
          { direction: "client", adminId: null },
        );
        return answer(201, {
          ...createdAt(`${UPLOADS_PATH}/${upload.id}`),
          ...expiry(upload.expiresAt),
          "upload-offset": String(upload.offset),
        });
      }),

    /** HEAD: where to resume. */
    head: (engagementId: number, uploadId: string) =>
      tusRefusals(() => answer(200, progressHeaders(service.progress(engagementId, uploadId))), {
        bareNotFound: true,
      }),

    /** PATCH: the bytes at the offset the client claims, sealed as they arrive. */
    patch: (engagementId: number, uploadId: string, request: Request, received?: () => void) =>
      withBodyRefusal(() =>
        tusRefusals(
          async () => {
            const { headers } = request;
            requireTusVersion(headers);
            // An unknown upload is not found before its body's type is looked at.
            service.progress(engagementId, uploadId);
            if (headers.get("content-type") !== OFFSET_STREAM) throw new UnsupportedTypeError(M.contentType);
            if (Number(headers.get("content-length") ?? 0) > UPLOAD_PATCH_MAX_BYTES)
              throw new TooLargeError(M.patchTooLarge);
            const written = await service.append(engagementId, uploadId, {
              offset: offsetIn(headers.get("upload-offset")),
              body: boundedBody(request.body, deps.bodyTimeoutMs),
            });
            // The last bytes make the file the client sent: told once, as it is received whole.
            if (written.offset === written.length) received?.();
            return answer(204, { "upload-offset": String(written.offset), ...expiry(written.expiresAt) });
          },
          { bareNotFound: true },
        ),
      ),

    /** DELETE (termination), and the portal's remove of a document. */
    remove: (engagementId: number, uploadId: string) =>
      tusRefusals(async () => {
        await service.remove(engagementId, uploadId);
        return answer(204);
      }),
  };
}

/** HEAD's answer: the offset held, the length declared, and when an unfinished upload expires. */
const progressHeaders = (progress: UploadProgress) => ({
  "upload-offset": String(progress.offset),
  "upload-length": String(progress.length),
  ...expiry(progress.expiresAt),
});
