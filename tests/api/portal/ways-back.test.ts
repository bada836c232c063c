import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { DeskPortalAccess, PortalAccessView } from "../../../src/contracts/portal-access";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { heldToken, portalClient } from "../../helpers/portal-client";
import { softAuthenticator } from "../../helpers/webauthn";

// A sealed signature: slow on a busy machine.
setDefaultTimeout(60_000);

/**
 * The client's ways back (issue 44, ADR 299): "Keep me signed in on this device" for 30 days, a device the desk
 * lists and ends at once, and passkeys scoped to the engagement, each step audited under the client.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const API = "/api/admin/submissions";
const DAY = 24 * 60 * 60_000;
const later = (ms: number) => {
  clock.at = new Date(clock.at.getTime() + ms);
};
const UA = {
  "user-agent":
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

/** Every cookie an answer sets, by name: value (an empty value is a cookie cleared). */
function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}
const asCookie = (jar: Record<string, string>) =>
  Object.entries(jar)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

/** A fresh link from the desk, opened with "Keep me signed in on this device" ticked or not. */
async function openFresh(
  admin: string,
  c: { submission: { id: number }; engagementId: number },
  remember: boolean,
) {
  const sent = await t.request(`${API}/${c.submission.id}/engagement/send`, withCookie(admin, post()));
  expect(sent.status).toBe(200);
  const opened = await t.request(
    "/api/portal/session",
    post({ token: heldToken(t, c.engagementId), remember }, UA),
  );
  expect(opened.status).toBe(200);
  return cookiesOf(opened);
}

