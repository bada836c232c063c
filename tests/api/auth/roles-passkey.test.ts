import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { joinAs } from "../../helpers/roles";
import { softAuthenticator } from "../../helpers/webauthn";

setDefaultTimeout(30_000);

/**
 * A colleague who signs in with a passkey, as an owner changes their role: the server judges each request by the
 * role as it stands (ADR 258), whichever way they signed in, refuses what the admin hides from them, and the audit
 * page (as the owner reads it) names who did each thing.
 */
const OWNER = { username: "morgan", password: "trace every transfer" };
const PASSWORD = "a long enough passphrase";
const { request } = makeTestApp({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
const key = softAuthenticator();
const patch = (cookie: string, body: unknown) => withCookie(cookie, { ...post(body), method: "PATCH" });

type Entry = {
  event: string;
  username: string | null;
  name: string | null;
  detail: Record<string, unknown> | null;
};
const auditPage = async (cookie: string) =>
  ((await (await request("/api/admin/audit?limit=50", withCookie(cookie))).json()) as { entries: Entry[] })
    .entries;

async function passkeySignIn(): Promise<Response> {
  const options = await request("/api/admin/login/passkey/options", post());
  const { challenge } = (await options.json()) as { challenge: string };
  const response = key.assert({ challenge, origin: ORIGIN, rpId: "localhost" });
  return request("/api/admin/login/passkey", withCookie(cookieFrom(options), post({ response })));
}

let owner = "";
let ownerId = 0;
let sam = { id: 0, cookie: "" };
let samByPasskey = "";

describe("a colleague signed in with a passkey", () => {
  test("adds one and signs in with it", async () => {
    owner = await signIn(request, OWNER.username, OWNER.password);
    sam = await joinAs(request, owner, { username: "sam", email: "sam@tracewell.example", role: "staff" });
    const options = await request(
      "/api/admin/account/passkeys/options",
      withCookie(sam.cookie, post({ password: PASSWORD })),
    );
    const { challenge } = (await options.json()) as { challenge: string };
    const response = key.register({ challenge, origin: ORIGIN, rpId: "localhost" });
    const added = await request(
      "/api/admin/account/passkeys",
      withCookie(sam.cookie, post({ name: "Phone", response })),
    );
    expect(added.status).toBe(200);
    const res = await passkeySignIn();
    expect(res.status).toBe(200);
    samByPasskey = cookieFrom(res);
    expect((await request("/api/admin/submissions", withCookie(samByPasskey))).status).toBe(200);
  });

  test("a role change applies to the passkey's session at its next request, and to the next passkey sign-in", async () => {
    const changed = await request(`/api/admin/staff/${sam.id}`, patch(owner, { role: "editor" }));
    expect(changed.status).toBe(200);
    expect((await request("/api/admin/submissions", withCookie(samByPasskey))).status).toBe(403);
    const again = cookieFrom(await passkeySignIn());
    expect(await (await request("/api/admin/auth/status", withCookie(again))).json()).toMatchObject({
      username: "sam",
      role: "editor",
    });
    expect((await request("/api/admin/submissions", withCookie(again))).status).toBe(403);
    expect((await request("/api/admin/articles", withCookie(again))).status).toBe(200);
  });

  test("what the admin hides from an editor, the server refuses: a role, a reset, deleting a request", async () => {
    ownerId = (
      (await (await request("/api/admin/staff", withCookie(owner))).json()) as {
        members: { id: number; you: boolean }[];
      }
    ).members.find((m) => m.you)!.id;
    const attempts: [string, RequestInit][] = [
      [`/api/admin/staff/${sam.id}`, patch(samByPasskey, { role: "owner" })],
      [`/api/admin/staff/${ownerId}/reset-mfa`, withCookie(samByPasskey, post())],
      ["/api/admin/submissions/1", withCookie(samByPasskey, { ...post(), method: "DELETE" })],
    ];
    for (const [path, init] of attempts) {
      const res = await request(path, init);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^Only an owner can .* Your role is Editor\.$/,
      );
    }
  });

  test("an owner's reset of themselves, or of someone with nothing set up, is refused and audited", async () => {
    const self = await request(`/api/admin/staff/${ownerId}/reset-mfa`, withCookie(owner, post()));
    expect(self.status).toBe(403);
    const reset = await request(`/api/admin/staff/${sam.id}/reset-mfa`, withCookie(owner, post()));
    expect(reset.status).toBe(200);
    const nothing = await request(`/api/admin/staff/${sam.id}/reset-mfa`, withCookie(owner, post()));
    expect(nothing.status).toBe(409);
    const refusals = (await auditPage(owner)).filter((e) => e.event === "staff.mfa_reset_refused");
    expect(refusals.map((e) => ({ name: e.name, detail: e.detail }))).toEqual([
      { name: OWNER.username, detail: { targetId: sam.id, reason: "nothing_set_up" } },
      { name: OWNER.username, detail: { targetId: ownerId, reason: "self" } },
    ]);
  });

  test("the audit page names who added, used and lost the passkey, and who changed the role", async () => {
    const entries = await auditPage(owner);
    const first = (event: string) => entries.filter((e) => e.event === event).at(-1);
    expect(first("passkey.added")).toMatchObject({ username: "sam", name: "sam" });
    expect(first("login.succeeded")).toBeDefined();
    expect(entries.filter((e) => e.event === "login.succeeded" && e.detail?.mfa === "passkey")).toHaveLength(
      2,
    );
    expect(entries.find((e) => e.event === "login.succeeded" && e.detail?.mfa === "passkey")?.name).toBe(
      "sam",
    );
    expect(first("staff.role_changed")).toMatchObject({
      name: OWNER.username,
      detail: { targetId: sam.id, from: "staff", to: "editor" },
    });
    expect(first("staff.mfa_reset")).toMatchObject({
      name: OWNER.username,
      detail: { targetId: sam.id, targetUsername: "sam" },
    });
  });
});
