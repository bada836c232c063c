import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { MfaEnrolment } from "../../../src/contracts/admin-auth";
import { listAudit } from "../../../src/modules/audit";
import { LOGIN_FAILURES_PER_USERNAME, LOGIN_WINDOW_MS } from "../../../src/modules/auth/model";
import { cookieFrom, post, signIn, totpCode, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { FLAGS, type SoftAuthenticator, softAuthenticator } from "../../helpers/webauthn";

setDefaultTimeout(30_000);

const USER = "quinn";
const PASSWORD = "every ledger balances";
const RP_ID = "localhost";
let clock = Date.parse("2026-06-01T10:00:00Z");
const tick = (ms = 30_000) => {
  clock += ms;
};
// Two-step sign-in required, as on every server but the demo.
const { request, db, store, dataDir } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "", TRUST_PROXY: "1" },
  { now: () => new Date(clock) },
);

let address = 1;
const from = (init: RequestInit, ip = `198.51.100.${address++}`): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ip },
});
const audit = () => listAudit(store, { limit: 50 }).entries;

let secret = "";
let recoveryCodes: string[] = [];
let session = "";

/** Signs in with the password and the app's code: a full session. */
async function signInWithCode(): Promise<string> {
  tick();
  const step = await request("/api/admin/login", from(post({ username: USER, password: PASSWORD })));
  const res = await request(
    "/api/admin/login/mfa",
    from(withCookie(cookieFrom(step), post({ code: totpCode(secret, clock) }))),
  );
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

async function registrationOptions(cookie: string, proof: Record<string, string>) {
  return request("/api/admin/account/passkeys/options", from(withCookie(cookie, post(proof))));
}

/** Adds a passkey held by `key` through the account's two calls; returns the finishing answer. */
async function addPasskey(
  cookie: string,
  key: SoftAuthenticator,
  name: string,
  over: { origin?: string; rpId?: string } = {},
) {
  tick();
  const options = await registrationOptions(cookie, { code: totpCode(secret, clock) });
  expect(options.status).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  const response = key.register({ challenge, origin: over.origin ?? ORIGIN, rpId: over.rpId ?? RP_ID });
  return request("/api/admin/account/passkeys", from(withCookie(cookie, post({ name, response }))));
}

/** A passkey sign-in from a browser with no session: the options, then the assertion with its cookie. */
async function passkeySignIn(
  key: SoftAuthenticator,
  over: { origin?: string; rpId?: string; flags?: number; ip?: string; noCookie?: boolean } = {},
) {
  const options = await request("/api/admin/login/passkey/options", from(post(), over.ip));
  expect(options.status).toBe(200);
  const body = (await options.json()) as {
    challenge: string;
    rpId: string;
    userVerification: string;
    allowCredentials?: unknown[];
  };
  const response = key.assert({
    challenge: body.challenge,
    origin: over.origin ?? ORIGIN,
    rpId: over.rpId ?? RP_ID,
    ...(over.flags === undefined ? {} : { flags: over.flags }),
  });
  const init = post({ response });
  return {
    options: body,
    res: await request(
      "/api/admin/login/passkey",
      from(over.noCookie ? init : withCookie(cookieFrom(options), init), over.ip),
    ),
  };
}

const passkeyRows = () =>
  db
    .query("SELECT id, counter, backup_eligible, backed_up, last_used_at, name FROM passkeys ORDER BY id")
    .all() as {
    id: number;
    counter: number;
    backup_eligible: number;
    backed_up: number;
    last_used_at: string | null;
    name: string;
  }[];

const phone = softAuthenticator({ backupEligible: true });
const laptop = softAuthenticator();

describe("setting up", () => {
  test("the admin sets up two-step sign-in first (this server requires it)", async () => {
    const enrol = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    const cookie = cookieFrom(enrol);
    // A session still owing enrolment cannot add a passkey instead.
    expect((await registrationOptions(cookie, { password: PASSWORD })).status).toBe(403);
    const { secret: s } = (await (
      await request("/api/admin/account/mfa/enrol", withCookie(cookie, post()))
    ).json()) as MfaEnrolment;
    secret = s;
    const confirmed = await request(
      "/api/admin/account/mfa/confirm",
      withCookie(cookie, post({ code: totpCode(secret, clock) })),
    );
    recoveryCodes = ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    session = cookieFrom(confirmed);
  });
});

describe("adding a passkey asks for the second factor first", () => {
  test("nothing, the password or a wrong code is refused with a message at the field", async () => {
    const nothing = await registrationOptions(session, {});
    expect(nothing.status).toBe(422);
    const password = await registrationOptions(session, { password: PASSWORD });
    expect(password.status).toBe(422);
    expect(await password.json()).toEqual({
      errors: { code: ["Enter a code from your authenticator app, or a recovery code."] },
    });
    const wrong = await registrationOptions(session, { code: "000000" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      errors: { code: ["That code did not work. Check your authenticator app and try again."] },
    });
    expect(audit().filter((e) => e.event === "passkey.add_refused")).toHaveLength(2);
  });

  test("a right code gives the options: this server as the relying party, a discoverable key, verification required", async () => {
    tick();
    const res = await registrationOptions(session, { code: totpCode(secret, clock) });
    expect(res.status).toBe(200);
    const options = await res.json();
    expect(options).toMatchObject({
      rp: { id: RP_ID, name: "Tracewell" },
      user: { name: USER },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same code twice is a replay.
    const again = await registrationOptions(session, { code: totpCode(secret, clock) });
    expect(again.status).toBe(422);
  });

  test("a recovery code does too, and is used up", async () => {
    const res = await registrationOptions(session, { recoveryCode: recoveryCodes[0]! });
    expect(res.status).toBe(200);
    expect((await registrationOptions(session, { recoveryCode: recoveryCodes[0]! })).status).toBe(422);
  });
});

describe("registration", () => {
  test("a response made for another origin or another relying party is refused and nothing is stored", async () => {
    const phished = await addPasskey(session, phone, "Phone", { origin: "https://tracewell-login.example" });
    expect(phished.status).toBe(422);
    expect(await phished.json()).toEqual({
      errors: { passkey: ["This passkey could not be added. Try again, or use another device."] },
    });
    const otherRp = await addPasskey(session, phone, "Phone", { rpId: "example.com" });
    expect(otherRp.status).toBe(422);
    expect(passkeyRows()).toEqual([]);
  });

  test("finishing with no challenge under way, or one that expired, says to start again", async () => {
    const none = await request(
      "/api/admin/account/passkeys",
      withCookie(
        session,
        post({ name: "Phone", response: phone.register({ challenge: "x", origin: ORIGIN, rpId: RP_ID }) }),
      ),
    );
    expect(none.status).toBe(409);
    tick();
    const options = await registrationOptions(session, { code: totpCode(secret, clock) });
    const { challenge } = (await options.json()) as { challenge: string };
    tick(5 * 60_000 + 1);
    const late = await request(
      "/api/admin/account/passkeys",
      withCookie(
        session,
        post({ name: "Phone", response: phone.register({ challenge, origin: ORIGIN, rpId: RP_ID }) }),
      ),
    );
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Adding the passkey took too long. Start again." });
  });

  test("a right response stores the key with its counter and backup flags; the list shows it; audited", async () => {
    const res = await addPasskey(session, phone, "  Work phone ");
    expect(res.status).toBe(200);
    const { passkey } = await res.json();
    expect(passkey).toMatchObject({
      name: "Work phone",
      createdAt: new Date(clock).toISOString(),
      lastUsedAt: null,
      synced: true,
    });
    expect((await addPasskey(session, laptop, "Laptop")).status).toBe(200);
    const rows = passkeyRows();
    expect(rows.map((r) => [r.counter, r.backup_eligible, r.backed_up])).toEqual([
      [0, 1, 1],
      [0, 0, 0],
    ]);
    // The name is encrypted at rest like every value an admin types.
    expect(rows[0]!.name).toStartWith("enc:v1:");
    const list = await (await request("/api/admin/account/passkeys", withCookie(session))).json();
    expect(list).toMatchObject({ proof: "code", passkeys: [{ name: "Work phone" }, { name: "Laptop" }] });
    expect(
      audit()
        .filter((e) => e.event === "passkey.added")
        .map((e) => e.detail),
    ).toEqual([
      { passkeyId: rows[1]!.id, synced: false },
      { passkeyId: rows[0]!.id, synced: true },
    ]);
  });

  test("the same challenge cannot finish twice", async () => {
    tick();
    const options = await registrationOptions(session, { code: totpCode(secret, clock) });
    const { challenge } = (await options.json()) as { challenge: string };
    const key = softAuthenticator();
    const response = key.register({ challenge, origin: ORIGIN, rpId: RP_ID });
    const first = await request(
      "/api/admin/account/passkeys",
      withCookie(session, post({ name: "Key", response })),
    );
    expect(first.status).toBe(200);
    const second = await request(
      "/api/admin/account/passkeys",
      withCookie(session, post({ name: "Key", response })),
    );
    expect(second.status).toBe(409);
    const [, , third] = passkeyRows();
    expect(
      (
        await request(
          `/api/admin/account/passkeys/${third!.id}`,
          withCookie(session, { ...post(), method: "DELETE" }),
        )
      ).status,
    ).toBe(200);
  });
});

describe("signing in with a passkey", () => {
  test("alone, with no username, it opens a full session on a server that requires two-step sign-in", async () => {
    tick();
    const { options, res } = await passkeySignIn(phone);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: USER });
    const cookie = cookieFrom(res);
    expect(await (await request("/api/admin/auth/status", withCookie(cookie))).json()).toMatchObject({
      authenticated: true,
      username: USER,
    });
    expect((await request("/api/admin/account/mfa", withCookie(cookie))).status).toBe(200);
    const [row] = passkeyRows();
    expect(row).toMatchObject({ counter: 1, last_used_at: new Date(clock).toISOString() });
    expect(audit().find((e) => e.event === "login.succeeded")?.detail).toEqual({
      mfa: "passkey",
      passkeyId: row!.id,
    });
  });

  test("the list shows when each was last used", async () => {
    const list = await (await request("/api/admin/account/passkeys", withCookie(session))).json();
    expect(list.passkeys[0].lastUsedAt).toBe(new Date(clock).toISOString());
    expect(list.passkeys[1].lastUsedAt).toBeNull();
  });

  test("an assertion for another origin, another relying party or without user verification is refused", async () => {
    const cases = [
      { origin: "https://tracewell-login.example" },
      { rpId: "example.com" },
      { flags: FLAGS.UP | FLAGS.BE | FLAGS.BS },
    ];
    for (const over of cases) {
      const { res } = await passkeySignIn(phone, over);
      expect({ over, status: res.status }).toEqual({ over, status: 401 });
      expect(await res.json()).toEqual({
        error: "That passkey did not work. Try again, or sign in with your password.",
      });
    }
  });

  test("the challenge is bound to the browser that asked for it: without its cookie the assertion is refused", async () => {
    const { res } = await passkeySignIn(phone, { noCookie: true });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Signing in with the passkey took too long. Try again." });
  });

  test("a counter that goes backwards (a cloned key) is refused and recorded", async () => {
    const before = passkeyRows()[0]!.counter;
    phone.counter = before; // the same count again: not higher than the last one seen
    const { res } = await passkeySignIn(phone);
    expect(res.status).toBe(401);
    expect(passkeyRows()[0]!.counter).toBe(before);
    expect(audit().find((e) => e.event === "login.failed")?.detail).toMatchObject({
      reason: "passkey_counter_regressed",
    });
    phone.counter = before + 5;
    expect((await passkeySignIn(phone)).res.status).toBe(200);
    expect(passkeyRows()[0]!.counter).toBe(before + 5);
  });

  test("an unknown passkey is refused", async () => {
    const { res } = await passkeySignIn(softAuthenticator());
    expect(res.status).toBe(401);
    expect(audit().find((e) => e.event === "login.failed")?.detail).toMatchObject({
      reason: "unknown_passkey",
    });
  });
});

describe("the sign-in throttle counts passkeys with passwords", () => {
  test("failed passkeys from many addresses lock the account's sign-in like wrong passwords do", async () => {
    tick(LOGIN_WINDOW_MS);
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME - 1; i++) {
      const { res } = await passkeySignIn(phone, { origin: "https://tracewell-login.example" });
      expect(res.status).toBe(401);
    }
    // One more failure, by password this time: the same count.
    expect(
      (await request("/api/admin/login", from(post({ username: USER, password: "not the password" }))))
        .status,
    ).toBe(401);
    const { res } = await passkeySignIn(phone);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBe(LOGIN_WINDOW_MS / 1000);
    expect(await res.json()).toEqual({
      error: "Too many failed sign-in attempts. Wait 15 minutes and try again.",
    });
    // The password sign-in is held too.
    expect(
      (await request("/api/admin/login", from(post({ username: USER, password: PASSWORD })))).status,
    ).toBe(429);
    tick(LOGIN_WINDOW_MS);
    expect((await passkeySignIn(phone)).res.status).toBe(200);
  });

  test("unknown passkeys from one address are held by the address limit", async () => {
    tick(LOGIN_WINDOW_MS);
    const ip = "203.0.113.9";
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++)
      status = (await passkeySignIn(softAuthenticator(), { ip })).res.status;
    expect(status).toBe(429);
  });
});

