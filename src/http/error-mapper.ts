import type { Brand } from "../contracts/brand";
import { DataKeyError } from "../db/cipher";
import type { Logger } from "../log";
import { errorPage } from "./error-page";
import { answerOf, DomainError } from "./errors";
import { validationBody } from "./validation";

type ErrorContext = {
  code: string | number;
  error: unknown;
  request: Request;
  set: { status?: number | string; headers: Record<string, unknown> };
};

/**
 * The app's one error handler: what a service refuses (a domain error, answered as src/http/errors.ts says) and
 * what Elysia refuses become the 4xx bodies clients read; anything else is logged with the request's id and
 * answered with a 500 that quotes it and shows nothing of the server.
 */
export function errorMapper(deps: {
  brand: Brand;
  logger: Logger;
  idOf: (request: Request) => string | undefined;
}) {
  const { brand, logger, idOf } = deps;
  return ({ code, error, request, set }: ErrorContext) => {
    // What a service refuses: its status, headers and the body clients already read (none, where the route's
    // protocol answers without one).
    if (error instanceof DomainError) {
      const { status, headers, body } = answerOf(error);
      set.status = status;
      Object.assign(set.headers, headers);
      return body === undefined ? new Response(null, { status }) : body;
    }
    const id = idOf(request);
    // Data written with a key this server does not hold (a rotation run while it held only the old one): the
    // operator's to fix by restarting with every key, said as such, never a bare 500 (ADR 286).
    if (error instanceof DataKeyError) {
      logger.error("data_key_unreadable", {
        id,
        path: new URL(request.url).pathname,
        error: error.message,
        hint: "Restart the server with every key in DATA_KEY, the new one first (DATA_KEY=NEW,OLD)",
      });
      set.status = 503;
      set.headers["retry-after"] = "60";
      return {
        error:
          "This server cannot read some of its stored data with the data key it holds. The operator must restart it with every data key (DATA_KEY). Nothing was lost.",
        requestId: id,
      };
    }
    // A disk that is full or cannot be written (SQLite's FULL, READONLY, IOERR or CANTOPEN; the file system's
    // ENOSPC, EROFS, EDQUOT, EACCES): nothing was stored and the client may send again once the operator has
    // freed it, so a 503 that says so, and a log line that names the folder and the fix (issue 43, finding 6).
    const storage = storageFailure(error);
    if (storage) {
      logger.error("storage_unwritable", {
        id,
        path: new URL(request.url).pathname,
        error: storage,
        hint: "The data folder (DATA_DIR) cannot be written: free space on its disk (df -h), or give it back to the service's user; /readyz answers 503 until then",
      });
      set.status = 503;
      set.headers["retry-after"] = "300";
      set.headers["cache-control"] = "no-store";
      if (request.method === "GET" && (request.headers.get("accept") ?? "").includes("text/html")) {
        return new Response(errorPage(brand, id), {
          status: 503,
          headers: {
            "content-type": "text/html; charset=utf-8",
            "cache-control": "no-store",
            "retry-after": "300",
          },
        });
      }
      return {
        error:
          "We could not save this just now: the server cannot store anything at the moment. Nothing was saved. Please try again in a few minutes.",
        requestId: id,
      };
    }
    switch (code) {
      case "NOT_FOUND":
        set.status = 404;
        return { error: "Not found" };
      case "PARSE":
        set.status = 400;
        return { error: "The request body could not be read. Send valid JSON or form data." };
      case "VALIDATION":
        set.status = 422;
        return validationBody(error as Parameters<typeof validationBody>[0]);
      case "INVALID_COOKIE_SIGNATURE":
        set.status = 400;
        return { error: "Invalid cookie." };
      default: {
        const status =
          typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
            ? error.status
            : 500;
        if (status < 500) {
          set.status = status;
          return { error: error instanceof Error ? error.message : String(error) };
        }
        logger.error("unhandled_error", {
          id,
          path: new URL(request.url).pathname,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        set.status = 500;
        if (request.method === "GET" && (request.headers.get("accept") ?? "").includes("text/html")) {
          return new Response(errorPage(brand, id), {
            status: 500,
            headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
          });
        }
        return {
          error: "Something went wrong on our side. Please quote this reference if you contact us.",
          requestId: id,
        };
      }
    }
  };
}

const STORAGE_SQLITE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/;
const STORAGE_ERRNO = new Set(["ENOSPC", "EROFS", "EDQUOT", "EACCES"]);

/** The storage failure an error is, in a few words for the log, or undefined when it is another fault. */
export function storageFailure(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = String((error as { code: unknown }).code);
  if (!STORAGE_SQLITE.test(code) && !STORAGE_ERRNO.has(code)) return undefined;
  return `${code}: ${error instanceof Error ? error.message : String(error)}`;
}
