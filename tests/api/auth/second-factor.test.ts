import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { createApp } from "../../../src/app";
import type { StaffOverview } from "../../../src/contracts/staff";
import { MANIFEST } from "../../../src/generated/assets";
import { listAudit } from "../../../src/modules/audit";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { FIRM_TERMS, loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";
import { joinAs } from "../../helpers/roles";
import { softAuthenticator } from "../../helpers/webauthn";

setDefaultTimeout(30_000);

/**
 * "Does this admin have a second factor?" has one answer wherever it is asked (ADR 272): an authenticator app or
 * a passkey. Walked here for an account whose only second factor is a passkey: the sign-in's rule (with and
 * without REQUIRE_MFA), a session signed in with the password alone, the Staff screen's list and its reset, and
 * the operator's command.
 */
const OWNER = { username: "olive", password: "trace every transfer" };
const PASSWORD = "a long enough passphrase";
const { request, store, dataDir } = makeTestApp({
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
});
// The same data after a restart with two-step sign-in required.
const strict = createApp({
  config: loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, REQUIRE_MFA: "", ...FIRM_TERMS }),
  store,
  manifest: MANIFEST,
});
const strictRequest = (path: string, init?: RequestInit) =>
  strict.handle(new Request(`${ORIGIN}${path}`, init));

const key = softAuthenticator();
let owner = "";
let sashaId = 0;
let sasha = "";
let passwordOnly = "";

const passkeyCount = (userId: number) =>
  (store.db.query("SELECT count(*) AS n FROM passkeys WHERE user_id = ?").get(userId) as { n: number }).n;
const memberOf = async (id: number) =>
  ((await (await request("/api/admin/staff", withCookie(owner))).json()) as StaffOverview).members.find(
    (m) => m.id === id,
  );

describe("an account whose second factor is a passkey", () => {
  test("adds its passkey with its password; the session that added it stays signed in", async () => {
    owner = await signIn(request, OWNER.username, OWNER.password);
    ({ id: sashaId, cookie: sasha } = await joinAs(request, owner, {
      username: "sasha",
      email: "sasha@tracewell.example",
      role: "staff",
    }));
    // A second browser signed in with the password alone, before the passkey.
    passwordOnly = await signIn(request, "sasha", PASSWORD);
    expect((await memberOf(sashaId))?.mfaEnabled).toBe(false);

    const options = await request(
      "/api/admin/account/passkeys/options",
      withCookie(sasha, post({ password: PASSWORD })),
    );
    const { challenge } = (await options.json()) as { challenge: string };
    const response = key.register({ challenge, origin: ORIGIN, rpId: "localhost" });
    const added = await request(
      "/api/admin/account/passkeys",
      withCookie(sasha, post({ name: "Laptop", response })),
    );
    expect(added.status).toBe(200);
    expect(passkeyCount(sashaId)).toBe(1);
    // This session has just shown the passkey: it is not ended for having signed in with the password alone.
    expect((await request("/api/admin/account/passkeys", withCookie(sasha))).status).toBe(200);
  });

  test("a session signed in with the password alone opens nothing once the account has a passkey", async () => {
    expect((await request("/api/admin/account/passkeys", withCookie(passwordOnly))).status).toBe(401);
  });

  test("the password alone does not sign in: the answer asks for the passkey and opens no session", async () => {
    for (const req of [request, strictRequest]) {
      const res = await req("/api/admin/login", post({ username: "sasha", password: PASSWORD }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ username: "sasha", passkeyRequired: true });
      // Not led to set up an app (REQUIRE_MFA's enrolment), not signed in.
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(
      listAudit(store, { limit: 5 }).entries.find((e) => e.event === "login.password_accepted")?.detail,
    ).toMatchObject({ next: "passkey" });
  });

  test("the Staff screen lists it as having two-step sign-in", async () => {
    expect((await memberOf(sashaId))?.mfaEnabled).toBe(true);
  });

  test("the Staff screen's reset clears the passkey and is audited with who did it", async () => {
    const res = await request(`/api/admin/staff/${sashaId}/reset-mfa`, withCookie(owner, post()));
    expect(res.status).toBe(200);
    expect(passkeyCount(sashaId)).toBe(0);
    expect((await memberOf(sashaId))?.mfaEnabled).toBe(false);
    const entry = listAudit(store, { limit: 5 }).entries.find((e) => e.event === "staff.mfa_reset");
    expect(entry).toMatchObject({
      username: OWNER.username,
      detail: { targetId: sashaId, targetUsername: "sasha" },
    });
    // Nothing left to reset: the refusal says so.
    const again = await request(`/api/admin/staff/${sashaId}/reset-mfa`, withCookie(owner, post()));
    expect(again.status).toBe(409);
    // With no second factor the password signs in again; with REQUIRE_MFA it leads to setting up the app.
    const plain = await request("/api/admin/login", post({ username: "sasha", password: PASSWORD }));
    expect(await plain.json()).toEqual({ username: "sasha" });
    const enrol = await strictRequest("/api/admin/login", post({ username: "sasha", password: PASSWORD }));
    expect(await enrol.json()).toEqual({ username: "sasha", mfaEnrolmentRequired: true });
    expect(cookieFrom(enrol)).toBeTruthy();
  });
});
