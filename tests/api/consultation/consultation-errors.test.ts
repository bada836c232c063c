import { describe, expect, test } from "bun:test";
import { type ConsultationSlots, CONSULTATION_MESSAGES as M } from "../../../src/contracts/consultation";
import { PORTAL_MESSAGES } from "../../../src/contracts/portal";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { deliverReport, portalClient } from "../../helpers/portal-client";

/**
 * The consultation's refusals its story test does not walk: every portal route without a session, a time zone
 * refused by each route that takes one, and each way a move can be refused, with the booking left as it was.
 */
const { username: USER, password: PASSWORD } = DESK_OWNER;
const _API = "/api/admin/submissions";
const SLOTS = "/api/portal/consultation/slots";
const BOOKING = "/api/portal/consultation";
const ORIGIN = { origin: "http://localhost:3000" };

// Monday 2026-11-16, 10:00 in New York.
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
  },
  { now: () => clock.at },
);

type Client = Awaited<ReturnType<typeof portalClient>>;
const answer = async (res: Response | Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: await r.json() };
};
const book = (cookie: string, start: unknown, tz = "") =>
  t.request(`${BOOKING}${tz ? `?tz=${encodeURIComponent(tz)}` : ""}`, withCookie(cookie, post({ start })));
const move = (cookie: string, body: unknown) =>
  t.request(BOOKING, withCookie(cookie, { ...post(body), method: "PATCH" }));
const current = async (c: Client) =>
  (
    (await (await t.request(BOOKING, withCookie(c.cookie))).json()) as {
      consultation: { start: string } | null;
    }
  ).consultation;

describe("the consultation's refusals", () => {
  test("every portal route without a session: 401 with the portal's message, the reads not cached", async () => {
    // No portal cookie at all: the way in is the e-mailed link (issue 33), not "your session has ended".
    const signedOut = { status: 401, body: { error: PORTAL_MESSAGES.noSession } };
    for (const path of [SLOTS, BOOKING]) {
      const res = await t.request(path);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await answer(res)).toEqual(signedOut);
    }
    expect(await answer(t.request(BOOKING, post({ start: "2026-11-17T15:00:00.000Z" })))).toEqual(signedOut);
    expect(
      await answer(t.request(BOOKING, { ...post({ start: "2026-11-17T15:00:00.000Z" }), method: "PATCH" })),
    ).toEqual(signedOut);
    expect(await answer(t.request(BOOKING, { method: "DELETE", headers: ORIGIN }))).toEqual(signedOut);
  });

  test("a move is refused without a start, off the open times, at its own time or at one another holds", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    const dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    await deliverReport(t, admin, dana.submission.id);
    await deliverReport(t, admin, lee.submission.id);
    const open = (await (await t.request(SLOTS, withCookie(dana.cookie))).json()) as ConsultationSlots;
    // Two days out, so both may still be moved.
    const later = clock.at.getTime() + 48 * 3_600_000;
    const [mine, theirs] = open.slots.map((s) => s.start).filter((start) => Date.parse(start) > later);
    if (!mine || !theirs) throw new Error("no open slots");
    expect((await book(dana.cookie, mine)).status).toBe(201);
    expect((await book(lee.cookie, theirs)).status).toBe(201);

    const refused = (status: number, error: string) => ({ status, body: { error } });
    expect(await answer(book(lee.cookie, theirs, "Mars/Olympus_Mons"))).toEqual(refused(400, M.timeZone));
    expect(await answer(t.request(`${BOOKING}?tz=Nowhere`, withCookie(dana.cookie)))).toEqual(
      refused(400, M.timeZone),
    );
    expect(await answer(move(dana.cookie, {}))).toEqual(refused(400, M.start));
    expect(await answer(move(dana.cookie, { start: "2026-11-21T15:00:00.000Z" }))).toEqual(
      refused(400, M.notSlot),
    );
    expect(await answer(move(dana.cookie, { start: mine }))).toEqual(refused(409, M.sameTime));
    expect(await answer(move(dana.cookie, { start: theirs }))).toEqual(refused(409, M.taken));
    expect((await current(dana))?.start).toBe(mine);
    expect((await current(lee))?.start).toBe(theirs);
    const changes = t.db.query("SELECT COUNT(*) AS n FROM consultation_changes").get() as { n: number };
    expect(changes.n).toBe(2);
  }, 60_000);
});
