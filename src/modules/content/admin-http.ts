import type { Database } from "../../db";
import { appendAudit } from "../../db/audit-log";
import { clientAddress } from "../../http/client-address";

/** What a content service answers: the status and the JSON body. */
export type Outcome = { status: number; body: unknown };

/** Who made a change, for the audit log. */
export type Who = { id: number; username: string; address: string };

export const whoFrom =
  (trustProxy: boolean) =>
  (ctx: {
    admin: { id: number; username: string };
    request: Request;
    server: Parameters<typeof clientAddress>[1];
  }): Who => ({
    id: ctx.admin.id,
    username: ctx.admin.username,
    address: clientAddress(ctx.request, ctx.server, trustProxy),
  });

export { send } from "../../http/admin-http";

/** A positive integer id from a path segment; 0 (never a row) otherwise. */
export const idOf = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : 0);

/** The JSON object a PATCH sends, or an empty change. */
export const patchOf = (input: unknown): Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

/** Writes one admin change to the audit log: who did it, from where, and what identifies the entry. */
export const auditChange = (
  db: Database,
  who: Who,
  event: string,
  detail: Record<string, string | number | boolean | null>,
  at: Date,
) =>
  appendAudit(db, { event, userId: who.id, username: who.username, clientAddress: who.address, detail, at });

/** A change's audit event: publishing and unpublishing are told apart from an edit ("article.publish"). */
export const changeEvent = (kind: string, before: { published: boolean }, after: { published: boolean }) =>
  `${kind}.${before.published === after.published ? "update" : after.published ? "publish" : "unpublish"}`;
