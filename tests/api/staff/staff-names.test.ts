import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { AuthStatus } from "../../../src/contracts/admin-auth";
import type { StaffInvitation, StaffOverview, StaffProfile } from "../../../src/contracts/staff";
import type { SubmissionDetail } from "../../../src/contracts/submissions";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(30_000);

const OWNER = "morgan";
const PASSWORD = "ledger lines never lie";
const ALEX = { username: "alex", email: "alex.rivera@tracewell.example", password: "maps of every asset" };
const SAM = { username: "sam", email: "sam.okafor@tracewell.example", password: "quiet hours by the river" };
const [SMTP_PORT = 0] = freePorts(1);

const clock = { at: new Date("2026-11-23T09:00:00Z") };
const smtp = smtpServer(SMTP_PORT);
const { request, db, app } = makeTestApp(
  {
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: '"Tracewell" <desk@tracewell.example>',
  },
  { now: () => clock.at },
);
const outbox = app.decorator.mailOutbox;
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const put = (cookie: string, body: unknown) => withCookie(cookie, { ...post(body), method: "PUT" });
const status = (cookie: string) => json<AuthStatus>(request("/api/admin/auth/status", withCookie(cookie)));

/** Invites a colleague, reads the link from the invitation e-mail, and accepts it under `who`'s username. */
async function join(owner: string, who: typeof ALEX, name?: string) {
  const res = await request(
    "/api/admin/staff/invitations",
    withCookie(owner, post({ email: who.email, ...(name === undefined ? {} : { name }) })),
  );
  expect(res.status).toBe(201);
  const invitation = (await res.json()) as StaffInvitation;
  const before = smtp.received.length;
  expect(await outbox.runOnce()).toBe(1);
  const mail = smtp.received[before];
  const token = mail?.text?.match(/\/admin\/join#([A-Za-z0-9_-]+)/)?.[1] ?? "";
  const accepted = await request(
    "/api/admin/staff-invitation/accept",
    post({ token, username: who.username, password: who.password, confirmPassword: who.password }),
  );
  expect(accepted.status).toBe(201);
  return { invitation, mail, cookie: cookieFrom(accepted) };
}

let owner = "";

describe("a colleague's display name", () => {
  test("an admin without a name or address is shown by their username", async () => {
    owner = await signIn(request, OWNER, PASSWORD);
    expect(await json<StaffProfile>(request("/api/admin/staff/me", withCookie(owner)))).toEqual({
      username: OWNER,
      email: null,
      displayName: null,
      shownAs: OWNER,
    });
    expect((await status(owner)).shownAs).toBe(OWNER);
  });

  test("is refused on the Account screen unless it is one line of 1 to 80 characters, with a message", async () => {
    for (const [displayName, message] of [
      ["   ", "Name is required"],
      ["x".repeat(81), "Name must be at most 80 characters"],
      ["Morgan\nEllis", "Name must be one line of text"],
      [42, "Name is required"],
    ] as const) {
      const res = await request("/api/admin/staff/me", put(owner, { displayName }));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ errors: { displayName: [message] } });
    }
    expect((await status(owner)).shownAs).toBe(OWNER);
  });

  test("is saved trimmed from the Account screen, 80 characters at most", async () => {
    const longest = "M".repeat(80);
    expect((await request("/api/admin/staff/me", put(owner, { displayName: longest }))).status).toBe(200);
    const res = await request("/api/admin/staff/me", put(owner, { displayName: "  Morgan Ellis  " }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      username: OWNER,
      email: null,
      displayName: "Morgan Ellis",
      shownAs: "Morgan Ellis",
    });
    expect((await status(owner)).shownAs).toBe("Morgan Ellis");
    const staff = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(staff.members.find((m) => m.you)?.displayName).toBe("Morgan Ellis");
  });

  test("is given at invitation: refused when bad, then the colleague joins under it", async () => {
    const bad = await request(
      "/api/admin/staff/invitations",
      withCookie(owner, post({ email: ALEX.email, name: "x".repeat(81) })),
    );
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ errors: { name: ["Name must be at most 80 characters"] } });

    const { invitation, mail, cookie } = await join(owner, ALEX, " Alex Rivera ");
    expect(invitation).toMatchObject({ email: ALEX.email, name: "Alex Rivera", invitedBy: "Morgan Ellis" });
    // The invitation says who invited them by name.
    expect(mail?.subject).toBe("Morgan Ellis invited you to the Tracewell admin");
    expect(await status(cookie)).toMatchObject({ username: ALEX.username, shownAs: "Alex Rivera" });
    const staff = await json<StaffOverview>(request("/api/admin/staff", withCookie(owner)));
    expect(staff.members.find((m) => m.username === ALEX.username)?.displayName).toBe("Alex Rivera");
  });

  test("a colleague invited without a name is shown by their e-mail address until they choose one", async () => {
    const { invitation, cookie } = await join(owner, SAM);
    expect(invitation.name).toBeNull();
    expect(await json<StaffProfile>(request("/api/admin/staff/me", withCookie(cookie)))).toMatchObject({
      displayName: null,
      shownAs: SAM.email,
    });
  });
});

