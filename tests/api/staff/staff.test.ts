import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { LoginResult, MfaEnrolment } from "../../../src/contracts/admin-auth";
import type { InvitationPreview, StaffInvitation, StaffOverview } from "../../../src/contracts/staff";
import { answerOf, DomainError } from "../../../src/http/errors";
import { listAudit } from "../../../src/modules/audit";
import { createSessionStore } from "../../../src/modules/auth";
import { createStaffService } from "../../../src/modules/staff/service";
import { cookieFrom, post, totpCode, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { capturingLogger } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(30_000);

const OWNER = "morgan";
const OWNER_PASSWORD = "ledger lines never lie";
const HOUR = 3600_000;
const [SMTP_PORT = 0] = freePorts(1);

let clock = Date.parse("2026-11-23T09:00:00Z");
const smtp = smtpServer(SMTP_PORT, { refuse: ["bounced@unknown.example"] });
const { logger, lines } = capturingLogger();
// REQUIRE_MFA left to the server's default, which outside demo mode is on.
const { request, db, store, app, config, dataDir } = makeTestApp(
  {
    REQUIRE_MFA: "",
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: OWNER_PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  },
  { now: () => new Date(clock), logger },
);
const outbox = app.decorator.mailOutbox;
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const del = (cookie: string) => withCookie(cookie, { method: "DELETE", headers: post().headers });

/** Signs in with the password and finishes two-step enrolment; returns the active cookie and the secret. */
async function enrolledSignIn(username: string, password: string) {
  const res = await request("/api/admin/login", post({ username, password }));
  expect(await res.clone().json()).toEqual({ username, mfaEnrolmentRequired: true });
  return enrol(cookieFrom(res));
}

async function enrol(enrolling: string) {
  const { secret } = await json<MfaEnrolment>(
    request("/api/admin/account/mfa/enrol", withCookie(enrolling, post())),
  );
  const confirm = await request(
    "/api/admin/account/mfa/confirm",
    withCookie(enrolling, post({ code: totpCode(secret, clock) })),
  );
  expect(confirm.status).toBe(200);
  return { cookie: cookieFrom(confirm), secret };
}

/** Signs in with password and code (the clock moves a step so a code is never replayed). */
async function fullSignIn(username: string, password: string, secret: string) {
  clock += 30_000;
  const first = await request("/api/admin/login", post({ username, password }));
  expect(await first.clone().json()).toEqual({ username, mfaRequired: true });
  const second = await request(
    "/api/admin/login/mfa",
    withCookie(cookieFrom(first), post({ code: totpCode(secret, clock) })),
  );
  expect(second.status).toBe(200);
  return cookieFrom(second);
}

/**
 * Invites `email` (as `role`, or the default role when none is given) and returns the token read from the
 * invitation e-mail delivered over SMTP.
 */
async function inviteAndRead(cookie: string, email: string, role?: string) {
  const res = await request("/api/admin/staff/invitations", withCookie(cookie, post({ email, role })));
  expect(res.status).toBe(201);
  const invitation = (await res.json()) as StaffInvitation;
  const before = smtp.received.length;
  expect(await outbox.runOnce()).toBe(1);
  const mail = smtp.received[before];
  expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe(email);
  const link = mail?.text?.match(/http:\/\/localhost:3000\/admin\/join#([A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();
  if (!mail) throw new Error("no invitation e-mail arrived");
  return { invitation, token: link?.[1] ?? "", mail };
}

let owner = { cookie: "", secret: "" };

describe("two-step sign-in by default", () => {
  test("is on outside demo mode, and the start does not warn about it", () => {
    expect(lines.some((l) => l.includes("mfa_not_required"))).toBe(false);
  });

  test("a password-only sign-in opens nothing but enrolment, with a message", async () => {
    const res = await request("/api/admin/login", post({ username: OWNER, password: OWNER_PASSWORD }));
    expect(await res.clone().json()).toEqual({ username: OWNER, mfaEnrolmentRequired: true });
    const enrolling = cookieFrom(res);
    for (const [method, path] of [
      ["GET", "/api/admin/staff"],
      ["GET", "/api/admin/submissions"],
      ["GET", "/api/admin/audit"],
      ["POST", "/api/admin/staff/invitations"],
      ["POST", "/api/admin/account/mfa/disable"],
    ] as const) {
      const r = await request(
        path,
        withCookie(enrolling, method === "GET" ? {} : post({ email: "x@y.example" })),
      );
      expect([path, r.status]).toEqual([path, 403]);
      expect(await r.json()).toEqual({ error: "Set up two-step sign-in to continue." });
    }
    const page = await request("/admin/staff", withCookie(enrolling));
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/admin/account");

    owner = await enrol(enrolling);
    expect((await request("/api/admin/staff", withCookie(owner.cookie))).status).toBe(200);
  });
});

describe("REQUIRE_MFA=false", () => {
  test("is possible, and the start logs a warning", () => {
    const off = capturingLogger();
    makeTestApp({ REQUIRE_MFA: "false" }, { logger: off.logger });
    const warning = off.lines.map((l) => JSON.parse(l)).find((l) => l.event === "mfa_not_required");
    expect(warning).toMatchObject({ level: "warn" });
    expect(warning.hint).toContain("REQUIRE_MFA=false");
  });

  test("demo mode stays without it and without the warning", () => {
    const demo = capturingLogger();
    const { config } = makeTestApp({ REQUIRE_MFA: "", DEMO: "1" }, { logger: demo.logger });
    expect(config.requireMfa).toBe(false);
    expect(demo.lines.some((l) => l.includes("mfa_not_required"))).toBe(false);
  });
});

let colleague = { id: 0, cookie: "", secret: "" };
const COLLEAGUE_PASSWORD = "forensic ledger review";

describe("an invitation", () => {
  test("is listed, mailed through the outbox with a one-time link, and stores no clear address or token", async () => {
    const { invitation, token, mail } = await inviteAndRead(owner.cookie, "Casey.Nguyen@tracewell.example");
    expect(invitation).toMatchObject({
      email: "Casey.Nguyen@tracewell.example",
      invitedBy: OWNER,
      expired: false,
      mail: "pending",
    });
    expect(Date.parse(invitation.expiresAt) - clock).toBe(72 * HOUR);
    expect(mail.subject).toBe(`${OWNER} invited you to the Tracewell admin`);
    expect(mail.text).toContain("expires on 26 Nov 2026, 4:00 AM EST.");

    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner.cookie)));
    expect(overview.invitations).toEqual([{ ...invitation, mail: "sent" }]);
    const raw = db.query("SELECT * FROM staff_invitations WHERE id = ?").get(invitation.id) as Record<
      string,
      unknown
    >;
    const stored = JSON.stringify(raw).toLowerCase();
    expect(stored).not.toContain("casey");
    expect(stored).not.toContain(token.toLowerCase());
    expect(raw.token).toBeNull();
    expect(raw.token_hash).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
  });

  test("is accepted once: the invitee chooses a username and password, then must enrol", async () => {
    // Alex manages staff in the tests below: an owner's work.
    const { token } = await inviteAndRead(owner.cookie, "alex.rivera@tracewell.example", "owner");
    const preview = await request("/api/admin/staff-invitation", post({ token }));
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      email: "alex.rivera@tracewell.example",
      name: null,
      role: "owner",
      invitedBy: OWNER,
      expiresAt: new Date(clock + 72 * HOUR).toISOString(),
      mfaRequired: true,
    } satisfies InvitationPreview);

    const mismatch = await request(
      "/api/admin/staff-invitation/accept",
      post({ token, username: "alex", password: COLLEAGUE_PASSWORD, confirmPassword: "something else" }),
    );
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toEqual({ errors: { confirmPassword: ["The passwords do not match"] } });
    const taken = await request(
      "/api/admin/staff-invitation/accept",
      post({ token, username: "MORGAN", password: COLLEAGUE_PASSWORD, confirmPassword: COLLEAGUE_PASSWORD }),
    );
    expect(taken.status).toBe(422);
    expect(await taken.json()).toEqual({
      errors: { username: ["That username is taken. Choose another one."] },
    });

    const demoPassword = await request(
      "/api/admin/staff-invitation/accept",
      post({ token, username: "alex", password: "tracewell-demo", confirmPassword: "tracewell-demo" }),
    );
    expect(demoPassword.status).toBe(422);
    expect(await demoPassword.json()).toEqual({
      errors: {
        password: ["That is the public demo password, which works only in demo mode. Choose another"],
      },
    });

    const accepted = await request(
      "/api/admin/staff-invitation/accept",
      post({ token, username: "alex", password: COLLEAGUE_PASSWORD, confirmPassword: COLLEAGUE_PASSWORD }),
    );
    expect(accepted.status).toBe(201);
    expect(await accepted.clone().json()).toEqual({
      username: "alex",
      mfaEnrolmentRequired: true,
    } satisfies LoginResult);
    const enrolling = cookieFrom(accepted);
    expect((await request("/api/admin/staff", withCookie(enrolling))).status).toBe(403);
    const done = await enrol(enrolling);

    const again = await request(
      "/api/admin/staff-invitation/accept",
      post({ token, username: "alex2", password: COLLEAGUE_PASSWORD, confirmPassword: COLLEAGUE_PASSWORD }),
    );
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({
      error: "This invitation has already been used. Sign in with the username and password you chose.",
    });

    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(done.cookie)));
    const alex = overview.members.find((m) => m.username === "alex");
    expect(alex).toMatchObject({ email: "alex.rivera@tracewell.example", mfaEnabled: true, you: true });
    expect(alex?.lastSignInAt).toBe(new Date(clock).toISOString());
    expect(overview.members.find((m) => m.username === OWNER)).toMatchObject({
      mfaEnabled: true,
      you: false,
    });
    expect(overview.invitations.map((i) => i.email)).toEqual(["Casey.Nguyen@tracewell.example"]);
    const stored = db.query("SELECT email FROM admin_users WHERE username = 'alex'").get() as {
      email: string;
    };
    expect(stored.email).toStartWith("enc:v1:");
    colleague = { id: alex?.id ?? 0, ...done };
  });

  test("expires after 72 hours", async () => {
    const { token } = await inviteAndRead(owner.cookie, "jamie@tracewell.example");
    clock += 72 * HOUR;
    const body = {
      token,
      username: "jamie",
      password: COLLEAGUE_PASSWORD,
      confirmPassword: COLLEAGUE_PASSWORD,
    };
    const res = await request("/api/admin/staff-invitation/accept", post(body));
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({
      error: "This invitation has expired. Ask a colleague to invite you again.",
    });
    expect(db.query("SELECT count(*) AS n FROM admin_users WHERE username = 'jamie'").get()).toEqual({
      n: 0,
    });
    colleague.cookie = await fullSignIn("alex", COLLEAGUE_PASSWORD, colleague.secret);
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(colleague.cookie)));
    expect(overview.invitations.find((i) => i.email === "jamie@tracewell.example")?.expired).toBe(true);
  });

  test("withdrawn, or replaced by a newer one, opens nothing; a made-up token neither", async () => {
    clock += 30_000;
    owner.cookie = await fullSignIn(OWNER, OWNER_PASSWORD, owner.secret);
    const first = await inviteAndRead(owner.cookie, "sam@tracewell.example");
    const second = await inviteAndRead(owner.cookie, "SAM@tracewell.example");
    expect((await request("/api/admin/staff-invitation", post({ token: first.token }))).status).toBe(410);
    const gone = await request(`/api/admin/staff/invitations/${second.invitation.id}`, del(owner.cookie));
    expect(gone.status).toBe(200);
    const res = await request("/api/admin/staff-invitation", post({ token: second.token }));
    expect(await res.json()).toEqual({
      error: "This invitation was withdrawn. Ask a colleague to invite you again.",
    });
    const unknown = await request("/api/admin/staff-invitation", post({ token: "x".repeat(43) }));
    expect(unknown.status).toBe(404);
    const malformed = await request("/api/admin/staff-invitation", post({ token: "<script>" }));
    expect(malformed.status).toBe(422);
    const badEmail = await request(
      "/api/admin/staff/invitations",
      withCookie(owner.cookie, post({ email: "sam" })),
    );
    expect(await badEmail.json()).toEqual({ errors: { email: ["Enter a valid email address"] } });
  });
});

