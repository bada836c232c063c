import { describe, expect, test } from "bun:test";
import { CLOSURE_MESSAGES } from "../../../src/contracts/desk";
import { DATA_REQUEST_MESSAGES } from "../../../src/contracts/privacy";
import {
  ConflictError,
  ForbiddenError,
  IntegrityError,
  InvalidError,
  NotFoundError,
  PreconditionFailedError,
  TooManyRequestsError,
  withHeaders,
  withoutBody,
} from "../../../src/http/errors";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { capturingLogger, fileIntake } from "../../helpers/intake";

/**
 * A request that loses a race, or meets a state it cannot work with, is the client's to know about: 409 with a
 * message, nothing half done, never a 500 (issue 17). Services throw domain errors (src/contracts/errors.ts) and the
 * app's one error handler answers them.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-05-04T14:00:00.000Z") };
const { logger, lines } = capturingLogger();
const { app, request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at, logger },
);

/** What a service may throw, each from a route of its own, behind the app's error handler. */
const THROWN: Record<string, () => Error> = {
  "not-found": () => new NotFoundError("Data request not found"),
  forbidden: () => new ForbiddenError("You cannot remove yourself"),
  conflict: () => new ConflictError("This request is already completed"),
  "conflict-field": () => new ConflictError("That slug is taken", "slug"),
  invalid: () => new InvalidError({ date: ["Choose a date within the next three years"] }),
  precondition: () => new PreconditionFailedError("This server speaks tus 1.0.0."),
  integrity: () => new IntegrityError("The stored file failed its integrity check", { document: "d1" }),
  // What a route's protocol adds to a refusal: its headers, or an answer without a body.
  "with-headers": () => withHeaders(new ConflictError("Offset"), { "upload-offset": "65536" }),
  "too-many-with-headers": () => withHeaders(new TooManyRequestsError("Slow down", 30), { "x-extra": "1" }),
  bodiless: () => withoutBody(withHeaders(new NotFoundError("Not found"), { "tus-resumable": "1.0.0" })),
  defect: () => new Error("Insert returned no row"),
};
app.get("/api/test-throws/:kind", ({ params }) => {
  throw (THROWN[params.kind] ?? THROWN.defect!)();
});
const count = (sql: string, ...args: number[]) => (db.query(sql).get(...args) as { n: number }).n;

test("erasing a data-rights request that another admin completes at the same moment: 409, nothing erased", async () => {
  const cookie = await signIn(request, USER, PASSWORD);
  const send = (path: string, body?: unknown) => request(path, withCookie(cookie, post(body)));
  const intakes = [
    await fileIntake({ request, db }, clock.at, { email: "race@example.com" }),
    await fileIntake({ request, db }, clock.at, { email: "race@example.com" }),
  ];
  const created = await send("/api/admin/data-requests", { email: "race@example.com", kind: "deletion" });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The other admin's completion lands while this erase runs: it is what this erase's own completion meets.
  // (A trigger stands in for the second writer; it fires inside this erase's transaction, at its first delete.)
  db.exec(`CREATE TEMP TRIGGER other_admin_completes BEFORE DELETE ON contact_submissions
    BEGIN
      UPDATE data_requests SET status = 'completed', email = NULL, completed_at = '2026-05-04T14:00:00.000Z'
        WHERE id = ${id} AND status = 'open';
    END`);
  const res = await send(`/api/admin/data-requests/${id}/erase`);
  db.exec("DROP TRIGGER other_admin_completes");

  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ error: DATA_REQUEST_MESSAGES.completed });
  // Nothing half done: the erase rolled back whole, intakes and receipts alike.
  for (const intake of intakes) {
    expect(count("SELECT count(*) AS n FROM contact_submissions WHERE id = ?", intake.id)).toBe(1);
  }
  expect(count("SELECT count(*) AS n FROM audit_log WHERE event = 'data_request.intake_erased'")).toBe(0);
  // And the request can still be erased once the other writer is gone.
  const again = await send(`/api/admin/data-requests/${id}/erase`);
  expect(again.status).toBe(200);
  expect(((await again.json()) as { erased: number }).erased).toBe(2);
});

