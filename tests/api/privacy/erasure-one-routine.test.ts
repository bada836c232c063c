import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * A data-rights deletion and the retention purge erase a request the same way (ADR 234): two requests, each with
 * a note, a reply (and its queued mail) and a recorded response, one erased by a deletion request and one by the
 * purge, leave nothing behind in any table that refers to a request, and the receipts they leave name the same
 * facts (the deletion's also names its data request and who erased it).
 */
setDefaultTimeout(30_000);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-01-10T09:00:00.000Z") };
const { app, request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", REQUIRE_MFA: "false" },
  { now: () => clock.at },
);
const retention = app.decorator.retention;
const SUBMISSIONS = "/api/admin/submissions";

let cookie = "";
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));

/** Every table with a column that refers to a request, as the database itself declares them. */
const referring = () =>
  (db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
    .map((t) => t.name)
    .filter((table) =>
      (db.query("SELECT name FROM pragma_table_info(?)").all(table) as { name: string }[]).some(
        (c) => c.name === "submission_id",
      ),
    );
/** How many rows each such table (and the request table itself) holds about this request. */
const rowsAbout = (id: number) =>
  Object.fromEntries([
    [
      "contact_submissions",
      (db.query("SELECT count(*) AS n FROM contact_submissions WHERE id = ?").get(id) as { n: number }).n,
    ],
    ...referring().map((table) => [
      table,
      (db.query(`SELECT count(*) AS n FROM "${table}" WHERE submission_id = ?`).get(id) as { n: number }).n,
    ]),
  ]) as Record<string, number>;

/** A request with a note, a reply and a recorded response, closed (its retention starts counting now). */
async function requestWithHistory(email: string) {
  const filed = await fileIntake({ request, db }, clock.at, { email });
  const id = filed.id;
  expect((await send("PATCH", `${SUBMISSIONS}/${id}`, { note: "Called back." })).status).toBe(200);
  expect(
    (await send("POST", `${SUBMISSIONS}/${id}/replies`, { body: "Thank you, we will call." })).status,
  ).toBe(201);
  expect(
    (await send("POST", `${SUBMISSIONS}/${id}/responses`, { channel: "call", at: clock.at.toISOString() }))
      .status,
  ).toBe(201);
  expect((await send("PATCH", `${SUBMISSIONS}/${id}`, { status: "closed" })).status).toBe(200);
  return filed;
}

const receipts = (event: string) =>
  (
    db.query("SELECT username, detail FROM audit_log WHERE event = ? ORDER BY id").all(event) as {
      username: string | null;
      detail: string;
    }[]
  ).map((r) => ({ username: r.username, detail: JSON.parse(r.detail) as Record<string, unknown> }));

describe("both ways of erasing a request erase the same things", () => {
  test("a deletion request and the retention purge leave nothing of their request, with like receipts", async () => {
    cookie = await signIn(request, USER, PASSWORD);
    const byRequest = await requestWithHistory("dana.erase@example.com");
    const byPurge = await requestWithHistory("quinn.retain@example.com");

    // Both have a row in the same tables before: the note, the reply, its mail, the response, the events.
    const before = [rowsAbout(byRequest.id), rowsAbout(byPurge.id)];
    const held = (rows: Record<string, number>) =>
      Object.keys(rows)
        .filter((t) => (rows[t] ?? 0) > 0)
        .sort();
    expect(held(before[0] ?? {})).toEqual(held(before[1] ?? {}));
    expect(held(before[0] ?? {})).toEqual(
      expect.arrayContaining([
        "contact_submissions",
        "mail_outbox",
        "submission_notes",
        "submission_replies",
      ]),
    );

    const created = await send("POST", "/api/admin/data-requests", {
      kind: "deletion",
      email: "dana.erase@example.com",
    });
    expect(created.status).toBe(201);
    const { id: dataRequestId } = (await created.json()) as { id: number };
    expect((await send("POST", `/api/admin/data-requests/${dataRequestId}/erase`)).status).toBe(200);

    // The purge's day: a closed request is kept 365 days after its last status change.
    clock.at = new Date("2027-01-11T09:00:00.000Z");
    expect(retention.purge().deleted).toEqual([byPurge.reference]);

    const none = (rows: Record<string, number>) => Object.fromEntries(Object.keys(rows).map((t) => [t, 0]));
    expect(rowsAbout(byRequest.id)).toEqual(none(before[0] ?? {}));
    expect(rowsAbout(byPurge.id)).toEqual(none(before[1] ?? {}));

    const [erased] = receipts("data_request.intake_erased");
    const [purged] = receipts("retention.request_deleted");
    expect(erased?.detail).toMatchObject({ reference: byRequest.reference, status: "closed", dataRequestId });
    expect(purged?.detail).toMatchObject({ reference: byPurge.reference, status: "closed" });
    const { dataRequestId: _id, ...erasedFacts } = erased?.detail ?? {};
    expect(Object.keys(erasedFacts).sort()).toEqual(Object.keys(purged?.detail ?? {}).sort());
    expect(erased?.username).toBe(USER);
    expect(purged?.username).toBeNull();
  });
});
