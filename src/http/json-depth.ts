/**
 * How deep a JSON request body may nest. No form, API call or webhook here comes near it (a Stripe event is about
 * ten levels); a body that does is refused before it is parsed, because a refused body is described back in
 * Elysia's validation error, and describing one nested thousands deep took a third of a second of the server's
 * time for 10 KB sent, and past about 20,000 levels ended in a 500.
 */
export const MAX_JSON_DEPTH = 64;

export const JSON_DEPTH_MESSAGE = "The request body is nested too deeply.";

/** A JSON body nested past MAX_JSON_DEPTH: answered 400, and the rest is not read. */
export class BodyTooDeepError extends Error {
  readonly status = 400;
  constructor() {
    super(JSON_DEPTH_MESSAGE);
  }
}

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * A scanner fed a body's bytes as they arrive, which throws BodyTooDeepError as soon as its arrays and objects
 * nest past `max`. Brackets inside strings do not count. It reads bytes, not characters: no byte of a multi-byte
 * UTF-8 character is an ASCII bracket or quote. It does not check that the JSON is well formed; the parser does.
 */
export function jsonDepthScanner(max = MAX_JSON_DEPTH): (chunk: Uint8Array) => void {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (const byte of chunk) {
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > max) throw new BodyTooDeepError();
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth = Math.max(0, depth - 1);
    }
  };
}

/** Whether a request's content type is one Elysia parses as JSON. */
export const isJsonContentType = (contentType: string | null) =>
  contentType !== null && /^application\/json\s*(;|$)/i.test(contentType.trim());
