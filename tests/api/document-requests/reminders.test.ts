import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { b64, pdf } from "../../helpers/files";
import { freshSession, portalClient } from "../../helpers/portal-client";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const api = (id: number) => `/api/admin/submissions/${id}/document-requests`;

/** 10:00 in New York on a day of November 2026 (EST, UTC-5). */
const morning = (day: string) => new Date(`${day}T15:00:00.000Z`);

describe("reminders of documents due, on the firm's calendar", () => {
  // Monday 16 November 2026. Thanksgiving (a public holiday) is Thursday 26 November.
  const clock = { at: morning("2026-11-16") };
  const t = makeTestApp({ ...NEW_YORK_DESK, HOLIDAYS: "US" }, { now: () => clock.at });
  const jobs = () => t.app.decorator.root.documentRequests.jobs;
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let lee = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let ids: number[] = [];
  const queued = () =>
    (
      t.db.query("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'document-requests-reminder'").get() as {
        n: number;
      }
    ).n;
  /** The day's run as the server's timer makes it, at 10:00 on `day`: each client's items and milestones. */
  const runOn = (day: string) => {
    clock.at = morning(day);
    return jobs()
      .runFor(day)
      .reminders.map((r) => ({
        submissionId: r.submissionId,
        items: r.items.map((i) => [i.itemId, i.milestone]),
      }));
  };

  test("the lists: one item due on a Monday, one on the Friday before; another client's reminders paused", async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    const sent = await t.request(
      api(dana.submission.id),
      withCookie(
        admin,
        post({
          items: [
            { title: "Bank statements", dueOn: "2026-11-23" },
            { title: "Tax returns", dueOn: "2026-11-20" },
            { title: "Deeds" },
          ],
        }),
      ),
    );
    ids = ((await sent.json()) as { ids: number[] }).ids;
    await t.request(
      api(lee.submission.id),
      withCookie(admin, post({ items: [{ title: "Deeds", dueOn: "2026-11-20" }] })),
    );
    const paused = await t.request(
      `${api(lee.submission.id)}/reminders`,
      withCookie(admin, { ...post({ paused: true }), method: "PUT" }),
    );
    expect(paused.status).toBe(200);
  }, 60_000);

  test("3 days before, 1 day before and on the day, one mail per client per day; nothing twice", () => {
    const [statements = 0, returns = 0] = ids;
    expect(runOn("2026-11-16")).toEqual([]);
    expect(runOn("2026-11-17")).toEqual([
      { submissionId: dana.submission.id, items: [[returns, "3-days-before"]] },
    ]);
    // The same day again (a second timer, the operator's command): nothing more is sent.
    expect(runOn("2026-11-17")).toEqual([]);
    expect(runOn("2026-11-18")).toEqual([]);
    expect(runOn("2026-11-19")).toEqual([
      { submissionId: dana.submission.id, items: [[returns, "1-day-before"]] },
    ]);
    // Friday: both items, in one mail.
    expect(runOn("2026-11-20")).toEqual([
      {
        submissionId: dana.submission.id,
        items: [
          [returns, "due-today"],
          [statements, "3-days-before"],
        ],
      },
    ]);
    expect(queued()).toBe(3);
  });

  test("the weekend sends nothing; Monday gathers what fell on it, and an item provided is no longer reminded of", async () => {
    const [statements = 0, returns = 0] = ids;
    expect(jobs().runFor("2026-11-21")).toMatchObject({ businessDay: false, reminders: [] });
    expect(jobs().runFor("2026-11-22")).toMatchObject({ businessDay: false, reminders: [] });
    // The tax returns arrive over the weekend: their 3-days-after (Monday) is not sent.
    admin = await signIn(t.request, OWNER, PASSWORD);
    const cookie = await freshSession(t, admin, dana);
    const headers = { cookie, "tus-resumable": "1.0.0", origin: "http://localhost:3000" };
    const bytes = pdf(10_000);
    const created = await t.request("/api/portal/uploads", {
      method: "POST",
      headers: {
        ...headers,
        "upload-length": String(bytes.length),
        "upload-metadata": `filename ${b64("returns.pdf")},requestItem ${b64(String(returns))}`,
      },
    });
    const done = await t.request(created.headers.get("location") as string, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Uint8Array(bytes),
    });
    expect(done.status).toBe(204);
    // Sunday's "1 day before" and Monday's "due today": the latest of them, once.
    expect(runOn("2026-11-23")).toEqual([
      { submissionId: dana.submission.id, items: [[statements, "due-today"]] },
    ]);
  });

  test("a milestone on a public holiday goes on the next business day; nothing after the 3 days overdue", () => {
    const [statements = 0] = ids;
    expect(runOn("2026-11-24")).toEqual([]);
    expect(runOn("2026-11-25")).toEqual([]);
    // Thanksgiving: no mail. Its milestone (3 days overdue) goes on Friday.
    expect(jobs().runFor("2026-11-26")).toMatchObject({ businessDay: false, reminders: [] });
    expect(runOn("2026-11-27")).toEqual([
      { submissionId: dana.submission.id, items: [[statements, "3-days-after"]] },
    ]);
    expect(runOn("2026-11-30")).toEqual([]);
    expect(runOn("2026-12-01")).toEqual([]);
    expect(queued()).toBe(5);
  });

  test("the timer runs the firm's day, not UTC's, once; the paused client's reminders resume", async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    const resumed = await t.request(
      `${api(lee.submission.id)}/reminders`,
      withCookie(admin, { ...post({ paused: false }), method: "PUT" }),
    );
    expect(resumed.status).toBe(200);
    // Lee's item was due Friday 20 November; a new one due Friday 4 December: its 3 days before is Tuesday the 1st.
    const added = await t.request(
      api(lee.submission.id),
      withCookie(admin, post({ items: [{ title: "Entity papers", dueOn: "2026-12-04" }] })),
    );
    expect(added.status).toBe(201);
    const [leeItem = 0] = ((await added.json()) as { ids: number[] }).ids;
    // A dry run lists it and writes nothing.
    expect(
      jobs()
        .runFor("2026-12-01", true)
        .reminders.map((r) => r.submissionId),
    ).toEqual([lee.submission.id]);
    expect(queued()).toBe(5);
    // 22:00 in New York on Tuesday 1 December is already Wednesday in UTC: the run is Tuesday's.
    clock.at = new Date("2026-12-02T03:00:00.000Z");
    const run = await jobs().runIfDue();
    expect(run?.day).toBe("2026-12-01");
    expect(run?.reminders.map((r) => [r.submissionId, r.items])).toEqual([
      [lee.submission.id, [{ itemId: leeItem, milestone: "3-days-before" }]],
    ]);
    expect(await jobs().runIfDue()).toBeNull();
  });
});
