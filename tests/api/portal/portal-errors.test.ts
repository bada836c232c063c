import { beforeAll, describe, expect, test } from "bun:test";
import { PORTAL_MESSAGES } from "../../../src/contracts/portal";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * The engagement's refusals that no other test reads word for word: a path that names no request, a request
 * with no engagement yet, a portal call without a session and a link that opens nothing. Each is answered
 * with its status and the body the desk's and the portal's screens read, and writes nothing.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const PAYMENT = { amountCents: 350_000, receivedOn: "2026-11-16", method: "wire" };
const DRAFT = {
  scope: "A sourced map of real property and entities in Cook County for the March deposition.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};
const count = (table: string) => (t.db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("the engagement's refusals", () => {
  let admin = "";
  let request = { id: 0, reference: "" };

  // Before the tests below: a request with no engagement yet, and a signed-in admin.
  beforeAll(async () => {
    request = await fileIntake(t, clock.at, { email: "dana@whitfieldmoss.example" });
    admin = await signIn(t.request, USER, PASSWORD);
  }, 20_000);

  test("a path that names no request is 404 Not found, on every staff route", async () => {
    for (const id of ["abc", "0", "-1", "999999"]) {
      for (const [method, path, body] of [
        ["GET", "", undefined],
        ["PUT", "", DRAFT],
        ["GET", "/letter.pdf", undefined],
        ["POST", "/send", undefined],
        ["POST", "/payments", PAYMENT],
      ] as const) {
        const res = await t.request(
          `${API}/${id}/engagement${path}`,
          withCookie(admin, method === "GET" ? {} : { ...post(body), method }),
        );
        // 999999 is a well-formed id: its letter, sending and payments look for its engagement.
        const error = id === "999999" && path !== "" ? PORTAL_MESSAGES.noEngagement : "Not found";
        expect([id, method, path, res.status]).toEqual([id, method, path, 404]);
        expect(await res.json()).toEqual({ error });
      }
    }
    expect(count("engagements")).toBe(0);
  });

  test("before an engagement is prepared there is no letter to read or send and no payment to record", async () => {
    for (const [method, path, body] of [
      ["GET", "/letter.pdf", undefined],
      ["POST", "/send", undefined],
      ["POST", "/payments", PAYMENT],
    ] as const) {
      const res = await t.request(
        `${API}/${request.id}/engagement${path}`,
        withCookie(admin, method === "GET" ? {} : { ...post(body), method }),
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: PORTAL_MESSAGES.noEngagement });
    }
    expect(count("engagements")).toBe(0);
    expect(count("engagement_payments")).toBe(0);
  });

  test("without a portal session every portal call is 401 with the way back in", async () => {
    const saved = await t.request(
      `${API}/${request.id}/engagement`,
      withCookie(admin, { ...post(DRAFT), method: "PUT" }),
    );
    expect(saved.status).toBe(200);
    expect((await t.request(`${API}/${request.id}/engagement/send`, withCookie(admin, post()))).status).toBe(
      200,
    );
    const events = count("engagement_events");
    for (const [method, path, body] of [
      ["GET", "/api/portal", undefined],
      ["GET", "/api/portal/letter.pdf", undefined],
      ["POST", "/api/portal/consent", { consent: true }],
      ["POST", "/api/portal/sign", { fullName: "Dana Whitfield", agree: true }],
    ] as const) {
      const res = await t.request(path, method === "GET" ? {} : post(body));
      expect([path, res.status]).toEqual([path, 401]);
      // Without any portal cookie the answer is the way in (issue 33), not "your session has ended".
      expect(await res.json()).toEqual({ error: PORTAL_MESSAGES.noSession });
    }
    expect(count("engagement_events")).toBe(events);
  });

  test("a link that opens nothing is 401 with how to get a fresh one, and sets no cookie", async () => {
    for (const body of [{ token: "x".repeat(43) }, { link: "https://example.com/portal" }, {}]) {
      const res = await t.request("/api/portal/session", post(body));
      expect(res.status).toBe(401);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.json()).toEqual({ error: PORTAL_MESSAGES.linkInvalid });
    }
    expect(count("portal_sessions")).toBe(0);
  });

  test("asking for a link answers 202 with the same words for any address, even a malformed one", async () => {
    for (const email of ["dana@whitfieldmoss.example", "nobody@example.com", "not an address"]) {
      const res = await t.request("/api/portal/link", post({ email }));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: PORTAL_MESSAGES.linkRequested });
    }
  });

  test("past three link requests an hour from one connection, the answer is the same but no link is mailed", async () => {
    const links = () =>
      (t.db.query("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'portal-link'").get() as { n: number })
        .n;
    const ask = async () => {
      const res = await t.request("/api/portal/link", post({ email: "dana@whitfieldmoss.example" }));
      expect([res.status, await res.json()]).toEqual([202, { message: PORTAL_MESSAGES.linkRequested }]);
    };
    // An hour after the requests above: their count has run out.
    clock.at = new Date(clock.at.getTime() + 61 * 60_000);
    const before = links();
    for (let i = 0; i < 3; i++) await ask();
    expect(links()).toBe(before + 3);
    await ask();
    expect(links()).toBe(before + 3);
    clock.at = new Date(clock.at.getTime() + 61 * 60_000);
    await ask();
    expect(links()).toBe(before + 4);
  });
});