describe("the one-time link offered to copy", () => {
  test("not while the e-mail can go out: the link is the mailbox's alone", async () => {
    const res = await request(
      "/api/admin/staff/invitations",
      withCookie(owner.cookie, post({ email: "robin@tracewell.example" })),
    );
    const invitation = (await res.json()) as StaffInvitation;
    expect(invitation).toMatchObject({ mail: "pending", link: null });
    await outbox.runOnce();
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner.cookie)));
    expect(overview.invitations.find((i) => i.id === invitation.id)).toMatchObject({
      mail: "sent",
      link: null,
    });
  });

  test("once the e-mail could not be delivered, so the colleague can still be added", async () => {
    const res = await request(
      "/api/admin/staff/invitations",
      withCookie(owner.cookie, post({ email: "bounced@unknown.example" })),
    );
    const { id } = (await res.json()) as StaffInvitation;
    await outbox.runOnce();
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner.cookie)));
    const listed = overview.invitations.find((i) => i.id === id);
    expect(listed?.mail).toBe("failed");
    const token = listed?.link?.match(/^http:\/\/localhost:3000\/admin\/join#([A-Za-z0-9_-]{43})$/)?.[1];
    expect(token).toBeTruthy();
    expect((await request("/api/admin/staff-invitation", post({ token }))).status).toBe(200);
  });
});

