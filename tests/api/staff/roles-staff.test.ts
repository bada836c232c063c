import { describe, expect, test } from "bun:test";
import { ROLE_MESSAGES } from "../../../src/contracts/roles";
import type { StaffOverview } from "../../../src/contracts/staff";
import { answerOf, DomainError } from "../../../src/http/errors";
import { listAudit } from "../../../src/modules/audit";
import { createSessionStore } from "../../../src/modules/auth";
import { createStaffService } from "../../../src/modules/staff";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { joinAs } from "../../helpers/roles";

/** Roles on the Staff screen's API (ADR 258): what an invitation gives, who changes a role, the last owner. */
const OWNER = { username: "morgan", password: "trace every transfer" };
const { request, store, db, app, config } = makeTestApp({
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
});

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const patch = (cookie: string, body: unknown) => withCookie(cookie, { ...post(body), method: "PATCH" });
const roleOf = (id: number) =>
  (db.query("SELECT role FROM admin_users WHERE id = ?").get(id) as { role: string } | null)?.role;
const owners = () =>
  (db.query("SELECT count(*) AS n FROM admin_users WHERE role = 'owner'").get() as { n: number }).n;

let owner = "";
let ownerId = 0;

describe("an invitation", () => {
  test("names the role it gives; without one it gives staff, never an owner's", async () => {
    owner = await signIn(request, OWNER.username, OWNER.password);
    const plain = await request(
      "/api/admin/staff/invitations",
      withCookie(owner, post({ email: "pat@tracewell.example", name: "Pat" })),
    );
    expect(plain.status).toBe(201);
    expect(await plain.json()).toMatchObject({ role: "staff" });
    const editor = await request(
      "/api/admin/staff/invitations",
      withCookie(owner, post({ email: "eve@tracewell.example", name: "Eve", role: "editor" })),
    );
    expect(await editor.json()).toMatchObject({ role: "editor" });
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(overview.invitations.map((i) => [i.email, i.role])).toEqual([
      ["eve@tracewell.example", "editor"],
      ["pat@tracewell.example", "staff"],
    ]);
  });

  test("refuses a role that is not one (422, at the field)", async () => {
    for (const role of ["admin", "", 3, "OWNER"]) {
      const res = await request(
        "/api/admin/staff/invitations",
        withCookie(owner, post({ email: "kim@tracewell.example", name: "Kim", role })),
      );
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ errors: { role: [ROLE_MESSAGES.invalid] } });
    }
  });

  test("the join gives the invited role, and the status says it", async () => {
    const eve = await joinAs(request, owner, {
      username: "eve",
      email: "eve2@tracewell.example",
      role: "editor",
    });
    expect(roleOf(eve.id)).toBe("editor");
    expect(await json(request("/api/admin/auth/status", withCookie(eve.cookie)))).toEqual({
      authenticated: true,
      username: "eve",
      shownAs: "eve",
      role: "editor",
    });
    expect(await json(request("/api/admin/auth/status", withCookie(owner)))).toMatchObject({ role: "owner" });
    const preview = await request(
      "/api/admin/staff/invitations",
      withCookie(owner, post({ email: "olly@tracewell.example", name: "Olly", role: "owner" })),
    );
    const token = ((await preview.json()) as { link: string }).link.split("#")[1];
    expect(await json(request("/api/admin/staff-invitation", post({ token })))).toMatchObject({
      role: "owner",
    });
  });
});