describe("password and code keep working beside passkeys", () => {
  test("password then code, and password then recovery code", async () => {
    tick(LOGIN_WINDOW_MS);
    const byCode = await signInWithCode();
    expect(byCode).toBeTruthy();
    // The code's session is a signed-in one, not only a cookie.
    const status = await request("/api/admin/auth/status", withCookie(byCode));
    expect(await status.json()).toMatchObject({ authenticated: true, username: USER });
    const step = await request("/api/admin/login", from(post({ username: USER, password: PASSWORD })));
    expect(await step.json()).toEqual({ username: USER, mfaRequired: true });
    const res = await request(
      "/api/admin/login/mfa",
      from(withCookie(cookieFrom(step), post({ recoveryCode: recoveryCodes[1]! }))),
    );
    expect(res.status).toBe(200);
  });
});

describe("removing a passkey", () => {
  test("another admin's passkey id is not found; the admin's own is removed, audited, and opens nothing after", async () => {
    session = await signInWithCode();
    const missing = await request(
      "/api/admin/account/passkeys/99999",
      withCookie(session, { ...post(), method: "DELETE" }),
    );
    expect(missing.status).toBe(404);
    const [laptopRow] = passkeyRows().slice(1);
    const res = await request(
      `/api/admin/account/passkeys/${laptopRow!.id}`,
      withCookie(session, { ...post(), method: "DELETE" }),
    );
    expect(res.status).toBe(200);
    expect(passkeyRows().map((r) => r.id)).not.toContain(laptopRow!.id);
    expect(audit().find((e) => e.event === "passkey.removed")?.detail).toEqual({ passkeyId: laptopRow!.id });
    expect((await passkeySignIn(laptop)).res.status).toBe(401);
  });
});

