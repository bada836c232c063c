import { describe, expect, test } from "bun:test";
import type { Role } from "../../../src/contracts/roles";
import {
  type InvitationPreview,
  STAFF_MESSAGES,
  type StaffInvitation,
  type StaffOverview,
  type StaffRoleChange,
} from "../../../src/contracts/staff";
import { listAudit } from "../../../src/modules/audit";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { joinAs } from "../../helpers/roles";

/**
 * An invitation gives no more than its sender holds (ADR 279): lowering a colleague's role withdraws the
 * invitations they sent that give more, each in the audit log and counted in the answer the Staff screen reads;
 * and an invitation is used at no more than its sender's role at that moment. Mail is not configured, so every
 * invitation offers its link to copy.
 */
const OWNER = { username: "morgan", password: "trace every transfer" };
const { request, store, db } = makeTestApp({
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
});

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const patch = (cookie: string, body: unknown) => withCookie(cookie, { ...post(body), method: "PATCH" });
const tokenOf = (invitation: StaffInvitation) => invitation.link?.match(/#([A-Za-z0-9_-]+)$/)?.[1] ?? "";
const roleOf = (username: string) =>
  (db.query("SELECT role FROM admin_users WHERE username = ?").get(username) as { role: Role } | null)?.role;

async function invite(cookie: string, email: string, role: Role) {
  const res = await request(
    "/api/admin/staff/invitations",
    withCookie(cookie, post({ email, name: email.split("@")[0], role })),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as StaffInvitation;
}

const lookUp = (invitation: StaffInvitation) =>
  request("/api/admin/staff-invitation", post({ token: tokenOf(invitation) }));

const accept = (invitation: StaffInvitation, username: string) =>
  request(
    "/api/admin/staff-invitation/accept",
    post({
      token: tokenOf(invitation),
      username,
      password: "a passphrase of my own",
      confirmPassword: "a passphrase of my own",
    }),
  );

const withdrawnEntries = () =>
  listAudit(store, { limit: 200 })
    .entries.filter((e) => e.event === "staff.invitation_withdrawn")
    .map((e) => ({ by: e.username, detail: e.detail }))
    .sort(
      (a, b) =>
        Number((a.detail as { invitationId: number }).invitationId) -
        Number((b.detail as { invitationId: number }).invitationId),
    );

let owner = "";

describe("lowering a colleague's role", () => {
  test("withdraws the invitations they sent that give more than the new role, and says how many", async () => {
    owner = await signIn(request, OWNER.username, OWNER.password);
    const alex = await joinAs(request, owner, {
      username: "alex",
      email: "alex@tracewell.example",
      role: "owner",
    });
    const asOwner = await invite(alex.cookie, "pat@tracewell.example", "owner");
    const asStaff = await invite(alex.cookie, "lee@tracewell.example", "staff");
    const asEditor = await invite(alex.cookie, "eve@tracewell.example", "editor");
    // Pat opened the join screen while Alex was still an owner.
    expect(await json(lookUp(asOwner))).toMatchObject({ role: "owner" });

    const res = await request(`/api/admin/staff/${alex.id}`, patch(owner, { role: "editor" }));
    expect(res.status).toBe(200);
    expect(await json<StaffRoleChange>(res)).toMatchObject({
      id: alex.id,
      role: "editor",
      invitationsWithdrawn: 2,
      openInvitations: 1,
    });

    // The owner's and the staff invitation open nothing now, and say so; joining through them is refused.
    for (const [invitation, username] of [
      [asOwner, "pat"],
      [asStaff, "lee"],
    ] as const) {
      const opened = await lookUp(invitation);
      expect([invitation.email, opened.status, await opened.json()]).toEqual([
        invitation.email,
        410,
        { error: STAFF_MESSAGES.invitationWithdrawn },
      ]);
      const joined = await accept(invitation, username);
      expect([invitation.email, joined.status, await joined.json()]).toEqual([
        invitation.email,
        410,
        { error: STAFF_MESSAGES.invitationWithdrawn },
      ]);
      expect(roleOf(username)).toBeUndefined();
    }
    // The editor's invitation gives no more than Alex holds: it still opens, and joins as an editor.
    expect(await json(lookUp(asEditor))).toMatchObject({ role: "editor" });
    expect((await accept(asEditor, "eve")).status).toBe(201);
    expect(roleOf("eve")).toBe("editor");

    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(overview.invitations.map((i) => i.email)).not.toContain(asOwner.email);
    expect(overview.invitations.map((i) => i.email)).not.toContain(asStaff.email);

    // Each withdrawal is in the audit log under the owner who changed the role, and the change counts them.
    expect(withdrawnEntries()).toEqual([
      { by: OWNER.username, detail: { invitationId: asOwner.id, reason: "inviter_demoted" } },
      { by: OWNER.username, detail: { invitationId: asStaff.id, reason: "inviter_demoted" } },
    ]);
    expect(
      listAudit(store, { limit: 200 }).entries.find((e) => e.event === "staff.role_changed"),
    ).toMatchObject({
      username: OWNER.username,
      detail: { targetId: alex.id, from: "owner", to: "editor", invitationsWithdrawn: 2 },
    });
  });

  test("an owner made staff keeps the staff and editor invitations they sent; raising a role withdraws nothing", async () => {
    const sam = await joinAs(request, owner, {
      username: "sam",
      email: "sam@tracewell.example",
      role: "owner",
    });
    const asOwner = await invite(sam.cookie, "ola@tracewell.example", "owner");
    const asStaff = await invite(sam.cookie, "kim@tracewell.example", "staff");
    const before = withdrawnEntries().length;

    const lowered = await json<StaffRoleChange>(
      request(`/api/admin/staff/${sam.id}`, patch(owner, { role: "staff" })),
    );
    expect(lowered).toMatchObject({ role: "staff", invitationsWithdrawn: 1, openInvitations: 1 });
    expect((await lookUp(asOwner)).status).toBe(410);
    expect(await json<InvitationPreview>(lookUp(asStaff))).toMatchObject({ role: "staff" });

    const raised = await json<StaffRoleChange>(
      request(`/api/admin/staff/${sam.id}`, patch(owner, { role: "owner" })),
    );
    expect(raised).toMatchObject({ role: "owner", invitationsWithdrawn: 0, openInvitations: 1 });
    // Withdrawn stays withdrawn: raising the role again does not bring a link back.
    expect((await lookUp(asOwner)).status).toBe(410);
    expect(withdrawnEntries().length).toBe(before + 1);

    expect((await accept(asStaff, "kim")).status).toBe(201);
    expect(roleOf("kim")).toBe("staff");
  });
});

describe("an invitation used after its sender changed", () => {
  test("gives no more than its sender's role at that moment, and the join screen says so first", async () => {
    const ada = await joinAs(request, owner, {
      username: "ada",
      email: "ada@tracewell.example",
      role: "owner",
    });
    const invitation = await invite(ada.cookie, "ben@tracewell.example", "owner");
    // An invitation left open above its sender's role: how a release before this rule lowered a role.
    db.query("UPDATE admin_users SET role = 'staff' WHERE id = ?").run(ada.id);

    expect(await json<InvitationPreview>(lookUp(invitation))).toMatchObject({
      role: "staff",
      email: invitation.email,
    });
    expect((await accept(invitation, "ben")).status).toBe(201);
    expect(roleOf("ben")).toBe("staff");
    const created = listAudit(store, { limit: 200 }).entries.find(
      (e) => e.event === "admin.created" && e.username === "ben",
    );
    expect(created?.detail).toMatchObject({ via: "invitation", role: "staff", invitedAs: "owner" });
  });

  test("is refused once its sender is gone, and withdrawn in the audit log", async () => {
    const cal = await joinAs(request, owner, {
      username: "cal",
      email: "cal@tracewell.example",
      role: "owner",
    });
    const invitation = await invite(cal.cookie, "dee@tracewell.example", "staff");
    // Its sender's row gone without the invitation going with it, as removals did before they withdrew a
    // removed admin's invitations: the invitation names no sender.
    db.query("UPDATE staff_invitations SET invited_by = NULL WHERE id = ?").run(invitation.id);

    const opened = await lookUp(invitation);
    expect([opened.status, await opened.json()]).toEqual([410, { error: STAFF_MESSAGES.inviterGone }]);
    const joined = await accept(invitation, "dee");
    expect(joined.status).toBe(410);
    expect(roleOf("dee")).toBeUndefined();
    expect(withdrawnEntries().at(-1)).toEqual({
      by: null,
      detail: { invitationId: invitation.id, reason: "inviter_removed" },
    });
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(overview.invitations.map((i) => i.email)).not.toContain(invitation.email);
  });
});