describe("keep me signed in on this device", () => {
  test("a device kept signed in opens the portal again for 30 days, hashed at rest, and the desk ends it at once", async () => {
    let admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const jar = await openFresh(admin, c, true);
    const device = jar.tw_portal_device;
    expect(device).toBeString();
    expect(jar.tw_portal).toBeString();
    // Only the cookie's hash is stored.
    const rows = t.db.query("SELECT token_hash, browser FROM portal_devices").all() as {
      token_hash: string;
      browser: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(device);
    expect(rows[0]?.browser).toBe("Chrome on macOS");

    // The session ends (12 hours), the device goes on: a new session from it, on the same engagement.
    later(13 * 60 * 60_000);
    expect((await t.request("/api/portal", withCookie(asCookie(jar)))).status).toBe(401);
    const back = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${device}`, post()),
    );
    expect(back.status).toBe(200);
    expect(((await back.json()) as { engagement: { reference: string } }).engagement.reference).toBe(
      c.submission.reference,
    );
    const session = cookiesOf(back).tw_portal as string;
    const both = `tw_portal=${session}; tw_portal_device=${device}`;
    expect((await t.request("/api/portal", withCookie(both))).status).toBe(200);
    const access = (await (
      await t.request("/api/portal/access", withCookie(both))
    ).json()) as PortalAccessView;
    expect(access.device?.expiresAt).toBe(
      new Date(Date.parse("2026-11-16T15:00:00.000Z") + 30 * DAY).toISOString(),
    );
    // A session a kept device opened adds no passkey: the device is the weaker proof.
    expect(access.passkeyProblem).toMatch(/open the portal with the link in our latest email/);
    const refused = await t.request("/api/portal/passkeys/options", withCookie(both, post()));
    expect(refused.status).toBe(409);

    // The desk lists it and ends it; the session it opened ends with it, at once.
    admin = await signIn(t.request, OWNER, PASSWORD);
    const listed = (await (
      await t.request(`${API}/${c.submission.id}/engagement/access`, withCookie(admin))
    ).json()) as DeskPortalAccess;
    expect(listed.devices.map((d) => ({ browser: d.browser, live: d.live }))).toEqual([
      { browser: "Chrome on macOS", live: true },
    ]);
    const ended = await t.request(
      `${API}/${c.submission.id}/engagement/access/devices/${listed.devices[0]?.id}`,
      withCookie(admin, { method: "DELETE", headers: { origin: ORIGIN } }),
    );
    expect(ended.status).toBe(200);
    const after = (await ended.json()) as DeskPortalAccess;
    expect(after.devices[0]).toMatchObject({ live: false, endedBy: OWNER });
    expect((await t.request("/api/portal", withCookie(both))).status).toBe(401);
    const again = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${device}`, post()),
    );
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: string }).error).toMatch(/not kept signed in/);
    // Ending it twice is a clear 404, not a second entry.
    const twice = await t.request(
      `${API}/${c.submission.id}/engagement/access/devices/${listed.devices[0]?.id}`,
      withCookie(admin, { method: "DELETE", headers: { origin: ORIGIN } }),
    );
    expect(twice.status).toBe(404);

    const events = (
      t.db
        .query("SELECT event, username FROM audit_log WHERE event LIKE 'engagement.device%' ORDER BY id")
        .all() as { event: string; username: string }[]
    ).map((e) => `${e.event} by ${e.username}`);
    expect(events).toEqual([
      "engagement.device_kept by client (portal)",
      "engagement.device_returned by client (portal)",
      `engagement.device_ended by ${OWNER}`,
    ]);
  });

  test("the form shown without a script keeps the device too: its box posts remember=on", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "noscript@keptdevice.example", sign: false });
    const sent = await t.request(`${API}/${c.submission.id}/engagement/send`, withCookie(admin, post()));
    expect(sent.status).toBe(200);
    const form = new URLSearchParams({
      link: `http://localhost:3000/portal#token=${heldToken(t, c.engagementId)}`,
      remember: "on",
    });
    const res = await t.request("/api/portal/session", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        origin: ORIGIN,
        ...UA,
      },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal");
    const jar = cookiesOf(res);
    expect(Object.keys(jar).sort()).toEqual(["tw_portal", "tw_portal_device"]);
    const back = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${jar.tw_portal_device}`, post()),
    );
    expect(back.status).toBe(200);
  });

  test("ending a device ends at once the session the link opened with it, too", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "kit@samebrowser.example", sign: false });
    const jar = await openFresh(admin, c, true);
    expect((await t.request("/api/portal", withCookie(asCookie(jar)))).status).toBe(200);
    const listed = (await (
      await t.request(`${API}/${c.submission.id}/engagement/access`, withCookie(admin))
    ).json()) as DeskPortalAccess;
    const live = listed.devices.find((d) => d.live);
    const ended = await t.request(
      `${API}/${c.submission.id}/engagement/access/devices/${live?.id}`,
      withCookie(admin, { method: "DELETE", headers: { origin: ORIGIN } }),
    );
    expect(ended.status).toBe(200);
    expect((await t.request("/api/portal", withCookie(asCookie(jar)))).status).toBe(401);
  });

  test("after 30 days the device opens nothing; signing out on it ends it; unticked keeps none", async () => {
    let admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "lee@harlowtrust.example", sign: false });
    expect((await openFresh(admin, c, false)).tw_portal_device).toBeUndefined();

    const jar = await openFresh(admin, c, true);
    later(30 * DAY);
    const expired = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${jar.tw_portal_device}`, post()),
    );
    expect(expired.status).toBe(401);

    admin = await signIn(t.request, OWNER, PASSWORD);
    const kept = await openFresh(admin, c, true);
    const out = await t.request("/api/portal/sign-out", withCookie(asCookie(kept), post({})));
    expect(out.status).toBe(200);
    expect(cookiesOf(out)).toEqual({ tw_portal: "", tw_portal_device: "" });
    const reopened = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${kept.tw_portal_device}`, post()),
    );
    expect(reopened.status).toBe(401);
    const listed = (await (
      await t.request(`${API}/${c.submission.id}/engagement/access`, withCookie(admin))
    ).json()) as DeskPortalAccess;
    expect(listed.devices.find((d) => d.endedBy)?.endedBy).toBe("the client, by signing out");
  });

  test("closing the request ends its devices: the next visit is told the request is closed", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "ari@closedmatter.example" });
    const jar = await openFresh(admin, c, true);
    const closed = await t.request(
      `${API}/${c.submission.id}`,
      withCookie(admin, { ...post({ status: "closed" }), method: "PATCH" }),
    );
    expect(closed.status).toBe(200);
    const back = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${jar.tw_portal_device}`, post()),
    );
    expect(back.status).toBe(401);
    // The session it kept is ended by the closing itself, which says why.
    const refused = await t.request(
      "/api/portal/consent",
      withCookie(asCookie(jar), post({ consent: true })),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/closed/);
  });
});

const RP_ID = new URL(ORIGIN).hostname;

