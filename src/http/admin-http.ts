import type { Actor } from "../modules/audit";
import { clientAddress, type PeerAddressSource } from "./client-address";
import { NotFoundError } from "./errors";

/**
 * What every admin route shares: who made a change (for the audit log), ids from path segments and file
 * downloads. Services stay free of HTTP and throw domain errors (src/contracts/errors.ts); the audit log's
 * actor and writer are the audit feature's, named here for the routes that used to find them here.
 */
export { type Actor, auditBy } from "../modules/audit";

/** The signed-in admin and the address they came from (the proxy's header only when TRUST_PROXY is set). */
export const actorFrom =
  (trustProxy: boolean) =>
  (admin: { id: number; username: string }, request: Request, server: PeerAddressSource): Actor => ({
    id: admin.id,
    username: admin.username,
    clientAddress: clientAddress(request, server, trustProxy),
  });

/** Ids are positive integers; anything else names no row. */
export const parseId = (raw: string): number | null => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);

/** The id a path segment names; anything else is answered as the feature's "not found" (`message`). */
export const requireId = (raw: string, message = "Not found"): number => {
  const id = parseId(raw);
  if (id === null) throw new NotFoundError(message);
  return id;
};

/** A download: never cached, saved under `filename`. */
export const attachment = (body: string | ReadableStream<Uint8Array>, type: string, filename: string) =>
  new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