describe("the desk and the audit log name who did what", () => {
  test("replies are sent under the writer's name; the history and the log show names, else the address", async () => {
    const { id } = await fileIntake({ request, db }, clock.at);
    expect(await outbox.runOnce()).toBe(2);
    const alex = await signIn(request, ALEX.username, ALEX.password);
    const sam = await signIn(request, SAM.username, SAM.password);
    const api = `/api/admin/submissions/${id}`;
    const patch = (cookie: string, body: unknown) => withCookie(cookie, { ...post(body), method: "PATCH" });
    expect((await request(api, patch(alex, { status: "in-review" }))).status).toBe(200);
    expect((await request(api, patch(sam, { note: "Called the client back." }))).status).toBe(200);
    const body = "Hello Dana,\n\nWe can start on Monday.\n\nKind regards,\nAlex Rivera\nTracewell";
    expect((await request(`${api}/replies`, withCookie(alex, post({ body })))).status).toBe(201);

    const before = smtp.received.length;
    expect(await outbox.runOnce()).toBe(1);
    const reply = smtp.received[before];
    expect(reply?.from?.value).toEqual([
      { name: "Alex Rivera, Tracewell", address: "desk@tracewell.example" },
    ]);
    expect(reply?.text?.trim()).toEndWith("Alex Rivera\nTracewell");

    const detail = await json<SubmissionDetail>(request(api, withCookie(owner)));
    const who = detail.timeline.flatMap((e) =>
      e.kind === "status"
        ? [`status by ${e.change.actor}`]
        : e.kind === "note"
          ? [`note by ${e.note.author}`]
          : e.kind === "reply"
            ? [`reply by ${e.reply.author}`]
            : [],
    );
    expect(who).toEqual(["status by Alex Rivera", `note by ${SAM.email}`, "reply by Alex Rivera"]);

    // A new name shows at once on what was done before it.
    expect((await request("/api/admin/staff/me", put(sam, { displayName: "Sam Okafor" }))).status).toBe(200);
    const again = await json<SubmissionDetail>(request(api, withCookie(owner)));
    expect(again.notes.map((n) => n.author)).toEqual(["Sam Okafor"]);

    type Page = { entries: { event: string; username: string | null; name: string | null }[] };
    const log = await json<Page>(request("/api/admin/audit", withCookie(owner)));
    const entry = (event: string) => log.entries.find((e) => e.event === event);
    expect(entry("submission.reply_sent")).toMatchObject({ username: ALEX.username, name: "Alex Rivera" });
    expect(entry("submission.note_added")).toMatchObject({ username: SAM.username, name: "Sam Okafor" });
    expect(entry("staff.name_changed")).toMatchObject({ username: SAM.username, name: "Sam Okafor" });
    // The "who" filter still takes the username.
    const alexOnly = await json<Page>(request(`/api/admin/audit?user=${ALEX.username}`, withCookie(owner)));
    expect(alexOnly.entries.length).toBeGreaterThan(0);
    expect(new Set(alexOnly.entries.map((e) => e.name))).toEqual(new Set(["Alex Rivera"]));
  });

  test("the audit log names each author by the name they had when they acted, older entries included", async () => {
    const alex = await signIn(request, ALEX.username, ALEX.password);
    expect((await request("/api/admin/staff/me", put(alex, { displayName: "Alex Rivera" }))).status).toBe(
      200,
    );
    const { id } = await fileIntake({ request, db }, clock.at);
    expect(await outbox.runOnce()).toBe(2);
    const api = `/api/admin/submissions/${id}`;
    const patch = (body: unknown) => withCookie(alex, { ...post(body), method: "PATCH" });
    expect((await request(api, patch({ note: "Before the new name." }))).status).toBe(200);
    // An entry written before names were kept with entries: it is named as the account is named today.
    db.query(
      "INSERT INTO audit_log (at, event, user_id, username) VALUES (?, 'submission.note_added', NULL, ?)",
    ).run("2026-11-01T12:00:00.000Z", ALEX.username);
    expect((await request("/api/admin/staff/me", put(alex, { displayName: "Alex Stone" }))).status).toBe(200);
    expect((await request(api, patch({ note: "After the new name." }))).status).toBe(200);

    type Page = { entries: { event: string; at: string; name: string | null; detail: unknown }[] };
    const log = await json<Page>(request(`/api/admin/audit?user=${ALEX.username}`, withCookie(owner)));
    const notes = log.entries.filter((e) => e.event === "submission.note_added");
    // Newest first: the note after the change, the entry from before names were kept, the note before it.
    expect(notes.map((e) => [e.at, e.name])).toEqual([
      [clock.at.toISOString(), "Alex Stone"],
      ["2026-11-01T12:00:00.000Z", "Alex Stone"],
      [clock.at.toISOString(), "Alex Rivera"],
    ]);
    // The name kept with an entry is shown as its author, not repeated among its facts.
    expect(JSON.stringify(notes.map((e) => e.detail))).not.toContain("actorName");
  });

  test("the reply mail of a colleague without a name goes out under the site's own sender", async () => {
    const { id } = await fileIntake({ request, db }, clock.at);
    expect(await outbox.runOnce()).toBe(2);
    const alex = await signIn(request, ALEX.username, ALEX.password);
    // Alex's name is taken off by hand, as a database from before names would have it.
    db.query("UPDATE admin_users SET display_name = NULL WHERE username = ?").run(ALEX.username);
    const res = await request(
      `/api/admin/submissions/${id}/replies`,
      withCookie(alex, post({ body: "Thanks" })),
    );
    expect(res.status).toBe(201);
    const before = smtp.received.length;
    expect(await outbox.runOnce()).toBe(1);
    expect(smtp.received[before]?.from?.value).toEqual([
      { name: "Tracewell", address: "desk@tracewell.example" },
    ]);
  });
});

describe("an article's saved versions name who saved them", () => {
  test("by their display name", async () => {
    const created = await request(
      "/api/admin/articles",
      withCookie(
        owner,
        post({ title: "Named Saves", slug: "named-saves", description: "Who saved what.", content: "Text." }),
      ),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const revisions = await json<{ savedBy: string }[]>(
      request(`/api/admin/articles/${id}/revisions`, withCookie(owner)),
    );
    expect(revisions.map((r) => r.savedBy)).toEqual(["Morgan Ellis"]);
  });
});
