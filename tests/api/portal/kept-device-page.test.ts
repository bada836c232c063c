import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { DeskPortalAccess } from "../../../src/contracts/portal-access";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { heldToken, portalClient } from "../../helpers/portal-client";

// A sealed signature: slow on a busy machine.
setDefaultTimeout(60_000);

/**
 * A device kept signed in opens the portal without a script (issue 44, ADR 306): GET /portal with the device's
 * cookie and no live session opens a session as the page's script would, and the server renders the engagement.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const API = "/api/admin/submissions";
const UA = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0" };

/** Every cookie an answer sets, by name: value (an empty value is a cookie cleared). */
const cookiesOf = (res: Response): Record<string, string> =>
  Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
const page = (cookie?: string) => t.request("/portal", { headers: { ...UA, ...(cookie ? { cookie } : {}) } });

describe("GET /portal on a device kept signed in", () => {
  test("opens the engagement in the server's page, with a session of its own, no script needed", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const sent = await t.request(`${API}/${c.submission.id}/engagement/send`, withCookie(admin, post()));
    expect(sent.status).toBe(200);
    const opened = await t.request(
      "/api/portal/session",
      post({ token: heldToken(t, c.engagementId), remember: true }, UA),
    );
    const device = cookiesOf(opened).tw_portal_device;
    expect(device).toBeString();

    // Thirteen hours on the session has ended; the device has not.
    clock.at = new Date(clock.at.getTime() + 13 * 60 * 60_000);
    const res = await page(`tw_portal_device=${device}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    // The engagement's own page: its steps, rendered by the server.
    expect(html).toContain('id="steps-title"');
    expect(html).toContain(c.submission.reference);
    const jar = cookiesOf(res);
    // A new session, and the device's own cookie left as it is (it keeps its 30 days, not sliding).
    expect(Object.keys(jar)).toEqual(["tw_portal"]);
    const session = jar.tw_portal ?? "";
    expect(session.length).toBeGreaterThan(20);
    const view = await t.request("/api/portal", withCookie(`tw_portal=${session}`));
    expect(view.status).toBe(200);
    // The opening is the device's, as the script's would be: the desk's sign-ins list it.
    const access = (await (
      await t.request(
        `${API}/${c.submission.id}/engagement/access`,
        withCookie(await signIn(t.request, OWNER, PASSWORD)),
      )
    ).json()) as DeskPortalAccess;
    expect(access.devices.filter((d) => d.live)).toHaveLength(1);

    // With the session live, the page is the session's: no second session is opened.
    const again = await page(`tw_portal=${session}; tw_portal_device=${device}`);
    expect(await again.text()).toContain(c.submission.reference);
    expect(cookiesOf(again)).toEqual({});

    // Ended by the desk, the device opens nothing: the page is the way in and the browser forgets the device.
    const live = access.devices.find((d) => d.live);
    const ended = await t.request(
      `${API}/${c.submission.id}/engagement/access/devices/${live?.id}`,
      withCookie(await signIn(t.request, OWNER, PASSWORD), { method: "DELETE", headers: { origin: ORIGIN } }),
    );
    expect(ended.status).toBe(200);
    const refused = await page(`tw_portal_device=${device}`);
    expect(refused.status).toBe(200);
    expect(cookiesOf(refused)).toEqual({ tw_portal_device: "" });
    const way = await refused.text();
    expect(way).not.toContain(c.submission.reference);
    expect(way).not.toContain('id="steps-title"');
    expect(way).toContain("Get a fresh link");
  });

  test("without a device or a session the page is the public one, setting no cookie", async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
