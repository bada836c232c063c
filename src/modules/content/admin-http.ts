import { type Actor, actorFrom } from "../../http/admin-http";
import type { PeerAddressSource } from "../../http/client-address";
import { TooLargeError } from "../../http/errors";

/** The admin making a change, from a handler's context (content controllers pass the context whole). */
export const actorOf = (trustProxy: boolean) => {
  const from = actorFrom(trustProxy);
  return (ctx: {
    admin: { id: number; username: string };
    request: Request;
    server: PeerAddressSource;
  }): Actor => from(ctx.admin, ctx.request, ctx.server);
};

/**
 * An upload past its limit, refused at the form's field too: `{ error, errors: { [field]: [error] } }`, so the
 * form shows the message beside the file input as well as at the top.
 */
export class FileTooLargeError extends TooLargeError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
  override body() {
    return { error: this.message, errors: { [this.field]: [this.message] } };
  }
}

/** The JSON object a PATCH sends, or an empty change. */
export const patchOf = (input: unknown): Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

/** A change's audit event: publishing and unpublishing are told apart from an edit ("article.publish"). */
export const changeEvent = (kind: string, before: { published: boolean }, after: { published: boolean }) =>
  `${kind}.${before.published === after.published ? "update" : after.published ? "publish" : "unpublish"}`;
