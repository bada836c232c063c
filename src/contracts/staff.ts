import * as v from "valibot";
import { NewPasswordSchema, UsernameSchema } from "./admin-auth";
import { oneLine, oneLineMessage, tooLong } from "./fields";

/** Staff management contracts (issue 11 section 2), shared by the Staff screen, the join screen and the API. */
export const INVITATION_TTL_HOURS = 72;
export const STAFF_EMAIL_MAX_LENGTH = 254;

export const STAFF_MESSAGES = {
  emailInvalid: "Enter a valid email address",
  tokenMissing: "This invitation link is incomplete. Open the link from the email again.",
  invitationUnknown: "This invitation link is not valid. Ask a colleague to invite you again.",
  invitationExpired: "This invitation has expired. Ask a colleague to invite you again.",
  invitationUsed: "This invitation has already been used. Sign in with the username and password you chose.",
  invitationWithdrawn: "This invitation was withdrawn. Ask a colleague to invite you again.",
  usernameTaken: "That username is taken. Choose another one.",
  notFound: "No such colleague. The list may be out of date: reload it.",
  invitationNotFound: "No such open invitation. The list may be out of date: reload it.",
  removeSelf: "You cannot remove yourself. Ask a colleague to do it.",
  resetSelf: "You cannot reset your own two-step sign-in here. Use your Account screen.",
  lastAdmin: "The last admin cannot be removed.",
  mfaNotSet: "This colleague has not set up two-step sign-in: there is nothing to reset.",
} as const;

export const StaffEmailSchema = v.pipe(
  v.string(STAFF_MESSAGES.emailInvalid),
  oneLine(oneLineMessage("Email")),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(STAFF_EMAIL_MAX_LENGTH, tooLong("Email", STAFF_EMAIL_MAX_LENGTH)),
  v.email(STAFF_MESSAGES.emailInvalid),
);

/** POST /api/admin/staff/invitations */
export const InvitationSchema = v.object({ email: StaffEmailSchema });
export type InvitationInput = v.InferOutput<typeof InvitationSchema>;

export const InvitationTokenSchema = v.pipe(
  v.string(STAFF_MESSAGES.tokenMissing),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{20,100}$/, STAFF_MESSAGES.tokenMissing),
);

/** POST /api/admin/staff-invitation: what the invitee's link opens. */
export const InvitationLookupSchema = v.object({ token: InvitationTokenSchema });

/** POST /api/admin/staff-invitation/accept */
export const InvitationAcceptSchema = v.pipe(
  v.object({
    token: InvitationTokenSchema,
    username: UsernameSchema,
    password: NewPasswordSchema,
    confirmPassword: v.string("Repeat the password"),
  }),
  v.forward(
    v.partialCheck(
      [["password"], ["confirmPassword"]],
      (i) => i.password === i.confirmPassword,
      "The passwords do not match",
    ),
    ["confirmPassword"],
  ),
);
export type InvitationAcceptInput = v.InferOutput<typeof InvitationAcceptSchema>;

export type MailState = "pending" | "sent" | "failed" | "unconfigured";

/** GET /api/admin/staff */
export type StaffMember = {
  id: number;
  username: string;
  email: string | null;
  mfaEnabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  /** The admin asking. */
  you: boolean;
};
export type StaffInvitation = {
  id: number;
  email: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  mail: MailState | null;
  /**
   * The one-time join link, only while its e-mail cannot bring it (mail not configured, or given up): the
   * inviting admin copies it and passes it on another way. Null while the e-mail can still go out.
   */
  link: string | null;
};
export type StaffOverview = {
  members: StaffMember[];
  invitations: StaffInvitation[];
  mfaRequired: boolean;
  /** Whether invitations can be e-mailed (SMTP_URL is set); without it the screen offers each link to copy. */
  mailConfigured: boolean;
};

/** What the join screen shows before the invitee chooses a username. */
export type InvitationPreview = { email: string; invitedBy: string; expiresAt: string; mfaRequired: boolean };
