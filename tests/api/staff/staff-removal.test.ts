import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { StaffInvitation, StaffOverview } from "../../../src/contracts/staff";
import { listAudit } from "../../../src/modules/audit";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

setDefaultTimeout(30_000);

/**
 * A removed admin's invitations go with them: a colleague they invited can no longer join through a link they
 * sent, the Staff screen says beforehand how many invitations the removal withdraws, and the audit log keeps
 * each one. Mail is not configured, so every invitation offers its link to copy.
 */
const OWNER = { username: "morgan", password: "ledger lines never lie" };
const ALEX = { username: "alex", password: "maps of every asset" };
const { request, store } = makeTestApp({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const del = (cookie: string) => withCookie(cookie, { method: "DELETE", headers: post().headers });
const tokenOf = (invitation: StaffInvitation) => invitation.link?.match(/#([A-Za-z0-9_-]+)$/)?.[1] ?? "";

async function invite(cookie: string, email: string, name: string, role = "staff") {
  const res = await request("/api/admin/staff/invitations", withCookie(cookie, post({ email, name, role })));
  expect(res.status).toBe(201);
  return (await res.json()) as StaffInvitation;
}

const accept = (token: string, who: { username: string; password: string }) =>
  request(
    "/api/admin/staff-invitation/accept",
    post({ token, username: who.username, password: who.password, confirmPassword: who.password }),
  );

describe("removing an admin", () => {
  test("withdraws every invitation they sent: its link opens nothing, and the log records each", async () => {
    const owner = await signIn(request, OWNER.username, OWNER.password);
    // Alex invites colleagues: an owner's work.
    const joined = await accept(
      tokenOf(await invite(owner, "alex@tracewell.example", "Alex Rivera", "owner")),
      ALEX,
    );
    expect(joined.status).toBe(201);
    const alex = cookieFrom(joined);
    const fromAlex = [
      await invite(alex, "pat.lowe@tracewell.example", "Pat Lowe"),
      await invite(alex, "lee.grant@tracewell.example", "Lee Grant"),
    ];
    const fromOwner = await invite(owner, "kim.oduya@tracewell.example", "Kim Oduya");

    // Before the removal, the Staff screen knows how many invitations it would withdraw.
    const before = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    const alexId = before.members.find((m) => m.username === ALEX.username)?.id ?? 0;
    expect(before.members.map((m) => [m.username, m.openInvitations])).toEqual([
      [ALEX.username, 2],
      [OWNER.username, 1],
    ]);

    const removed = await request(`/api/admin/staff/${alexId}`, del(owner));
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ ok: true, invitationsWithdrawn: 2 });

    for (const invitation of fromAlex) {
      const token = tokenOf(invitation);
      const opened = await request("/api/admin/staff-invitation", post({ token }));
      expect([invitation.email, opened.status, await opened.json()]).toEqual([
        invitation.email,
        410,
        { error: "This invitation was withdrawn. Ask a colleague to invite you again." },
      ]);
      const used = await accept(token, { username: "pat", password: "a passphrase of my own" });
      expect(used.status).toBe(410);
    }
    const after = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(after.members.map((m) => m.username)).toEqual([OWNER.username]);
    expect(after.invitations.map((i) => i.email)).toEqual([fromOwner.email]);
    // The owner's own invitation still opens.
    expect((await request("/api/admin/staff-invitation", post({ token: tokenOf(fromOwner) }))).status).toBe(
      200,
    );

    const entries = listAudit(store, { limit: 50 }).entries;
    expect(entries.find((e) => e.event === "staff.removed")?.detail).toEqual({
      targetId: alexId,
      targetUsername: ALEX.username,
      invitationsWithdrawn: 2,
    });
    const withdrawn = entries.filter((e) => e.event === "staff.invitation_withdrawn");
    const byInvitation = (a: { detail: unknown }, b: { detail: unknown }) =>
      Number((a.detail as { invitationId: number }).invitationId) -
      Number((b.detail as { invitationId: number }).invitationId);
    expect(withdrawn.sort(byInvitation).map((e) => ({ by: e.username, detail: e.detail }))).toEqual(
      fromAlex.map((i) => ({
        by: OWNER.username,
        detail: { invitationId: i.id, reason: "inviter_removed" },
      })),
    );
  });
});
