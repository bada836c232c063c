import type { MailState } from "../../../src/contracts/staff";

/** The staff API, as the Staff and join screens call it. */
export const STAFF_API = {
  overview: "/api/admin/staff",
  invitations: "/api/admin/staff/invitations",
  invitation: (id: number) => `/api/admin/staff/invitations/${id}`,
  member: (id: number) => `/api/admin/staff/${id}`,
  resetMfa: (id: number) => `/api/admin/staff/${id}/reset-mfa`,
  lookup: "/api/admin/staff-invitation",
  accept: "/api/admin/staff-invitation/accept",
} as const;

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pending: "Email waiting to be sent",
  sent: "Email sent",
  failed: "Email could not be delivered",
  unconfigured: "Email not sent: mail is not configured (SMTP_URL)",
};