describe("the client's passkeys", () => {
  test("a passkey added in a session a link opened opens that engagement alone, and the desk removes it", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "sam@okaforholdings.example" });
    const other = await portalClient(t, clock.at, admin, { email: "jo@elsewhere.example" });
    const key = softAuthenticator();

    const options = await t.request("/api/portal/passkeys/options", withCookie(c.cookie, post()));
    expect(options.status).toBe(200);
    const { challenge, user } = (await options.json()) as { challenge: string; user: { name: string } };
    // The device's list names the firm's reference, never the client.
    expect(user.name).toBe(c.submission.reference);
    const added = await t.request(
      "/api/portal/passkeys",
      withCookie(
        c.cookie,
        post({ name: "My phone", response: key.register({ challenge, origin: ORIGIN, rpId: RP_ID }) }),
      ),
    );
    expect(added.status).toBe(200);
    const view = (await (
      await t.request("/api/portal/access", withCookie(c.cookie))
    ).json()) as PortalAccessView;
    expect(view.passkeys.map((p) => p.name)).toEqual(["My phone"]);
    // The name typed is sealed at rest.
    const stored = t.db.query("SELECT name FROM portal_passkeys").get() as { name: string };
    expect(stored.name).not.toContain("My phone");

    // Later, with no session: the passkey opens the portal, on its own engagement.
    const signInOptions = await t.request("/api/portal/passkey/options", post());
    expect(signInOptions.status).toBe(200);
    const jar = cookiesOf(signInOptions);
    const asked = (await signInOptions.json()) as { challenge: string };
    const opened = await t.request(
      "/api/portal/passkey",
      withCookie(
        `tw_portal_passkey=${jar.tw_portal_passkey}`,
        post({ response: key.assert({ challenge: asked.challenge, origin: ORIGIN, rpId: RP_ID }) }),
      ),
    );
    expect(opened.status).toBe(200);
    const { engagement } = (await opened.json()) as { engagement: { reference: string } };
    expect(engagement.reference).toBe(c.submission.reference);
    expect(engagement.reference).not.toBe(other.submission.reference);

    // The same assertion again (a replay) is refused; so is a staff passkey's challenge cookie's absence.
    const replay = await t.request(
      "/api/portal/passkey",
      post({ response: key.assert({ challenge: asked.challenge, origin: ORIGIN, rpId: RP_ID }) }),
    );
    expect(replay.status).toBe(401);

    // A passkey from another site is refused when it is added.
    const o2 = (await (
      await t.request("/api/portal/passkeys/options", withCookie(other.cookie, post()))
    ).json()) as { challenge: string };
    const foreign = await t.request(
      "/api/portal/passkeys",
      withCookie(
        other.cookie,
        post({
          name: "Look-alike",
          response: softAuthenticator().register({
            challenge: o2.challenge,
            origin: "https://tracewell.example.net",
            rpId: "tracewell.example.net",
          }),
        }),
      ),
    );
    expect(foreign.status).toBe(422);

    // The desk lists it and removes it: it opens nothing more.
    const listed = (await (
      await t.request(`${API}/${c.submission.id}/engagement/access`, withCookie(admin))
    ).json()) as DeskPortalAccess;
    expect(listed.passkeys.map((p) => p.name)).toEqual(["My phone"]);
    expect(listed.passkeys[0]?.lastUsedAt).not.toBeNull();
    const removed = await t.request(
      `${API}/${c.submission.id}/engagement/access/passkeys/${listed.passkeys[0]?.id}`,
      withCookie(admin, { method: "DELETE", headers: { origin: ORIGIN } }),
    );
    expect(removed.status).toBe(200);
    const o3 = await t.request("/api/portal/passkey/options", post());
    const gone = await t.request(
      "/api/portal/passkey",
      withCookie(
        `tw_portal_passkey=${cookiesOf(o3).tw_portal_passkey}`,
        post({
          response: key.assert({
            challenge: ((await o3.json()) as { challenge: string }).challenge,
            origin: ORIGIN,
            rpId: RP_ID,
          }),
        }),
      ),
    );
    expect(gone.status).toBe(401);
    // Another request's passkey is not this request's to remove.
    const wrong = await t.request(
      `${API}/${other.submission.id}/engagement/access/passkeys/${listed.passkeys[0]?.id}`,
      withCookie(admin, { method: "DELETE", headers: { origin: ORIGIN } }),
    );
    expect(wrong.status).toBe(404);

    const events = t.db
      .query("SELECT event, username FROM audit_log WHERE event LIKE 'engagement.passkey%' ORDER BY id")
      .all() as { event: string; username: string }[];
    expect(events.map((e) => `${e.event} by ${e.username}`)).toEqual([
      "engagement.passkey_added by client (portal)",
      "engagement.passkey_returned by client (portal)",
      `engagement.passkey_removed by ${OWNER}`,
    ]);
  });
});

describe("a passkey at a numeric address", () => {
  const numeric = makeTestApp(
    { ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD, PUBLIC_URL: "http://127.0.0.1:3000" },
    { now: () => clock.at },
  );
  test("is refused with words, before the browser is asked", async () => {
    const res = await numeric.request(
      "/api/portal/passkey/options",
      post({}, { origin: "http://127.0.0.1:3000" }),
    );
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: string };
    expect(error).toBe(
      "Passkeys work only at a site's name, and this portal is open at the numeric address 127.0.0.1. Keep using the links we email you, or keep this device signed in.",
    );
    expect(error).not.toContain("invalid domain");
  });
});
