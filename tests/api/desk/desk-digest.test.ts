import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createApp } from "../../../src/app";
import { MANIFEST } from "../../../src/generated/assets";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const [SMTP_PORT = 0] = freePorts(1);
// Intakes, a sign-in and a second server on the same file: slow on a busy machine.
setDefaultTimeout(30_000);

const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const clock = { at: ny("2026-11-19 07:00") };
const USER = "morgan";
const PASSWORD = "trace every transfer";
const smtp = smtpServer(SMTP_PORT);
const { request, db, app, config } = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: '"Tracewell Intake" <intake@tracewell.example>',
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
  },
  { now: () => clock.at },
);
afterAll(() => smtp.close());

async function intake(at: Date, overrides: Record<string, unknown> = {}) {
  clock.at = at;
  return fileIntake({ request, db }, at, overrides);
}

const digests = () => smtp.received.filter((m) => m.subject?.startsWith("Intake desk"));
const digest = app.decorator.deskDigest;
const outbox = app.decorator.mailOutbox;

describe("the morning digest", () => {
  const r: Record<string, { id: number; reference: string }> = {};

  test("nothing before 08:00, nothing on a weekend, and nothing on a day when nothing waits", async () => {
    await smtp.listen();
    clock.at = ny("2026-11-19 07:30");
    // An operator's run that finds nothing does not stand in for the morning's.
    expect(digest.sendNow()).toMatchObject({ sent: false, reason: "nothing-waits" });
    clock.at = ny("2026-11-19 07:59");
    expect(digest.runIfDue()).toMatchObject({ sent: false, reason: "before-08:00" });
    clock.at = ny("2026-11-19 08:00");
    expect(digest.runIfDue()).toMatchObject({ sent: false, reason: "nothing-waits", day: "2026-11-19" });
    clock.at = ny("2026-11-19 08:01");
    expect(digest.runIfDue()).toMatchObject({ sent: false, reason: "already-sent" });
    clock.at = ny("2026-11-21 09:00");
    expect(digest.runIfDue()).toMatchObject({ sent: false, reason: "not-a-business-day" });
    await outbox.runOnce();
    expect(digests()).toHaveLength(0);
  });

  test("on a business day at 08:00: one e-mail with the overdue and due-today requests, nothing personal", async () => {
    r.thursday = await intake(ny("2026-11-19 10:00"), { desiredService: "transaction-trace" }); // due Fri 10:00
    r.monday = await intake(ny("2026-11-23 07:30"), { desiredService: "judgment-intel" }); // due Mon 17:00
    r.answered = await intake(ny("2026-11-23 07:40"));
    r.later = await intake(ny("2026-11-23 07:50")); // due Mon 17:00 too
    clock.at = ny("2026-11-23 07:55");
    const cookie = await signIn(request, USER, PASSWORD);
    // Answered by phone; moving a request on by itself answers nothing.
    await request(`/api/admin/submissions/${r.answered.id}`, {
      ...withCookie(cookie, post({ status: "in-review" })),
      method: "PATCH",
    });
    const called = await request(
      `/api/admin/submissions/${r.answered.id}/responses`,
      withCookie(cookie, post({ channel: "call", at: ny("2026-11-23 07:50").toISOString() })),
    );
    expect(called.status).toBe(201);
    await outbox.runOnce(); // the intakes' own e-mails
    const before = smtp.received.length;

    clock.at = ny("2026-11-23 08:00");
    expect(digest.runIfDue()).toMatchObject({ sent: true, day: "2026-11-23", overdue: 1, dueToday: 2 });
    await outbox.runOnce();
    expect(smtp.received.length).toBe(before + 1);
    const [mail] = digests();
    expect(mail?.to).toMatchObject({ text: "desk@tracewell.example" });
    expect(mail?.from?.text).toContain("intake@tracewell.example");
    expect(mail?.subject).toBe("Intake desk for Mon 23 Nov 2026: 1 overdue, 2 due today");
    const text = mail?.text ?? "";
    expect(text).toContain(
      [
        "Overdue (1)",
        `- ${r.thursday.reference} · Transaction Trace`,
        "  Due Fri 20 Nov 2026, 10:00 AM EST (overdue by 7 business hours)",
        `  http://localhost:3000/admin/submissions/${r.thursday.id}`,
      ].join("\n"),
    );
    expect(text).toContain(`Due today (2)\n- ${r.monday.reference} · Judgment Intel`);
    expect(text).toContain("  Due Mon 23 Nov 2026, 5:00 PM EST (due in 9 h)");
    expect(text).toContain(`- ${r.later.reference}`);
    expect(text).not.toContain(r.answered.reference);
    expect(text).toContain("http://localhost:3000/admin/submissions?sort=due");
    for (const personal of ["Dana", "Whitfield", "555-0199", "DWhitfield", "Cook County", "lake house"]) {
      expect(text).not.toContain(personal);
    }
  });

  test("once a day: later ticks, and a queued duplicate, send nothing more", async () => {
    clock.at = ny("2026-11-23 08:01");
    expect(digest.runIfDue()).toMatchObject({ sent: false, reason: "already-sent" });
    clock.at = ny("2026-11-23 16:00");
    expect(digest.runIfDue()).toMatchObject({ sent: false, reason: "already-sent" });
    expect(outbox.enqueue({ kind: "desk-digest", dedupeKey: "digest:2026-11-23" })).toBeNull();
    await outbox.runOnce();
    expect(digests()).toHaveLength(1);
  });

  test("across a restart: a new server on the same database does not send today's digest again", async () => {
    clock.at = ny("2026-11-23 09:30");
    const store = openDataStore(config, { clock: () => clock.at });
    const reopened = store.db;
    const restarted = createApp({ config, store, manifest: MANIFEST });
    expect(restarted.decorator.deskDigest.runIfDue()).toMatchObject({ sent: false, reason: "already-sent" });
    await restarted.decorator.mailOutbox.runOnce();
    expect(digests()).toHaveLength(1);

    // The next business day it goes out again, from the restarted server: Monday's requests are overdue now.
    clock.at = ny("2026-11-24 08:15");
    expect(restarted.decorator.deskDigest.runIfDue()).toMatchObject({ sent: true, overdue: 3, dueToday: 0 });
    await restarted.decorator.mailOutbox.runOnce();
    expect(digests().map((m) => m.subject)).toEqual([
      "Intake desk for Mon 23 Nov 2026: 1 overdue, 2 due today",
      "Intake desk for Tue 24 Nov 2026: 3 overdue",
    ]);
    await restarted.decorator.mailOutbox.stop();
    reopened.close();
  });

  test("tracewell digest's path sends now, whatever the hour, even after the morning's", async () => {
    clock.at = ny("2026-11-24 19:00");
    expect(digest.sendNow()).toMatchObject({ sent: true, day: "2026-11-24", overdue: 3 });
    await outbox.runOnce();
    expect(digests()).toHaveLength(3);
  });

  test("a digest whose requests were all answered before it went out is dropped, not sent empty", async () => {
    clock.at = ny("2026-11-25 08:00");
    expect(digest.runIfDue()).toMatchObject({ sent: true, overdue: 3 });
    for (const { id } of [r.thursday!, r.monday!, r.later!]) {
      db.query("UPDATE contact_submissions SET first_response_at = ? WHERE id = ?").run(
        clock.at.toISOString(),
        id,
      );
    }
    await outbox.runOnce();
    // Nothing waits any more: the queued digest is dropped, not sent empty.
    expect(digests()).toHaveLength(3);
    expect(
      db.query("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = 'digest:2026-11-25'").get(),
    ).toEqual({ n: 0 });
  });
});