test("each typed error is answered with its status and the body clients read; anything else is a hidden 500", async () => {
  const answer = async (kind: string) => {
    const res = await request(`/api/test-throws/${kind}`);
    return { status: res.status, body: await res.json(), id: res.headers.get("x-request-id") };
  };
  expect(await answer("not-found")).toMatchObject({ status: 404, body: { error: "Data request not found" } });
  expect(await answer("forbidden")).toMatchObject({
    status: 403,
    body: { error: "You cannot remove yourself" },
  });
  expect(await answer("conflict")).toMatchObject({
    status: 409,
    body: { error: "This request is already completed" },
  });
  expect(await answer("conflict-field")).toMatchObject({
    status: 409,
    body: { error: "That slug is taken", errors: { slug: ["That slug is taken"] } },
  });
  expect(await answer("invalid")).toMatchObject({
    status: 422,
    body: { errors: { date: ["Choose a date within the next three years"] } },
  });
  expect(await answer("precondition")).toMatchObject({
    status: 412,
    body: { error: "This server speaks tus 1.0.0." },
  });
  const integrity = await request("/api/test-throws/integrity");
  expect(integrity.status).toBe(500);
  expect(integrity.headers.get("cache-control")).toBe("no-store");
  expect(await integrity.json()).toEqual({
    error: "The stored file failed its integrity check",
    document: "d1",
  });
  const withHeaders = await request("/api/test-throws/with-headers");
  expect(withHeaders.status).toBe(409);
  expect(withHeaders.headers.get("upload-offset")).toBe("65536");
  expect(await withHeaders.json()).toEqual({ error: "Offset" });
  const tooMany = await request("/api/test-throws/too-many-with-headers");
  expect([tooMany.status, tooMany.headers.get("retry-after"), tooMany.headers.get("x-extra")]).toEqual([
    429,
    "30",
    "1",
  ]);
  const bodiless = await request("/api/test-throws/bodiless");
  expect(bodiless.status).toBe(404);
  expect(bodiless.headers.get("tus-resumable")).toBe("1.0.0");
  expect(bodiless.headers.get("content-type")).toBeNull();
  expect(await bodiless.text()).toBe("");
  // None of those is a defect: no error line. A plain Error is one: logged, and its message kept from the client.
  expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  const defect = await answer("defect");
  expect(defect.status).toBe(500);
  expect(JSON.stringify(defect.body)).not.toContain("Insert returned no row");
  expect(defect.body).toMatchObject({ requestId: defect.id });
  expect(
    lines.filter((l) => l.includes('"event":"unhandled_error"') && l.includes(defect.id ?? "?")),
  ).toHaveLength(1);
});

describe("a closure that would leave the desk's calendar with no business hours", () => {
  // Open one day a week, so closing every one of the next three years takes 157 closures, not 780.
  const desk = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      BUSINESS_HOURS: "Mon 09:00-17:00",
      HOLIDAYS: "none",
      FIRM_TIMEZONE: "UTC",
    },
    { now: () => clock.at },
  );

  test("is refused with 409 and a message, and the desk goes on answering", async () => {
    const cookie = await signIn(desk.request, USER, PASSWORD);
    const as = (init: RequestInit = {}) => withCookie(cookie, init);
    await fileIntake({ request: desk.request, db: desk.db }, clock.at);
    // Every Monday from today (a Monday) to the furthest day a closure may be set.
    const mondays: string[] = [];
    for (
      let d = new Date("2026-05-04T00:00:00Z");
      mondays.length < 158;
      d = new Date(d.getTime() + 7 * 86_400_000)
    ) {
      mondays.push(d.toISOString().slice(0, 10));
    }
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (const date of mondays) {
      const res = await desk.request("/api/admin/desk/closures", as(post({ date, note: "Closed" })));
      statuses.push(res.status);
      if (res.status !== 201) {
        refused = res;
        break;
      }
    }
    // Refused only at the last Monday the three years hold.
    expect(statuses.length).toBeGreaterThan(150);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(refused?.status).toBe(409);
    expect(await refused?.json()).toEqual({
      error: CLOSURE_MESSAGES.noOpening,
      errors: { date: [CLOSURE_MESSAGES.noOpening] },
    });
    // The refused day was not kept, and everything that computes due times still answers.
    const closed = (await (await desk.request("/api/admin/desk/closures", as())).json()) as {
      closures: { date: string }[];
    };
    expect(closed.closures).toHaveLength(statuses.length - 1);
    expect((await desk.request("/api/admin/desk/overview", as())).status).toBe(200);
    await fileIntake({ request: desk.request, db: desk.db }, clock.at);
    expect((await desk.request("/api/admin/desk/overview", as())).status).toBe(200);
    expect((await desk.request("/api/admin/submissions", as())).status).toBe(200);
  }, 60_000);
});
