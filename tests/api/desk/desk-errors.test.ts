import { expect, test } from "bun:test";
import { DESK_MESSAGES } from "../../../src/contracts/submissions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, db } = makeTestApp(
  // A mail server that is never reached: the outbox counts as configured, so a retry gets past that check.
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, SMTP_URL: "smtp://127.0.0.1:9" },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";

const rows = () =>
  db
    .query(
      `SELECT (SELECT count(*) FROM contact_submissions) AS submissions,
              (SELECT count(*) FROM submission_notes) AS notes,
              (SELECT count(*) FROM submission_replies) AS replies,
              (SELECT count(*) FROM submission_responses) AS responses,
              (SELECT count(*) FROM submission_events) AS events,
              (SELECT count(*) FROM mail_outbox) AS mail`,
    )
    .get();

test("every route of one request answers an id that names no request with the desk's 404, and changes nothing", async () => {
  await fileIntake({ request, db }, clock.at);
  const cookie = await signIn(request, USER, PASSWORD);
  const call = (method: string, path: string, body?: unknown) =>
    request(path, withCookie(cookie, { ...post(body), method }));
  const routes: [string, string, unknown][] = [
    ["GET", "", undefined],
    ["PATCH", "", { status: "closed", note: "Called back" }],
    ["DELETE", "", undefined],
    ["POST", "/mail/retry", undefined],
    ["POST", "/replies", { body: "Thank you for your request." }],
    ["POST", "/responses", { channel: "call", at: clock.at.toISOString() }],
  ];
  const before = rows();
  for (const id of ["999999", "abc", "0", "-1", "1.5", "01"]) {
    for (const [method, tail, body] of routes) {
      const res = await call(method, `${API}/${id}${tail}`, method === "GET" ? undefined : body);
      const answer = { route: `${method} ${id}${tail}`, status: res.status, body: await res.json() };
      expect(answer).toEqual({ ...answer, status: 404, body: { error: DESK_MESSAGES.notFound } });
    }
  }
  // The id is checked before the body: an unknown request with a bad body (or none) is still the 404, on every
  // route that takes one.
  for (const [method, tail, bad] of [
    ["PATCH", "", { status: "archived" }],
    ["POST", "/replies", { body: "" }],
    ["POST", "/responses", { channel: "carrier pigeon" }],
    ["POST", "/replies", undefined],
  ] as const) {
    const res = await call(method, `${API}/999999${tail}`, bad);
    expect({ route: `${method} ${tail}`, status: res.status, body: await res.json() }).toEqual({
      route: `${method} ${tail}`,
      status: 404,
      body: { error: DESK_MESSAGES.notFound },
    });
  }
  expect(rows()).toEqual(before);
});

test("every documents, engagement and consultation route of a request that does not exist answers 404, and changes nothing", async () => {
  const cookie = await signIn(request, USER, PASSWORD);
  const call = (method: string, path: string) =>
    request(path, withCookie(cookie, { ...post(method === "GET" ? undefined : {}), method }));
  const routes: [string, string][] = [
    ["GET", "/documents"],
    ["POST", "/documents"],
    ["GET", "/documents/a1b2c3"],
    ["POST", "/documents/a1b2c3/report"],
    ["GET", "/engagement"],
    ["PUT", "/engagement"],
    ["GET", "/engagement/letter.pdf"],
    ["POST", "/engagement/send"],
    ["POST", "/engagement/payments"],
    ["GET", "/consultation"],
  ];
  const before = rows();
  for (const id of ["999999", "abc"]) {
    for (const [method, tail] of routes) {
      const res = await call(method, `${API}/${id}${tail}`);
      const body = (await res.json()) as { error?: unknown };
      const answer = { route: `${method} ${id}${tail}`, status: res.status, error: typeof body.error };
      expect(answer).toEqual({ ...answer, status: 404, error: "string" });
    }
  }
  expect(rows()).toEqual(before);
});