describe("removing and resetting a colleague", () => {
  test("nobody can remove or reset themselves", async () => {
    const self = await request(`/api/admin/staff/${colleague.id}`, del(colleague.cookie));
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ error: "You cannot remove yourself. Ask a colleague to do it." });
    const reset = await request(
      `/api/admin/staff/${colleague.id}/reset-mfa`,
      withCookie(colleague.cookie, post()),
    );
    expect(reset.status).toBe(403);
    expect((await request("/api/admin/staff/999/reset-mfa", withCookie(owner.cookie, post()))).status).toBe(
      404,
    );
    expect((await request("/api/admin/staff/abc", del(owner.cookie))).status).toBe(404);
  });

  test("a reset ends the colleague's sessions and their next sign-in enrols again", async () => {
    const res = await request(`/api/admin/staff/${colleague.id}/reset-mfa`, withCookie(owner.cookie, post()));
    expect(res.status).toBe(200);
    expect((await request("/api/admin/staff", withCookie(colleague.cookie))).status).toBe(401);
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner.cookie)));
    expect(overview.members.find((m) => m.id === colleague.id)?.mfaEnabled).toBe(false);
    const again = await request(
      `/api/admin/staff/${colleague.id}/reset-mfa`,
      withCookie(owner.cookie, post()),
    );
    expect(again.status).toBe(409);
    colleague = { id: colleague.id, ...(await enrolledSignIn("alex", COLLEAGUE_PASSWORD)) };
  });

  test("removing a colleague ends their sessions at once", async () => {
    const res = await request(`/api/admin/staff/${colleague.id}`, del(owner.cookie));
    expect(res.status).toBe(200);
    const after = await request("/api/admin/staff", withCookie(colleague.cookie));
    expect(after.status).toBe(401);
    const login = await request("/api/admin/login", post({ username: "alex", password: COLLEAGUE_PASSWORD }));
    expect(login.status).toBe(401);
    const overview = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner.cookie)));
    expect(overview.members.map((m) => m.username)).toEqual([OWNER]);
  });

  test("the last admin cannot be removed", async () => {
    // Through the API the sole admin is the one asking, refused as self-removal; the count itself guards any
    // other caller of the service (a removal racing another, a future operator command).
    const self = await request(`/api/admin/staff/${ownerId()}`, del(owner.cookie));
    expect(self.status).toBe(403);
    const service = createStaffService({
      store,
      config,
      sessions: createSessionStore({ db, secrets: ["test"], secure: false, now: () => new Date(clock) }),
      outbox,
      now: () => new Date(clock),
    });
    const operator = { id: 0, username: "operator", clientAddress: "local" };
    const refusal = (() => {
      try {
        service.remove(ownerId(), operator);
      } catch (error) {
        return error;
      }
    })();
    if (!(refusal instanceof DomainError)) throw new Error("the removal was not refused");
    const { status, body } = answerOf(refusal);
    expect({ status, body }).toEqual({
      status: 409,
      body: { error: "The last admin cannot be removed." },
    });
    expect(ownerId()).toBeGreaterThan(0);
  });

  test("every step is in the audit log, without e-mail addresses", () => {
    const entries = listAudit(store, { limit: 200 }).entries;
    const events = entries.map((e) => e.event);
    for (const event of [
      "staff.invited",
      "staff.invitation_accepted",
      "staff.invitation_withdrawn",
      "staff.mfa_reset",
      "staff.removed",
      "staff.remove_refused",
    ]) {
      expect(events).toContain(event);
    }
    expect(entries.find((e) => e.event === "staff.removed")).toMatchObject({
      username: OWNER,
      detail: { targetId: colleague.id, targetUsername: "alex" },
    });
    expect(JSON.stringify(entries)).not.toContain("@tracewell.example");
  });
});

