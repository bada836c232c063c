import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK, ORIGIN } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { heldToken } from "../../helpers/portal-client";
import { softAuthenticator } from "../../helpers/webauthn";

setDefaultTimeout(60_000);

/**
 * A kept device and a client passkey act for their own signer (issue 47, ADR 305): counsel who keeps a device, or
 * adds a passkey, comes back as counsel, not as the requester (the client here), and signs as counsel; the
 * client's turn is not offered to counsel's sessions.
 */
const API = "/api/admin/submissions";
const RP_ID = new URL(ORIGIN).hostname;
const clock = { at: new Date("2026-11-18T15:00:00.000Z") };
const t = makeTestApp({ ...NEW_YORK_DESK, TRUST_PROXY: "1" }, { now: () => clock.at });
const COUNSEL = { role: "counsel", name: "Mira Okafor", email: "mira@okaforlaw.example" };
// The requester (no address of their own) is the client; counsel signs first.
const CLIENT = { role: "client", name: "Harlan Reyes" };
const DRAFT = {
  scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
  signers: [COUNSEL, CLIENT],
};
const HOURS = 60 * 60_000;

let owner = "";
beforeAll(async () => {
  owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
});

function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}
type You = { engagement: { you: { role: string; name: string } | null } };
const youOf = async (cookie: string) =>
  ((await (await t.request("/api/portal", withCookie(cookie))).json()) as You).engagement.you;

async function sent() {
  // The clock moves on in these tests: a fresh sign-in each time.
  owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
  const submission = await fileIntake(t, clock.at, {
    role: "individual",
    name: CLIENT.name,
    email: `harlan.${Math.random().toString(36).slice(2)}@reyes.example`,
  });
  const base = `${API}/${submission.id}/engagement`;
  expect((await t.request(base, withCookie(owner, { ...post(DRAFT), method: "PUT" }))).status).toBe(200);
  expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
  const { id } = t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(submission.id) as {
    id: number;
  };
  return { submission, engagementId: id };
}

/** Consent and sign in a session, answering the signature's status. */
async function sign(cookie: string, fullName: string) {
  await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })));
  const pdf = new Uint8Array(
    await (await t.request("/api/portal/letter.pdf", withCookie(cookie))).arrayBuffer(),
  );
  return t.request(
    "/api/portal/sign",
    withCookie(cookie, post({ fullName, agree: true, letterSha256: sha(pdf) })),
  );
}

describe("a way back acts for its own signer", () => {
  test("counsel keeps a device, comes back with it and signs as counsel; the client's turn is not offered", async () => {
    const { engagementId } = await sent();
    // Counsel's link (counsel signs first), opened with "Keep me signed in on this device".
    const opened = await t.request(
      "/api/portal/session",
      post({ token: heldToken(t, engagementId), remember: true }),
    );
    expect(opened.status).toBe(200);
    const device = cookiesOf(opened).tw_portal_device;
    expect(device).toBeString();
    const stored = t.db.query("SELECT signer_id AS s FROM portal_devices").get() as { s: number | null };
    const counselId = (
      t.db
        .query("SELECT id FROM engagement_signers WHERE engagement_id = ? AND role = 'counsel'")
        .get(engagementId) as { id: number }
    ).id;
    expect(stored.s).toBe(counselId);

    // The session ends; the device opens a new one, for counsel.
    clock.at = new Date(clock.at.getTime() + 13 * HOURS);
    const back = await t.request(
      "/api/portal/device/session",
      withCookie(`tw_portal_device=${device}`, post({})),
    );
    expect(back.status).toBe(200);
    const session = `tw_portal=${cookiesOf(back).tw_portal}`;
    expect(await youOf(session)).toMatchObject({ role: "counsel", name: COUNSEL.name });
    // Counsel cannot sign in the client's name; in their own, it is their turn.
    expect((await sign(session, CLIENT.name)).status).toBe(422);
    expect((await sign(session, COUNSEL.name)).status).toBe(200);
    // Now it is the client's turn: counsel's session is still counsel's, and is not offered it.
    expect(await youOf(session)).toMatchObject({ role: "counsel" });
    const again = await sign(session, CLIENT.name);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      "You have signed this letter. We email you the sealed copy once every party has signed it.",
    );
    const signedBy = t.db
      .query(
        "SELECT role, signed_at IS NOT NULL AS signed FROM engagement_signers WHERE engagement_id = ? ORDER BY position",
      )
      .all(engagementId);
    expect(signedBy).toEqual([
      { role: "counsel", signed: 1 },
      { role: "client", signed: 0 },
    ]);
  });

  test("counsel's passkey opens the portal as counsel, and lists only counsel's passkeys", async () => {
    const { engagementId } = await sent();
    const opened = await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) }));
    const cookie = `tw_portal=${cookiesOf(opened).tw_portal}`;
    const key = softAuthenticator();
    const options = await t.request("/api/portal/passkeys/options", withCookie(cookie, post()));
    expect(options.status).toBe(200);
    const { challenge } = (await options.json()) as { challenge: string };
    const added = await t.request(
      "/api/portal/passkeys",
      withCookie(
        cookie,
        post({
          name: "Counsel's laptop",
          response: key.register({ challenge, origin: ORIGIN, rpId: RP_ID }),
        }),
      ),
    );
    expect(added.status).toBe(200);

    clock.at = new Date(clock.at.getTime() + 13 * HOURS);
    const signInOptions = await t.request("/api/portal/passkey/options", post());
    const asked = (await signInOptions.json()) as { challenge: string };
    const back = await t.request(
      "/api/portal/passkey",
      withCookie(
        `tw_portal_passkey=${cookiesOf(signInOptions).tw_portal_passkey}`,
        post({ response: key.assert({ challenge: asked.challenge, origin: ORIGIN, rpId: RP_ID }) }),
      ),
    );
    expect(back.status).toBe(200);
    const session = `tw_portal=${cookiesOf(back).tw_portal}`;
    expect(await youOf(session)).toMatchObject({ role: "counsel", name: COUNSEL.name });
    expect((await sign(session, COUNSEL.name)).status).toBe(200);
    const events = t.db
      .query("SELECT detail FROM engagement_events WHERE engagement_id = ? AND kind = 'passkey-opened'")
      .all(engagementId) as { detail: string }[];
    expect(events.map((e) => t.store.cipher.decrypt(e.detail))).toEqual([
      "Opened with a passkey Mira Okafor (counsel) added",
    ]);

    // The client's own session (their link, mailed when counsel signed) lists no passkey of counsel's.
    const client = await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) }));
    const clientCookie = `tw_portal=${cookiesOf(client).tw_portal}`;
    expect(await youOf(clientCookie)).toMatchObject({ role: "client" });
    const access = (await (await t.request("/api/portal/access", withCookie(clientCookie))).json()) as {
      passkeys: unknown[];
    };
    expect(access.passkeys).toEqual([]);
  });
});
