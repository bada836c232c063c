import type { Config } from "../../config";
import type { LoginResult } from "../../contracts/admin-auth";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
} from "../../contracts/errors";
import { PATHS } from "../../contracts/paths";
import { lesserRole, ROLE_MESSAGES, type Role } from "../../contracts/roles";
import type {
  InvitationPreview,
  MailState,
  StaffInvitation,
  StaffMember,
  StaffOverview,
  StaffProfile,
  StaffRemoval,
  StaffRoleChange,
} from "../../contracts/staff";
import { sha256 } from "../../lib/hash";
import { createRateLimiter, retryAfterText } from "../../lib/rate-limit";
import type { DataStore, Sealed } from "../../store";
import type { Actor } from "../audit";
import { type AuditNames, writeAudit } from "../audit";
import type { Session, SessionStore } from "../auth";
import {
  demoPasswordRefusal,
  findUserById,
  findUserByName,
  hashPassword,
  hasSecondFactor,
  insertAdmin,
  recordSignIn,
  resetSecondFactor,
  shownName,
} from "../auth";
import type { MailOutbox } from "../mail";
import { mailOutboxRepo } from "../mail";
import { invitationMessage } from "./mail";
import {
  INVITATION_FAILURES_PER_ADDRESS,
  INVITATION_MAIL,
  INVITATION_TTL_HOURS,
  INVITATION_WINDOW_MS,
  type InvitationAcceptInput,
  type InvitationInput,
  type InvitationLookupInput,
  type ProfileInput,
  type RoleChangeInput,
  STAFF_MESSAGES,
} from "./model";
import { type InvitationRow, staffRepo } from "./repo/staff";

export type { Actor };

const newToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

type Audit = (
  event: string,
  who: { id?: number | null; username?: string | null },
  address: string,
  detail?: Record<string, string | number | boolean | null>,
  /** Staff names the entry copies: stored encrypted, read back as part of the detail. */
  names?: AuditNames,
) => void;

const auditTo =
  (store: Sealed, now: () => Date): Audit =>
  (event, who, address, detail, names) => {
    writeAudit(store, {
      event,
      userId: who.id,
      username: who.username,
      clientAddress: address,
      detail,
      at: now(),
      names,
    });
  };

/**
 * The Staff screen's work and the invitee's side of an invitation, as plain functions over the database.
 * Guard, parse, act: controllers hand in the actor; every change is written to the audit log.
 */