const ownerId = () =>
  (db.query("SELECT id FROM admin_users WHERE username = ?").get(OWNER) as { id: number }).id;

describe("tracewell admin reset-mfa", () => {
  const MAIN = join(import.meta.dir, "..", "..", "..", "src", "main.ts");
  const cli = async (args: string[]) => {
    const proc = Bun.spawn([process.execPath, MAIN, "admin", "reset-mfa", ...args], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stdout, stderr] = await Promise.all([
      proc.exited,
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
    ]);
    return { code, stdout, stderr };
  };

  test("resets an admin's second factor and signs them out; the next sign-in enrols", async () => {
    const r = await cli([OWNER]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toContain(`Two-step sign-in for "${OWNER}" was reset`);
    expect((await request("/api/admin/staff", withCookie(owner.cookie))).status).toBe(401);
    const login = await request("/api/admin/login", post({ username: OWNER, password: OWNER_PASSWORD }));
    expect(await login.json()).toEqual({ username: OWNER, mfaEnrolmentRequired: true });
    expect(
      listAudit(store, { limit: 5 }).entries.find((e) => e.event === "staff.mfa_reset")?.detail,
    ).toMatchObject({
      via: "cli",
      targetUsername: OWNER,
    });
  });

  test("names an unknown admin and changes nothing; usage without a name", async () => {
    const unknown = await cli(["nobody"]);
    expect(unknown).toMatchObject({ code: 1, stderr: 'No admin named "nobody". Nothing was changed.\n' });
    const usage = await cli([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("tracewell admin reset-mfa <username>");
  });
});

describe("screens", () => {
  test("the join screen opens without a session; the Staff screen only for a signed-in admin", async () => {
    const join = await request("/admin/join");
    expect(join.status).toBe(200);
    expect(join.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await join.text()).toContain("Join the Admin");
    const staff = await request("/admin/staff");
    expect(staff.status).toBe(303);
    expect(staff.headers.get("location")).toBe("/admin/login");
  });
});

describe("without mail configured", () => {
  const quiet = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: OWNER_PASSWORD });

  test("an invitation offers its one-time link to copy, and a colleague joins with it", async () => {
    const cookie = cookieFrom(
      await quiet.request("/api/admin/login", post({ username: OWNER, password: OWNER_PASSWORD })),
    );
    const res = await quiet.request(
      "/api/admin/staff/invitations",
      withCookie(cookie, post({ email: "jordan@tracewell.example" })),
    );
    expect(res.status).toBe(201);
    const invitation = (await res.json()) as StaffInvitation;
    expect(invitation.mail).toBe("unconfigured");
    const token = invitation.link?.match(/^http:\/\/localhost:3000\/admin\/join#([A-Za-z0-9_-]{43})$/)?.[1];
    expect(token).toBeTruthy();
    // Still there after a reload of the Staff screen.
    const overview = await json<StaffOverview>(quiet.request("/api/admin/staff", withCookie(cookie)));
    expect(overview.invitations.find((i) => i.id === invitation.id)?.link).toBe(invitation.link);
    const joined = await quiet.request(
      "/api/admin/staff-invitation/accept",
      post({ token, username: "jordan", password: COLLEAGUE_PASSWORD, confirmPassword: COLLEAGUE_PASSWORD }),
    );
    expect(joined.status).toBe(201);
    // Used, the invitation is gone from the list, and its link with it.
    const after = await json<StaffOverview>(quiet.request("/api/admin/staff", withCookie(cookie)));
    expect(after.invitations.find((i) => i.id === invitation.id)).toBeUndefined();
  });

  test("an invitation waits, and the Staff screen says why", async () => {
    const login = await quiet.request(
      "/api/admin/login",
      post({ username: OWNER, password: OWNER_PASSWORD }),
    );
    const cookie = cookieFrom(login);
    const res = await quiet.request(
      "/api/admin/staff/invitations",
      withCookie(cookie, post({ email: "drew@tracewell.example" })),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ email: "drew@tracewell.example", mail: "unconfigured" });
    const overview = await json<StaffOverview>(quiet.request("/api/admin/staff", withCookie(cookie)));
    expect(overview.mfaRequired).toBe(false);
    expect(overview.invitations.map((i) => i.mail)).toEqual(["unconfigured"]);
  });
});