describe("an account without a second factor", () => {
  const plain = makeTestApp({ ADMIN_USERNAME: "sasha", ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "false" });
  test("gives its password to add a passkey; a code is not asked for since there is none", async () => {
    const cookie = await signIn(plain.request, "sasha", PASSWORD);
    const list = await (await plain.request("/api/admin/account/passkeys", withCookie(cookie))).json();
    expect(list).toEqual({ proof: "password", passkeys: [] });
    const wrong = await plain.request(
      "/api/admin/account/passkeys/options",
      withCookie(cookie, post({ password: "not it at all" })),
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ errors: { password: ["Current password is incorrect"] } });
    const code = await plain.request(
      "/api/admin/account/passkeys/options",
      withCookie(cookie, post({ code: "123456" })),
    );
    expect(await code.json()).toEqual({ errors: { password: ["Enter your password."] } });
    const ok = await plain.request(
      "/api/admin/account/passkeys/options",
      withCookie(cookie, post({ password: PASSWORD })),
    );
    expect(ok.status).toBe(200);
  });
});

describe("tracewell admin reset-mfa", () => {
  test("clears the admin's passkeys with the second factor; the passkey opens nothing after", async () => {
    expect(passkeyRows().length).toBeGreaterThan(0);
    const proc = Bun.spawn(
      [
        process.execPath,
        join(import.meta.dir, "..", "..", "..", "src", "main.ts"),
        "admin",
        "reset-mfa",
        USER,
      ],
      {
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    expect(await proc.exited).toBe(0);
    expect(await new Response(proc.stdout).text()).toBe(
      `Two-step sign-in for "${USER}" was reset, its passkey removed and its sessions were signed out; it is set up again at the next sign-in.\n`,
    );
    expect(passkeyRows()).toEqual([]);
    tick(LOGIN_WINDOW_MS);
    expect((await passkeySignIn(phone)).res.status).toBe(401);
  });
});
