import * as v from "valibot";
import { NewPasswordSchema, UsernameSchema } from "./admin-auth";
import { oneLine, oneLineMessage, requiredText, tooLong } from "./fields";
import { DEFAULT_INVITED_ROLE, type Role, RoleSchema } from "./roles";

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
  inviterGone:
    "This invitation was withdrawn: the colleague who sent it is no longer on the staff. Ask an owner to invite you again.",
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

export const DISPLAY_NAME_MAX_LENGTH = 80;

/**
 * A colleague's display name, as clients and the team see it (a reply's signature, the desk's history, the audit
 * log): one line, trimmed, 1 to 80 characters.
 */
export const DisplayNameSchema = requiredText("Name", DISPLAY_NAME_MAX_LENGTH);

/**
 * POST /api/admin/staff/invitations. The Staff screen always sends the colleague's name and role; a request
 * without a name (from before names) invites them nameless, and they are shown by their e-mail address until they
 * set one; one without a role invites them as staff, never as an owner.
 */
export const InvitationSchema = v.object({
  email: StaffEmailSchema,
  name: v.optional(DisplayNameSchema),
  role: v.optional(RoleSchema, DEFAULT_INVITED_ROLE),
});
/** The Staff screen's invitation form: the name is asked for every time (the role is a choice with a default). */
export const InvitationFormSchema = v.object({ name: DisplayNameSchema, email: StaffEmailSchema });

/** PATCH /api/admin/staff/:id: an owner changes a colleague's role. */
export const RoleChangeSchema = v.object({ role: RoleSchema });
export type RoleChangeInput = v.InferOutput<typeof RoleChangeSchema>;
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
  /** Their display name, null until one is set. */
  displayName: string | null;
  email: string | null;
  /** Whether they have a second factor: an authenticator app or a passkey (ADR 272). */
  mfaEnabled: boolean;
  role: Role;
  lastSignInAt: string | null;
  createdAt: string;
  /** The admin asking. */
  you: boolean;
  /**
   * Invitations they sent that nobody has used or withdrawn (expired ones too): removing them withdraws these, and
   * lowering their role withdraws those that give more than the new one (ADR 279).
   */
  openInvitations: number;
};
/**
 * PATCH /api/admin/staff/:id: the colleague as listed after the change, and how many of the invitations they
 * sent were withdrawn because each gave more than their new role (ADR 279).
 */
export type StaffRoleChange = StaffMember & { invitationsWithdrawn: number };
/** DELETE /api/admin/staff/:id */
export type StaffRemoval = { ok: true; invitationsWithdrawn: number };
export type StaffInvitation = {
  id: number;
  email: string;
  /** The name the colleague is invited under; theirs once they join. */
  name: string | null;
  /** The role they get when they join. */
  role: Role;
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
export type InvitationPreview = {
  email: string;
  name: string | null;
  role: Role;
  invitedBy: string;
  expiresAt: string;
  mfaRequired: boolean;
};

/** PUT /api/admin/staff/me: the signed-in admin's display name, from the Account screen. */
export const ProfileSchema = v.object({ displayName: DisplayNameSchema });
export type ProfileInput = v.InferOutput<typeof ProfileSchema>;

/** GET /api/admin/staff/me */
export type StaffProfile = {
  username: string;
  email: string | null;
  displayName: string | null;
  /** How the desk, the audit log and a reply's signature name them: the display name, else e-mail, else username. */
  shownAs: string;
};
