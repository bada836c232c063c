import * as v from "valibot";

/**
 * Staff roles (issue 32, ADR 258): what a colleague may do in the admin. One table says which roles hold each
 * capability, and one table says which capability each admin API route needs. The server's guard reads both
 * (src/modules/auth/routes/guard.ts); the admin reads the first to hide what a role cannot do.
 */
export const ROLES = ["owner", "staff", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", staff: "Staff", editor: "Editor" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including staff, data rights, retention, backups, business hours and the audit log.",
  staff: "The intake desk, engagements, documents, consultations and the site's content.",
  editor: "Articles, resources, case studies, the firm's people and testimonials.",
};

/** What an invitation gives when it names no role: the everyday role, never an owner's. */
export const DEFAULT_INVITED_ROLE: Role = "staff";

const EVERYONE = ["owner", "staff", "editor"] as const satisfies readonly Role[];
const DESK = ["owner", "staff"] as const satisfies readonly Role[];
const OWNERS = ["owner"] as const satisfies readonly Role[];

/** Capability → the roles that hold it. The one table of permissions. */
export const CAPABILITIES = {
  /** Their own account: password, two-step sign-in, display name. */
  account: EVERYONE,
  /** The dashboard's frame; each of its panels asks for its own capability. */
  dashboard: EVERYONE,
  content: EVERYONE,
  firm: EVERYONE,
  desk: DESK,
  engagements: DESK,
  documents: DESK,
  consultations: DESK,
  /** Signing an engagement letter for the firm, last, after every party (ADR 297). */
  countersign: OWNERS,
  /** Deleting a request outright: an erasure by another door. */
  deleteRequests: OWNERS,
  staff: OWNERS,
  dataRights: OWNERS,
  retention: OWNERS,
  backups: OWNERS,
  businessHours: OWNERS,
  audit: OWNERS,
  /** The firm's setup list: what is left to configure leads to owners' screens and the server's settings. */
  setup: OWNERS,
  /** What no route declares yet (a route added without a capability): owners only, until it is given one. */
  unlisted: OWNERS,
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

/** What each capability lets one do, as the refusal and the admin's notes say it ("Only an owner can …"). */
export const CAPABILITY_WORDS: Record<Capability, string> = {
  account: "change this account",
  dashboard: "open the dashboard",
  content: "edit articles, resources and case studies",
  firm: "edit the firm's people and testimonials",
  desk: "work the intake desk",
  engagements: "manage engagements, payments and subscriptions",
  documents: "send and receive documents",
  consultations: "see consultations",
  countersign: "countersign an engagement letter for the firm",
  deleteRequests: "delete a request",
  staff: "manage staff and invitations",
  dataRights: "export or erase a person's data",
  retention: "change retention or run the purge",
  backups: "take or list backups",
  businessHours: "change business hours and closures",
  audit: "read the audit log",
  setup: "see the firm's setup",
  unlisted: "do this",
};

/**
 * Whether role `a` holds more than role `b`. The roles nest (every capability an editor holds, staff hold, and
 * owners hold everything: src/contracts/roles.test.ts), so ROLES, most first, is their order.
 */
export const outranks = (a: Role, b: Role): boolean => ROLES.indexOf(a) < ROLES.indexOf(b);

/** The lesser of two roles: what an invitation gives once its sender holds less than it names (ADR 279). */
export const lesserRole = (a: Role, b: Role): Role => (outranks(a, b) ? b : a);

/** Whether a role holds a capability; a missing role (signed out, still loading) holds none. */
export const can = (role: Role | null | undefined, capability: Capability): boolean =>
  role != null && (CAPABILITIES[capability] as readonly Role[]).includes(role);

const holders = (capability: Capability) => {
  const names = (CAPABILITIES[capability] as readonly Role[]).map((r) => ROLE_LABELS[r].toLowerCase());
  return names.length === 1 ? `an ${names[0]}` : `an ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
};

/** "Only an owner can manage staff and invitations." */
export const onlyWho = (capability: Capability): string =>
  `Only ${holders(capability)} can ${CAPABILITY_WORDS[capability]}.`;

/** The 403's message: who may, and the asker's role. */
export const roleRefusal = (capability: Capability, role: Role): string =>
  `${onlyWho(capability)} Your role is ${ROLE_LABELS[role]}.`;

export const ROLE_MESSAGES = {
  invalid: "Choose a role: owner, staff or editor",
  lastOwner: "The firm must keep at least one owner: make another colleague an owner first.",
  notOwner: "Only an owner can change a colleague's role.",
} as const;

export const RoleSchema = v.picklist(ROLES, ROLE_MESSAGES.invalid);

/**
 * The capability each admin API route needs, by "METHOD /path" as the router lists it (trailing slash dropped).
 * The routes open without a session (sign-in, the invitee's link) are the guard's own and not listed here. A route
 * missing from this table is refused to everyone but owners (deny by default), and tests/api/auth/roles-routes.test.ts
 * fails until it is given a capability.
 */
export const ADMIN_ROUTE_CAPABILITIES: Record<string, Capability> = {
  "POST /api/admin/account/password": "account",
  "GET /api/admin/account/mfa": "account",
  "POST /api/admin/account/mfa/enrol": "account",
  "POST /api/admin/account/mfa/confirm": "account",
  "POST /api/admin/account/mfa/disable": "account",
  "GET /api/admin/staff/me": "account",
  "PUT /api/admin/staff/me": "account",
  "GET /api/admin/account/passkeys": "account",
  "POST /api/admin/account/passkeys/options": "account",
  "POST /api/admin/account/passkeys": "account",
  "DELETE /api/admin/account/passkeys/:id": "account",

  "GET /api/admin/audit": "audit",

  "GET /api/admin/articles": "content",
  "POST /api/admin/articles": "content",
  "POST /api/admin/articles/preview": "content",
  "GET /api/admin/articles/:id": "content",
  "GET /api/admin/articles/:id/revisions": "content",
  "GET /api/admin/articles/:id/revisions/compare": "content",
  "POST /api/admin/articles/:id/revisions/:revision/restore": "content",
  "PATCH /api/admin/articles/:id": "content",
  "DELETE /api/admin/articles/:id": "content",
  "POST /api/admin/articles/images": "content",
  "GET /api/admin/case-studies": "content",
  "POST /api/admin/case-studies": "content",
  "GET /api/admin/case-studies/:id": "content",
  "PATCH /api/admin/case-studies/:id": "content",
  "DELETE /api/admin/case-studies/:id": "content",
  "GET /api/admin/resources": "content",
  "POST /api/admin/resources": "content",
  "GET /api/admin/resources/:id": "content",
  "PATCH /api/admin/resources/:id": "content",
  "DELETE /api/admin/resources/:id": "content",

  "GET /api/admin/people": "firm",
  "POST /api/admin/people": "firm",
  "GET /api/admin/people/:id": "firm",
  "PATCH /api/admin/people/:id": "firm",
  "DELETE /api/admin/people/:id": "firm",
  "PUT /api/admin/people/:id/photo": "firm",
  "DELETE /api/admin/people/:id/photo": "firm",
  "GET /api/admin/testimonials": "firm",
  "POST /api/admin/testimonials": "firm",
  "GET /api/admin/testimonials/:id": "firm",
  "PATCH /api/admin/testimonials/:id": "firm",
  "DELETE /api/admin/testimonials/:id": "firm",

  "GET /api/admin/submissions": "desk",
  "GET /api/admin/submissions/export.csv": "desk",
  "POST /api/admin/submissions/status": "desk",
  "GET /api/admin/submissions/:id": "desk",
  "PATCH /api/admin/submissions/:id": "desk",
  "DELETE /api/admin/submissions/:id": "deleteRequests",
  "POST /api/admin/submissions/:id/mail/retry": "desk",
  "POST /api/admin/submissions/:id/replies": "desk",
  "POST /api/admin/submissions/:id/responses": "desk",
  "GET /api/admin/desk/sources": "desk",
  "GET /api/admin/desk/overview": "desk",
  "GET /api/admin/desk/views": "desk",
  "GET /api/admin/desk/board": "desk",
  "GET /api/admin/desk/closures": "businessHours",
  "POST /api/admin/desk/closures": "businessHours",
  "DELETE /api/admin/desk/closures/:date": "businessHours",

  "GET /api/admin/submissions/:id/engagement": "engagements",
  "PUT /api/admin/submissions/:id/engagement": "engagements",
  "GET /api/admin/submissions/:id/engagement/letter.pdf": "engagements",
  "POST /api/admin/submissions/:id/engagement/send": "engagements",
  "POST /api/admin/submissions/:id/engagement/withdraw": "engagements",
  "POST /api/admin/submissions/:id/engagement/countersign": "countersign",
  "POST /api/admin/submissions/:id/engagement/payments": "engagements",
  "GET /api/admin/submissions/:id/engagement/access": "engagements",
  "GET /api/admin/submissions/:id/engagement/preview": "engagements",
  "DELETE /api/admin/submissions/:id/engagement/access/devices/:deviceId": "engagements",
  "DELETE /api/admin/submissions/:id/engagement/access/passkeys/:passkeyId": "engagements",
  "GET /api/admin/submissions/:id/subscription": "engagements",
  "POST /api/admin/submissions/:id/subscription/pause": "engagements",
  "POST /api/admin/submissions/:id/subscription/resume": "engagements",
  "POST /api/admin/submissions/:id/subscription/cancel": "engagements",
  "GET /api/admin/subscriptions/sweeps": "engagements",
  // The engagement's money (issue 30): its ledger, the accountant's file and the processor's payments to match.
  "GET /api/admin/submissions/:id/ledger": "engagements",
  "POST /api/admin/submissions/:id/time": "engagements",
  "POST /api/admin/submissions/:id/expenses": "engagements",
  "POST /api/admin/submissions/:id/ledger/adjustments": "engagements",
  "GET /api/admin/ledger.csv": "engagements",
  "GET /api/admin/submissions/:id/statements": "engagements",
  "POST /api/admin/submissions/:id/statements": "engagements",
  "GET /api/admin/submissions/:id/statements/:file": "engagements",
  "GET /api/admin/statements/failed": "engagements",
  "GET /api/admin/payments/unmatched": "engagements",
  "POST /api/admin/payments/unmatched/:id/match": "engagements",
  "POST /api/admin/payments/unmatched/:id/dismiss": "engagements",
  // How consultations happen (a phone number or a video link): the desk's to set, as it books them.
  "GET /api/admin/firm/consultation-place": "consultations",
  "PUT /api/admin/firm/consultation-place": "consultations",
  "DELETE /api/admin/firm/consultation-place": "consultations",
  "GET /api/admin/setup": "setup",
  "POST /api/admin/setup/data-key-copy": "setup",

  "GET /api/admin/submissions/:id/documents": "documents",
  "GET /api/admin/submissions/:id/documents/:docId": "documents",
  "POST /api/admin/submissions/:id/documents": "documents",
  "POST /api/admin/submissions/:id/documents/:docId/report": "documents",
  "POST /api/admin/submissions/:id/documents/:docId/sweep-report": "documents",
  // The list of records asked of the client (issue 48): built, reviewed and reminded of with the documents.
  "GET /api/admin/submissions/:id/document-requests": "documents",
  "POST /api/admin/submissions/:id/document-requests": "documents",
  "PATCH /api/admin/submissions/:id/document-requests/:itemId": "documents",
  "DELETE /api/admin/submissions/:id/document-requests/:itemId": "documents",
  "POST /api/admin/submissions/:id/document-requests/:itemId/accept": "documents",
  "POST /api/admin/submissions/:id/document-requests/:itemId/revise": "documents",
  "POST /api/admin/submissions/:id/document-requests/:itemId/waive": "documents",
  "PUT /api/admin/submissions/:id/document-requests/reminders": "documents",
  "GET /api/admin/document-request-templates": "documents",
  "PUT /api/admin/document-request-templates/:service": "documents",
  "GET /api/admin/document-requests/overview": "documents",

  "GET /api/admin/consultations/upcoming": "consultations",
  "GET /api/admin/submissions/:id/consultation": "consultations",

  "GET /api/admin/staff": "staff",
  "POST /api/admin/staff/invitations": "staff",
  "DELETE /api/admin/staff/invitations/:id": "staff",
  "PATCH /api/admin/staff/:id": "staff",
  "DELETE /api/admin/staff/:id": "staff",
  "POST /api/admin/staff/:id/reset-mfa": "staff",

  "GET /api/admin/retention": "retention",
  "GET /api/admin/retention/dry-run": "retention",
  "PUT /api/admin/retention": "retention",

  "GET /api/admin/data-requests": "dataRights",
  "POST /api/admin/data-requests": "dataRights",
  "GET /api/admin/data-requests/:id/export": "dataRights",
  "POST /api/admin/data-requests/:id/erase": "dataRights",
  "POST /api/admin/data-requests/:id/complete": "dataRights",

  "GET /api/admin/backups": "backups",
  "POST /api/admin/backups": "backups",
  "POST /api/admin/backups/outbox/release": "backups",
};
