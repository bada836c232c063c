import { intakeFromForm } from "../../../contracts/intake";
import { BadRequestError, TooLargeError, UnsupportedTypeError } from "../../../http/errors";
import { BODY_MESSAGES, FORM_TYPES, MAX_BODY_BYTES, type ReadBody } from "../model";

async function readCapped(request: Request, limit: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON or form body within MAX_BODY_BYTES; anything else is refused with what the client can act on:
 * an UnsupportedTypeError, a TooLargeError or a BadRequestError.
 */
export async function readIntakeBody(request: Request): Promise<ReadBody> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const isJson = type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
  if (!isJson && !FORM_TYPES.includes(type)) throw new UnsupportedTypeError(BODY_MESSAGES.contentType);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new TooLargeError(BODY_MESSAGES.tooLarge);
  const bytes = await readCapped(request, MAX_BODY_BYTES);
  if (!bytes) throw new TooLargeError(BODY_MESSAGES.tooLarge);

  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new BadRequestError(BODY_MESSAGES.malformedJson);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new BadRequestError(BODY_MESSAGES.notObject);
    }
    return { payload: parsed as Record<string, unknown>, formEncoded: false };
  }

  const fields: Record<string, string> = {};
  try {
    const entries =
      type === "multipart/form-data"
        ? await new Response(new Uint8Array(bytes), {
            headers: { "content-type": request.headers.get("content-type")! },
          })
            .formData()
            .then((f) => [...f.entries()])
        : [...new URLSearchParams(new TextDecoder().decode(bytes)).entries()];
    for (const [key, value] of entries) {
      if (typeof value === "string" && !(key in fields)) fields[key] = value;
    }
  } catch {
    throw new BadRequestError(BODY_MESSAGES.malformedForm);
  }
  return { payload: intakeFromForm(fields), formEncoded: true };
}