describe("changing a role", () => {
  test("an owner changes a colleague's role: it applies at once, is listed and audited", async () => {
    const sam = await joinAs(request, owner, {
      username: "sam",
      email: "sam@tracewell.example",
      role: "staff",
    });
    expect((await request("/api/admin/submissions", withCookie(sam.cookie))).status).toBe(200);
    const res = await request(`/api/admin/staff/${sam.id}`, patch(owner, { role: "editor" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: sam.id, username: "sam", role: "editor", you: false });
    // The same session, on its next request: the desk is closed to an editor now.
    expect((await request("/api/admin/submissions", withCookie(sam.cookie))).status).toBe(403);
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(overview.members.find((m) => m.id === sam.id)?.role).toBe("editor");
    ownerId = overview.members.find((m) => m.you)?.id ?? 0;
    expect(listAudit(store, { limit: 5 }).entries[0]).toMatchObject({
      event: "staff.role_changed",
      username: OWNER.username,
      detail: { targetId: sam.id, from: "staff", to: "editor" },
    });
  });

  test("only an owner may; a bad role or an unknown colleague is refused clearly", async () => {
    const sam = await joinAs(request, owner, {
      username: "sam2",
      email: "sam2@tracewell.example",
      role: "staff",
    });
    const self = await request(`/api/admin/staff/${sam.id}`, patch(sam.cookie, { role: "owner" }));
    expect(self.status).toBe(403);
    expect(roleOf(sam.id)).toBe("staff");
    const bad = await request(`/api/admin/staff/${sam.id}`, patch(owner, { role: "boss" }));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ errors: { role: [ROLE_MESSAGES.invalid] } });
    const unknown = await request("/api/admin/staff/999999", patch(owner, { role: "staff" }));
    expect(unknown.status).toBe(404);
  });

  test("the last owner cannot be demoted (409), not even by themselves", async () => {
    expect(owners()).toBe(1);
    const res = await request(`/api/admin/staff/${ownerId}`, patch(owner, { role: "staff" }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: ROLE_MESSAGES.lastOwner });
    expect(roleOf(ownerId)).toBe("owner");
    expect(listAudit(store, { limit: 1 }).entries[0]).toMatchObject({
      event: "staff.role_change_refused",
      detail: { targetId: ownerId, reason: "last_owner" },
    });
  });

  test("two owners demoting each other at once leave one owner", async () => {
    const ada = await joinAs(request, owner, {
      username: "ada",
      email: "ada@tracewell.example",
      role: "owner",
    });
    const ben = await joinAs(request, owner, {
      username: "ben",
      email: "ben@tracewell.example",
      role: "owner",
    });
    // Morgan steps down first, so Ada and Ben are the only owners.
    expect((await request(`/api/admin/staff/${ownerId}`, patch(owner, { role: "staff" }))).status).toBe(200);
    expect(owners()).toBe(2);
    const [a, b] = await Promise.all([
      request(`/api/admin/staff/${ben.id}`, patch(ada.cookie, { role: "staff" })),
      request(`/api/admin/staff/${ada.id}`, patch(ben.cookie, { role: "staff" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(owners()).toBe(1);

    // And each demoting themselves at once: one steps down, the other is the last and stays.
    const remaining = a.status === 200 ? ada : ben;
    const cal = await joinAs(request, remaining.cookie, {
      username: "cal",
      email: "cal@tracewell.example",
      role: "staff",
    });
    expect(
      (await request(`/api/admin/staff/${cal.id}`, patch(remaining.cookie, { role: "owner" }))).status,
    ).toBe(200);
    const [x, y] = await Promise.all([
      request(`/api/admin/staff/${remaining.id}`, patch(remaining.cookie, { role: "editor" })),
      request(`/api/admin/staff/${cal.id}`, patch(cal.cookie, { role: "editor" })),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(owners()).toBe(1);
    const refused = x.status === 409 ? x : y;
    expect(await refused.json()).toEqual({ error: ROLE_MESSAGES.lastOwner });
  });

  test("the last owner cannot be removed (409), whoever asks the service", async () => {
    const service = createStaffService({
      store,
      config,
      sessions: createSessionStore({ db, secrets: ["test"], secure: false, now: () => new Date() }),
      outbox: app.decorator.mailOutbox,
      now: () => new Date(),
    });
    const lastOwner = (db.query("SELECT id FROM admin_users WHERE role = 'owner'").get() as { id: number })
      .id;
    const operator = { id: 0, username: "operator", clientAddress: "local" };
    const refusal = (() => {
      try {
        service.remove(lastOwner, operator);
      } catch (error) {
        return error;
      }
    })();
    if (!(refusal instanceof DomainError)) throw new Error("the removal was not refused");
    const { status, body } = answerOf(refusal);
    expect({ status, body }).toEqual({
      status: 409,
      body: { error: ROLE_MESSAGES.lastOwner },
    });
    expect(roleOf(lastOwner)).toBe("owner");
  });
});
