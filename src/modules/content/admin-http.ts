import { type Actor, actorFrom } from "../../http/admin-http";
import type { PeerAddressSource } from "../../http/client-address";

/** The admin making a change, from a handler's context (content controllers pass the context whole). */
export const actorOf = (trustProxy: boolean) => {
  const from = actorFrom(trustProxy);
  return (ctx: {
    admin: { id: number; username: string };
    request: Request;
    server: PeerAddressSource;
  }): Actor => from(ctx.admin, ctx.request, ctx.server);
};

/** The JSON object a PATCH sends, or an empty change. */
export const patchOf = (input: unknown): Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

/** A change's audit event: publishing and unpublishing are told apart from an edit ("article.publish"). */
export const changeEvent = (kind: string, before: { published: boolean }, after: { published: boolean }) =>
  `${kind}.${before.published === after.published ? "update" : after.published ? "publish" : "unpublish"}`;
