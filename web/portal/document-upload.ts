/**
 * One file sent to the portal by the tus 1.0 protocol with `tus-js-client` (ADR 175): in chunks the server
 * takes, resumed from the offset the server holds after a lost connection, and refused with the server's own
 * message. The client is loaded only when the first file is sent, so the portal page does not carry it.
 */
import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from "../../src/contracts/documents";

export type UploadEvents = {
  onProgress: (sent: number, total: number) => void;
  onDone: () => void;
  /** `refused` when the server turned the file down (retrying would not help), with its message. */
  onFailed: (failure: { message: string; refused: boolean }) => void;
};

/** What the server said in a refusal's JSON body, or a plain sentence when the connection itself failed. */
export function failureOf(status: number, body: string): { message: string; refused: boolean } {
  let error: string | undefined;
  try {
    error = (JSON.parse(body) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  // 4xx other than a conflict over the offset or the session: the file itself is refused.
  const refused = status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 401;
  if (error) return { message: error, refused };
  if (status === 0)
    return { message: "The connection was lost. Retry to continue from where it stopped.", refused: false };
  return { message: "The file could not be sent. Retry to continue from where it stopped.", refused: false };
}

/** An upload under way: start (or continue) it, stop it, and its id on the server once it has one. */
export type SendingFile = { start: () => void; abort: () => Promise<void>; id: () => string | null };

/** `metadata`: what else the upload says of itself, e.g. the item of the list it answers (`requestItem`). */
export async function sendFile(
  file: File,
  events: UploadEvents,
  metadata: Record<string, string> = {},
): Promise<SendingFile> {
  const { Upload } = await import("tus-js-client");
  const upload = new Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: UPLOAD_CHUNK_BYTES,
    // A short outage is ridden out without the client doing anything; after that, the Retry button.
    retryDelays: [0, 1000, 3000, 5000],
    metadata: { ...metadata, filename: file.name, filetype: file.type || "application/octet-stream" },
    // File names stay out of the browser's storage: a retry on this page resumes from the upload's own URL.
    storeFingerprintForResuming: false,
    onProgress: events.onProgress,
    onSuccess: () => events.onDone(),
    onError: (error) => {
      const res = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null })
        .originalResponse;
      events.onFailed(res ? failureOf(res.getStatus(), res.getBody() ?? "") : failureOf(0, ""));
    },
  });
  return {
    start: () => upload.start(),
    abort: () => upload.abort(),
    id: () => upload.url?.slice(upload.url.lastIndexOf("/") + 1) ?? null,
  };
}