describe("data-rights requests in the morning digest", () => {
  const dataClock = { at: ny("2026-10-20 09:00") };
  const desk = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      INTAKE_NOTIFY_TO: "privacy-desk@tracewell.example",
    },
    { now: () => dataClock.at },
  );
  const mine = () => smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes("privacy-desk@"));

  test("open requests due within 7 days, and overdue ones, are named without their address, even when no intake waits", async () => {
    const record = async (at: Date, email: string, kind: string) => {
      dataClock.at = at;
      // Weeks apart: a session of the first day would have ended.
      const cookie = await signIn(desk.request, USER, PASSWORD);
      const res = await desk.request("/api/admin/data-requests", withCookie(cookie, post({ email, kind })));
      expect(res.status).toBe(201);
    };
    await record(ny("2026-10-20 09:00"), "late@example.com", "access"); // due Nov 19, 09:00: 11 whole days overdue
    await record(ny("2026-11-05 09:00"), "soon@example.com", "deletion"); // due Dec 5, 09:00: 5 days left, counted as the Data Requests screen counts
    await record(ny("2026-11-20 09:00"), "later@example.com", "opt-out"); // due Dec 20: not yet

    // Tuesday 1 December, 08:00: no intake waits, two data requests are close to their 30 days.
    dataClock.at = ny("2026-12-01 08:00");
    expect(desk.app.decorator.deskDigest.runIfDue()).toMatchObject({ sent: true, overdue: 0, dueToday: 0 });
    await desk.app.decorator.mailOutbox.runOnce();
    const [mail] = mine();
    expect(mail?.subject).toBe("Intake desk for Tue 1 Dec 2026: 2 data requests due soon");
    expect(mail?.text).toContain("Data requests due within 7 days (2)");
    expect(mail?.text).toContain("- Access request, due Thu 19 Nov 2026 (11 days overdue)");
    expect(mail?.text).toContain("- Deletion request, due Sat 5 Dec 2026 (5 days left)");
    expect(mail?.text).toContain("/admin/privacy/requests");
    expect(mail?.text).not.toContain("Opt-out");
    for (const address of ["late@", "soon@", "later@"]) expect(mail?.text).not.toContain(address);

    // Once none is due within the week, the morning sends nothing.
    desk.db.run("UPDATE data_requests SET due_at = '2027-01-01T00:00:00.000Z'");
    dataClock.at = ny("2026-12-02 08:00");
    expect(desk.app.decorator.deskDigest.runIfDue()).toMatchObject({ sent: false, reason: "nothing-waits" });
  });
});
