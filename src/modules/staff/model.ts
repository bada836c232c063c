import type * as v from "valibot";
import type {
  InvitationAcceptSchema,
  InvitationLookupSchema,
  InvitationSchema,
  ProfileSchema,
  RoleChangeSchema,
} from "../../contracts/staff";

/**
 * Server-side facts of staff management. The request schemas and messages shared with the browser live in
 * src/contracts/staff.ts.
 */
export {
  INVITATION_TTL_HOURS,
  InvitationAcceptSchema,
  InvitationLookupSchema,
  InvitationSchema,
  ProfileSchema,
  RoleChangeSchema,
  STAFF_MESSAGES,
} from "../../contracts/staff";

export const STAFF_API = "/api/admin/staff";
/** Open without a session: how an invitee reads and accepts an invitation (src/modules/auth/guard.ts). */
export const INVITATION_API = "/api/admin/staff-invitation";
export const INVITATION_MAIL = "staff-invitation";

/** Wrong or stale invitation links allowed per address before 429; the 256-bit token is not guessable. */
export const INVITATION_FAILURES_PER_ADDRESS = 20;
export const INVITATION_WINDOW_MS = 15 * 60_000;

export type InvitationInput = v.InferOutput<typeof InvitationSchema>;
export type ProfileInput = v.InferOutput<typeof ProfileSchema>;
export type RoleChangeInput = v.InferOutput<typeof RoleChangeSchema>;
export type InvitationLookupInput = v.InferOutput<typeof InvitationLookupSchema>;
export type InvitationAcceptInput = v.InferOutput<typeof InvitationAcceptSchema>;