export function createStaffService(deps: {
  store: DataStore;
  config: Config;
  sessions: Pick<SessionStore, "create" | "revoke">;
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake" | "configured">;
  now: () => Date;
}) {
  const { store, config, sessions, outbox } = deps;
  const { db } = store;
  const { now } = deps;
  const repo = staffRepo(store);
  const deliveries = mailOutboxRepo(store);
  const audit = auditTo(store, now);
  const failures = createRateLimiter({
    limit: INVITATION_FAILURES_PER_ADDRESS,
    windowMs: INVITATION_WINDOW_MS,
    now: () => now().getTime(),
  });

  const isOpen = (inv: InvitationRow, at = now()) =>
    !inv.acceptedAt && !inv.revokedAt && Date.parse(inv.expiresAt) > at.getTime();

  const joinLink = (token: string) => `${config.publicUrl}${PATHS.adminJoin}#${token}`;

  // The invitation mail is rendered when it is sent, from the stored (encrypted) token; once it is out, the
  // token is wiped and only its hash remains.
  outbox.register(
    INVITATION_MAIL,
    (mail) => {
      const inv = mail.refId === null ? null : repo.invitation(mail.refId);
      const token = inv && isOpen(inv) ? repo.tokenOf(inv.id) : null;
      if (!inv || !token) return null;
      return invitationMessage(inv.email, {
        brand: config.brand,
        link: joinLink(token),
        invitedBy: inv.invitedByName,
        expiresAt: inv.expiresAt,
        mfaRequired: config.requireMfa,
        timeZone: config.desk.timeZone,
      });
    },
    (mail) => {
      if (mail.refId === null) return;
      const sent = deliveries.forRef(INVITATION_MAIL, mail.refId).some((d) => d.state === "sent");
      if (sent) repo.clearToken(mail.refId);
    },
  );

  const mailState = (invitationId: number): MailState | null => {
    const last = deliveries.forRef(INVITATION_MAIL, invitationId).at(-1);
    if (!last) return null;
    return last.state === "pending" && !outbox.configured ? "unconfigured" : last.state;
  };

  /**
   * The one-time link, for the inviting admin to pass on another way, only while its e-mail cannot bring it: mail
   * is not configured, or the e-mail was given up. While the e-mail can still go out, the link is its alone.
   */
  const linkToCopy = (inv: InvitationRow, mail: MailState | null): string | null => {
    if (!isOpen(inv) || (mail !== "unconfigured" && mail !== "failed")) return null;
    const token = repo.tokenOf(inv.id);
    return token ? joinLink(token) : null;
  };

  const toInvitation = (inv: InvitationRow): StaffInvitation => {
    const mail = mailState(inv.id);
    return {
      id: inv.id,
      email: inv.email,
      name: inv.name,
      role: inv.role,
      invitedBy: inv.invitedByName,
      createdAt: inv.createdAt,
      expiresAt: inv.expiresAt,
      expired: !isOpen(inv),
      mail,
      link: linkToCopy(inv, mail),
    };
  };

  /** Why an invitation opens nothing now, or null while it is open. */
  const closedBecause = (inv: InvitationRow | null): DomainError | null =>
    !inv
      ? new NotFoundError(STAFF_MESSAGES.invitationUnknown)
      : inv.acceptedAt
        ? new GoneError(STAFF_MESSAGES.invitationUsed)
        : inv.revokedAt
          ? new GoneError(STAFF_MESSAGES.invitationWithdrawn)
          : !isOpen(inv)
            ? new GoneError(STAFF_MESSAGES.invitationExpired)
            : null;

  /**
   * What an open invitation gives at this moment: no more than its sender holds now (ADR 279). Null when the
   * sender is gone: an invitation is a colleague vouching, and a removed admin vouches for no one.
   */
  const roleNow = (inv: InvitationRow): Role | null => {
    const inviterRole = inv.invitedBy === null ? null : repo.roleOf(inv.invitedBy);
    return inviterRole ? lesserRole(inv.role, inviterRole) : null;
  };

  /**
   * An open invitation whose sender is no longer on the staff (removed before their invitations went with them)
   * is withdrawn as the removal would have done, and the invitee told why.
   */
  const withdrawOrphan = (inv: InvitationRow, address: string): DomainError => {
    db.transaction(() => {
      if (!repo.revoke(inv.id, now())) return;
      audit("staff.invitation_withdrawn", {}, address, { invitationId: inv.id, reason: "inviter_removed" });
    }).immediate();
    return new GoneError(STAFF_MESSAGES.inviterGone);
  };

  /**
   * The invitation a token opens and the role it gives now; throws why it opens none. Wrong or stale tokens
   * count against the address.
   */
  const openInvitation = (token: string, address: string): { inv: InvitationRow; role: Role } => {
    const decision = failures.check(address);
    if (!decision.allowed) {
      throw new TooManyRequestsError(
        `Too many invalid invitation links. Wait ${retryAfterText(decision.retryAfterSeconds)}.`,
        decision.retryAfterSeconds,
      );
    }
    const inv = repo.invitationByTokenHash(sha256(token));
    const closed = closedBecause(inv);
    if (closed || !inv) {
      failures.hit(address);
      throw closed ?? new NotFoundError(STAFF_MESSAGES.invitationUnknown);
    }
    const role = roleNow(inv);
    if (!role) {
      failures.hit(address);
      throw withdrawOrphan(inv, address);
    }
    return { inv, role };
  };

  const profileOf = (actor: Actor): StaffProfile => {
    const p = repo.profile(actor.id);
    if (!p) throw new NotFoundError(STAFF_MESSAGES.notFound);
    return { ...p, shownAs: shownName(p) };
  };

  return {
    overview(actor: Actor): StaffOverview {
      repo.clearExpiredTokens(now());
      const pending = repo.pending();
      const members: StaffMember[] = repo.list().map((m) => ({
        ...m,
        you: m.id === actor.id,
        openInvitations: pending.filter((i) => i.invitedBy === m.id).length,
      }));
      return {
        members,
        invitations: pending.map(toInvitation),
        mfaRequired: config.requireMfa,
        mailConfigured: outbox.configured,
      };
    },

    /** Invites by e-mail; returns the new invitation as the Staff screen lists it. */
    invite(input: InvitationInput, actor: Actor): StaffInvitation | null {
      const { email, name = null, role } = input;
      const at = now();
      const inviter = repo.profile(actor.id);
      const token = newToken();
      const id = db
        .transaction(() => {
          // A new invitation to the same address replaces an open one: only the newest link works.
          let replaced = 0;
          for (const open of repo.pending()) {
            if (open.email.toLowerCase() === email.toLowerCase() && repo.revoke(open.id, at)) replaced++;
          }
          const invitationId = repo.invite({
            email,
            name,
            role,
            tokenHash: sha256(token),
            token,
            invitedBy: actor.id,
            // The invitation mail and the join screen say who invited them as the team knows them.
            invitedByName: inviter ? shownName(inviter) : actor.username,
            createdAt: at,
            expiresAt: new Date(at.getTime() + INVITATION_TTL_HOURS * 3600_000),
          });
          outbox.enqueue({ kind: INVITATION_MAIL, refId: invitationId });
          audit("staff.invited", actor, actor.clientAddress, { invitationId, replaced, role });
          return invitationId;
        })
        .immediate();
      outbox.wake();
      const inv = repo.invitation(id);
      return inv && toInvitation(inv);
    },

    /** `id` null: the path named no invitation. */
    withdraw(id: number | null, actor: Actor): { ok: true } {
      if (id === null || !repo.revoke(id, now())) throw new NotFoundError(STAFF_MESSAGES.invitationNotFound);
      audit("staff.invitation_withdrawn", actor, actor.clientAddress, { invitationId: id });
      return { ok: true };
    },

    /**
     * `id` null: the path named no admin. The invitations they sent and nobody has used are withdrawn with them:
     * a removed admin's link must not let anyone in.
     */
    remove(id: number | null, actor: Actor): StaffRemoval {
      if (id === null) throw new NotFoundError(STAFF_MESSAGES.notFound);
      // A refusal is returned from the transaction and thrown once it has committed: thrown inside, it would
      // roll back the audit entry that records it.
      const outcome = db
        .transaction((): DomainError | number => {
          const target = findUserById(store, id);
          if (!target) return new NotFoundError(STAFF_MESSAGES.notFound);
          if (target.id === actor.id) {
            audit("staff.remove_refused", actor, actor.clientAddress, { targetId: id, reason: "self" });
            return new ForbiddenError(STAFF_MESSAGES.removeSelf);
          }
          if (repo.count() <= 1) {
            audit("staff.remove_refused", actor, actor.clientAddress, { targetId: id, reason: "last_admin" });
            return new ConflictError(STAFF_MESSAGES.lastAdmin);
          }
          if (repo.roleOf(target.id) === "owner" && repo.owners() <= 1) {
            audit("staff.remove_refused", actor, actor.clientAddress, { targetId: id, reason: "last_owner" });
            return new ConflictError(ROLE_MESSAGES.lastOwner);
          }
          // Before the row goes: the invitations still name their sender (the column is set null after).
          const withdrawn = repo.revokeSentBy(target.id, now());
          for (const invitationId of withdrawn) {
            audit("staff.invitation_withdrawn", actor, actor.clientAddress, {
              invitationId,
              reason: "inviter_removed",
            });
          }
          // Their sessions and recovery codes go with the row (ON DELETE CASCADE): signed out at once.
          repo.remove(target.id);
          audit("staff.removed", actor, actor.clientAddress, {
            targetId: target.id,
            targetUsername: target.username,
            invitationsWithdrawn: withdrawn.length,
          });
          return withdrawn.length;
        })
        .immediate();
      if (typeof outcome !== "number") throw outcome;
      return { ok: true, invitationsWithdrawn: outcome };
    },

    /**
     * An owner gives a colleague (or themselves) another role. Read and written in one immediate transaction, so
     * two owners demoting each other at once leave one owner, never none: the second finds either that it is no
     * longer an owner itself or that the other is the last one. The invitations the colleague sent that give
     * more than their new role are withdrawn in the same write (ADR 279): nobody joins above who invited them.
     */
    changeRole(id: number | null, input: RoleChangeInput, actor: Actor): StaffRoleChange {
      if (id === null) throw new NotFoundError(STAFF_MESSAGES.notFound);
      const { role } = input;
      const outcome = db
        .transaction((): DomainError | { from: Role; withdrawn: number } => {
          const from = repo.roleOf(id);
          if (!from) return new NotFoundError(STAFF_MESSAGES.notFound);
          // The guard read the asker's role before this write began; another owner may have demoted them since.
          if (repo.roleOf(actor.id) !== "owner") {
            audit("staff.role_change_refused", actor, actor.clientAddress, {
              targetId: id,
              reason: "not_owner",
            });
            return new ForbiddenError(ROLE_MESSAGES.notOwner);
          }
          if (from === role) return { from, withdrawn: 0 };
          if (from === "owner" && repo.owners() <= 1) {
            audit("staff.role_change_refused", actor, actor.clientAddress, {
              targetId: id,
              reason: "last_owner",
            });
            return new ConflictError(ROLE_MESSAGES.lastOwner);
          }
          repo.setRole(id, role);
          const withdrawn = repo.revokeSentAbove(id, role, now());
          for (const invitationId of withdrawn) {
            audit("staff.invitation_withdrawn", actor, actor.clientAddress, {
              invitationId,
              reason: "inviter_demoted",
            });
          }
          audit("staff.role_changed", actor, actor.clientAddress, {
            targetId: id,
            from,
            to: role,
            invitationsWithdrawn: withdrawn.length,
          });
          return { from, withdrawn: withdrawn.length };
        })
        .immediate();
      if (outcome instanceof DomainError) throw outcome;
      const member = repo.list().find((m) => m.id === id);
      if (!member) throw new NotFoundError(STAFF_MESSAGES.notFound);
      const pending = repo.pending();
      return {
        ...member,
        you: member.id === actor.id,
        openInvitations: pending.filter((i) => i.invitedBy === member.id).length,
        invitationsWithdrawn: outcome.withdrawn,
      };
    },

    /** `id` null: the path named no admin. */
    resetMfa(id: number | null, actor: Actor): { ok: true } {
      const target = id === null ? null : findUserById(store, id);
      if (!target) throw new NotFoundError(STAFF_MESSAGES.notFound);
      const refuse = (reason: string, error: DomainError) => {
        audit("staff.mfa_reset_refused", actor, actor.clientAddress, { targetId: target.id, reason });
        return error;
      };
      if (target.id === actor.id) throw refuse("self", new ForbiddenError(STAFF_MESSAGES.resetSelf));
      // An app, a passkey, or an app half set up: each is something to reset.
      if (!hasSecondFactor(store, target.id) && !target.totpPendingSecret)
        throw refuse("nothing_set_up", new ConflictError(STAFF_MESSAGES.mfaNotSet));
      resetSecondFactor(store, target.id);
      audit("staff.mfa_reset", actor, actor.clientAddress, {
        targetId: target.id,
        targetUsername: target.username,
      });
      return { ok: true };
    },

    /** The Account screen's name: the signed-in admin's own profile. */
    profile: profileOf,

    /** Sets the signed-in admin's display name (Account screen); the audit entry keeps the old and new names. */
    setDisplayName(input: ProfileInput, actor: Actor): StaffProfile {
      const before = repo.profile(actor.id);
      if (!before) throw new NotFoundError(STAFF_MESSAGES.notFound);
      const { displayName } = input;
      repo.setDisplayName(actor.id, displayName);
      audit("staff.name_changed", actor, actor.clientAddress, undefined, {
        from: before.displayName,
        to: displayName,
      });
      return profileOf(actor);
    },

    /** The join screen: who invited whom, before the invitee chooses a username. */
    lookup(input: InvitationLookupInput, address: string): InvitationPreview {
      const { inv, role } = openInvitation(input.token, address);
      return {
        email: inv.email,
        name: inv.name,
        invitedBy: inv.invitedByName,
        expiresAt: inv.expiresAt,
        // What joining gives now, which the join screen says before the invitee chooses a username.
        role,
        mfaRequired: config.requireMfa,
      };
    },

    /**
     * Uses the invitation up: creates the admin with the chosen username and password and signs them in,
     * to set up two-step sign-in first where it is required. Returns what the join screen reads and the new
     * session's Set-Cookie header value.
     */
    async accept(
      input: InvitationAcceptInput,
      address: string,
      current: Session | null = null,
    ): Promise<{ result: LoginResult; setCookie: string }> {
      const { token, username, password } = input;
      const refused = demoPasswordRefusal(password, config.demo);
      if (refused) throw new InvalidError({ password: [refused] });
      const found = openInvitation(token, address).inv;
      const taken = () => new InvalidError({ username: [STAFF_MESSAGES.usernameTaken] });
      if (findUserByName(store, username)) throw taken();
      const passwordHash = await hashPassword(password, config.passwordCost);

      // Checked again inside the write: two tabs accepting at once create one admin, never two, and a sender
      // demoted or removed while the password was hashed is seen. The refusals come before the first write, so
      // the rollback of the throw leaves nothing behind.
      const result = db
        .transaction(() => {
          const inv = repo.invitation(found.id);
          const closed = closedBecause(inv);
          if (closed || !inv) throw closed ?? new GoneError(STAFF_MESSAGES.invitationUsed);
          // The role the invitation names, no more than its sender holds as it is used (ADR 279).
          const role = roleNow(inv);
          if (!role) throw new GoneError(STAFF_MESSAGES.inviterGone);
          if (findUserByName(store, username)) throw taken();
          const at = now();
          const userId = insertAdmin(store, username, passwordHash, at, role);
          repo.setEmail(userId, inv.email);
          repo.setDisplayName(userId, inv.name);
          repo.accept(inv.id, userId, at);
          recordSignIn(store, userId, at);
          audit("admin.created", { id: userId, username }, address, {
            via: "invitation",
            role,
            ...(role !== inv.role ? { invitedAs: inv.role } : {}),
          });
          audit(
            "staff.invitation_accepted",
            { id: userId, username },
            address,
            { invitationId: inv.id },
            { invitedBy: inv.invitedByName },
          );
          return { userId };
        })
        .immediate();
      // Whoever was signed in on this browser is signed out: the new admin's session replaces theirs.
      if (current) sessions.revoke(current.idHash);
      const stage = config.requireMfa ? "enrol" : "active";
      const { setCookie } = await sessions.create(result.userId, stage);
      return {
        result: { username, ...(config.requireMfa ? { mfaEnrolmentRequired: true } : {}) },
        setCookie,
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
