import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { StaffInvitation } from "../../../src/contracts/staff";
import { listAudit } from "../../../src/modules/audit";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { softAuthenticator } from "../../helpers/webauthn";

setDefaultTimeout(30_000);

/**
 * The same request twice in the same instant (a double click, a retried request, two tabs), for staff access:
 * each challenge and each invitation serves one answer, and a removal happens once.
 */
const OWNER = { username: "morgan", password: "trace every transfer" };
const { request, db, store } = makeTestApp({
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
});
const RP_ID = "localhost";

const count = (sql: string, ...args: (string | number)[]) => (db.query(sql).get(...args) as { n: number }).n;
const ownerId = () =>
  (db.query("SELECT id FROM admin_users WHERE username = ?").get(OWNER.username) as { id: number }).id;
const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

const key = softAuthenticator();
let owner = "";

describe("two at once", () => {
  test("the same registration sent twice adds one passkey", async () => {
    owner = await signIn(request, OWNER.username, OWNER.password);
    const options = await request(
      "/api/admin/account/passkeys/options",
      withCookie(owner, post({ password: OWNER.password })),
    );
    const { challenge } = (await options.json()) as { challenge: string };
    const response = key.register({ challenge, origin: ORIGIN, rpId: RP_ID });
    const both = await Promise.all(
      [1, 2].map(() =>
        request("/api/admin/account/passkeys", withCookie(owner, post({ name: "Laptop", response }))),
      ),
    );
    expect(statuses(both)).toEqual([200, 409]);
    expect(count("SELECT count(*) AS n FROM passkeys WHERE user_id = ?", ownerId())).toBe(1);
    expect(listAudit(store, { limit: 20 }).entries.filter((e) => e.event === "passkey.added")).toHaveLength(
      1,
    );
  });

  test("the same passkey sign-in sent twice opens one session: the challenge is used once", async () => {
    const options = await request("/api/admin/login/passkey/options", post());
    const { challenge } = (await options.json()) as { challenge: string };
    const response = key.assert({ challenge, origin: ORIGIN, rpId: RP_ID });
    const sessionsBefore = count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", ownerId());
    const both = await Promise.all(
      [1, 2].map(() =>
        request("/api/admin/login/passkey", withCookie(cookieFrom(options), post({ response }))),
      ),
    );
    expect(statuses(both)).toEqual([200, 401]);
    expect(count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", ownerId())).toBe(sessionsBefore + 1);
  });

  test("two removals of the same passkey remove it once", async () => {
    const { id } = db.query("SELECT id FROM passkeys").get() as { id: number };
    const both = await Promise.all(
      [1, 2].map(() =>
        request(`/api/admin/account/passkeys/${id}`, withCookie(owner, { ...post(), method: "DELETE" })),
      ),
    );
    expect(statuses(both)).toEqual([200, 404]);
    expect(listAudit(store, { limit: 20 }).entries.filter((e) => e.event === "passkey.removed")).toHaveLength(
      1,
    );
  });

  test("an invitation accepted twice gives one account, whatever username each tab chose", async () => {
    const invited = await request(
      "/api/admin/staff/invitations",
      withCookie(owner, post({ email: "sam@tracewell.example", name: "Sam", role: "staff" })),
    );
    const token = ((await invited.json()) as StaffInvitation).link?.match(/#([A-Za-z0-9_-]+)$/)?.[1];
    expect(token).toBeTruthy();
    const admins = count("SELECT count(*) AS n FROM admin_users");
    const password = "a long enough passphrase";
    const both = await Promise.all(
      ["sam", "sam.r"].map((username) =>
        request(
          "/api/admin/staff-invitation/accept",
          post({ token, username, password, confirmPassword: password }),
        ),
      ),
    );
    expect(statuses(both)).toEqual([201, 410]);
    expect(count("SELECT count(*) AS n FROM admin_users")).toBe(admins + 1);
    expect(
      listAudit(store, { limit: 20 }).entries.filter((e) => e.event === "staff.invitation_accepted"),
    ).toHaveLength(1);
  });
});
