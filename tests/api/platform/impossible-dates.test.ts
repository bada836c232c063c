import { beforeAll, describe, expect, test } from "bun:test";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import { noSuchDay } from "../../../src/contracts/dates";
import { retentionCli } from "../../../src/modules/privacy/cli";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { DRAFT, deliverReport, portalClient } from "../../helpers/portal-client";

/**
 * Every date (YYYY-MM-DD) and instant a client sends, in a body, a path or a query, goes through the one
 * reading of src/contracts/dates.ts: a day that does not exist (2026-02-30, 2026-13-01) or a time of day that
 * does not (24:00, minute 60) is refused with a 4xx and a message, never a 500 and never read as another day
 * (Date.parse takes 2026-02-30 for March 2), and nothing is stored.
 */
const { username: USER, password: PASSWORD } = DESK_OWNER;
const API = "/api/admin/submissions";
// Monday 2026-02-23, 10:00 in New York: the consultation's open times run into March.
const clock = { at: new Date("2026-02-23T15:00:00.000Z") };
const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
  },
  { now: () => clock.at },
);
const { request, db } = t;

/** Days that do not exist, each as the message must name it. */
const NO_SUCH_DAYS = ["2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31", "2025-02-29", "2026-01-00"];
/** Not dates at all: refused with the field's own message. */
const NOT_DATES = ["2026-2-3", "2026-02-03x", "", "  "];
/** Instants on a day that does not exist, and times of day that do not. */
const NO_SUCH_INSTANTS = NO_SUCH_DAYS.map((d) => `${d}T15:00:00.000Z`);
const NOT_INSTANTS = [
  "2026-03-02T24:00:00Z",
  "2026-03-02T10:60:00Z",
  "2026-03-02T10:00:60Z",
  "2026-03-02T10:00:00+24:00",
  "2026-03-02T10:00:00",
  "2026-03-02",
];

let admin = "";
let submissionId = 0;
let articleId = 0;
let booker = "";
let mover = "";

const stored = () =>
  db
    .query(
      `SELECT (SELECT count(*) FROM desk_closures) AS closures,
              (SELECT group_concat(date) FROM desk_closures) AS closed,
              (SELECT count(*) FROM submission_responses) AS responses,
              (SELECT group_concat(coalesce(first_response_at, '-')) FROM contact_submissions) AS firstResponses,
              (SELECT count(*) FROM engagement_payments) AS payments,
              (SELECT group_concat(published_at) FROM articles WHERE id = ${articleId}) AS publishedAt,
              (SELECT count(*) FROM articles) AS articles,
              (SELECT group_concat(starts_at) FROM consultations) AS consultations,
              (SELECT count(*) FROM consultation_changes) AS consultationChanges,
              (SELECT count(*) FROM mail_outbox) AS mail,
              (SELECT count(*) FROM audit_log) AS audit`,
    )
    .get();

/** The message an answer carries: `error`, or the one message of its field. */
async function refusal(res: Response) {
  const body = (await res.json()) as { error?: string; errors?: Record<string, string[]> };
  const messages = [body.error, ...Object.values(body.errors ?? {}).flat()].filter(
    (m): m is string => typeof m === "string" && m.length > 0,
  );
  return { status: res.status, message: messages.at(-1) ?? null };
}

beforeAll(async () => {
  admin = await signIn(request, USER, PASSWORD);
  const booking = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
  const moving = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
  await deliverReport(t, admin, booking.submission.id);
  await deliverReport(t, admin, moving.submission.id);
  submissionId = booking.submission.id;
  booker = booking.cookie;
  mover = moving.cookie;
  // The mover holds a time two days out (movable), so a move to another open time (March 2 included) would be
  // made.
  const open = (await (
    await request("/api/portal/consultation/slots", withCookie(mover))
  ).json()) as ConsultationSlots;
  const later = clock.at.getTime() + 48 * 3_600_000;
  const booked = await request(
    "/api/portal/consultation",
    withCookie(mover, post({ start: open.slots.find((s) => Date.parse(s.start) > later)?.start })),
  );
  expect(booked.status).toBe(201);
  // March 2, 10:00 in New York is an open time: the day 2026-02-30 would be read as.
  expect(open.slots.map((s) => s.start)).toContain("2026-03-02T15:00:00.000Z");
  const article = await request(
    "/api/admin/articles",
    withCookie(admin, {
      ...post({
        title: "Reading a Lien Index",
        slug: "reading-a-lien-index",
        description: "What a county's lien index says, and what it leaves out.",
        published: false,
      }),
    }),
  );
  expect(article.status).toBe(201);
  articleId = ((await article.json()) as { id: number }).id;
}, 60_000);

type Route = { name: string; kind: "date" | "instant"; send: (value: string) => Promise<Response> };
const send = (cookie: string, method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method })) as Promise<Response>;

const ROUTES: Route[] = [
  {
    name: "POST /api/admin/desk/closures { date }",
    kind: "date",
    send: (date) => send(admin, "POST", "/api/admin/desk/closures", { date, note: "Office move" }),
  },
  {
    name: "DELETE /api/admin/desk/closures/:date",
    kind: "date",
    send: (date) => send(admin, "DELETE", `/api/admin/desk/closures/${encodeURIComponent(date)}`),
  },
  {
    name: "POST /api/admin/submissions/:id/engagement/payments { receivedOn }",
    kind: "date",
    send: (receivedOn) =>
      send(admin, "POST", `${API}/${submissionId}/engagement/payments`, {
        amountCents: DRAFT.feeCents,
        receivedOn,
        method: "Wire",
      }),
  },
  {
    name: "POST /api/admin/submissions/:id/responses { at }",
    kind: "instant",
    send: (at) => send(admin, "POST", `${API}/${submissionId}/responses`, { channel: "call", at }),
  },
  {
    name: "POST /api/admin/articles { publishAt }",
    kind: "instant",
    send: (publishAt) =>
      send(admin, "POST", "/api/admin/articles", {
        title: "A Scheduled Piece",
        slug: "a-scheduled-piece",
        description: "Written ahead, published at its time.",
        published: true,
        publishAt,
      }),
  },
  {
    name: "PATCH /api/admin/articles/:id { publishAt }",
    kind: "instant",
    send: (publishAt) =>
      send(admin, "PATCH", `/api/admin/articles/${articleId}`, { published: true, publishAt }),
  },
  {
    name: "GET /api/admin/audit?since=",
    kind: "instant",
    send: (since) => request(`/api/admin/audit?since=${encodeURIComponent(since)}`, withCookie(admin)),
  },
  {
    name: "GET /api/admin/audit?until=",
    kind: "instant",
    send: (until) => request(`/api/admin/audit?until=${encodeURIComponent(until)}`, withCookie(admin)),
  },
  {
    name: "POST /api/portal/consultation { start }",
    kind: "instant",
    send: (start) => send(booker, "POST", "/api/portal/consultation", { start }),
  },
  {
    name: "PATCH /api/portal/consultation { start }",
    kind: "instant",
    send: (start) => send(mover, "PATCH", "/api/portal/consultation", { start }),
  },
];

describe("impossible dates and times", () => {
  test("every route that takes a date or an instant refuses one that does not exist with a 4xx naming the day, and stores nothing", async () => {
    const before = stored();
    const wrong: unknown[] = [];
    for (const route of ROUTES) {
      const noSuch = route.kind === "date" ? NO_SUCH_DAYS : NO_SUCH_INSTANTS;
      for (const value of noSuch) {
        const answer = await refusal(await route.send(value));
        const day = value.slice(0, 10);
        if (answer.status < 400 || answer.status > 499 || answer.message !== noSuchDay(day))
          wrong.push({ route: route.name, value, ...answer });
      }
    }
    expect(wrong).toEqual([]);
    expect(stored()).toEqual(before);
  });

  test("every such route refuses a value that is not a date or an instant at all with a 4xx and a message, and stores nothing", async () => {
    const before = stored();
    const wrong: unknown[] = [];
    for (const route of ROUTES) {
      for (const value of route.kind === "date" ? NOT_DATES : NOT_INSTANTS) {
        // An empty segment is another path (the list of closures), not a date in one.
        if (route.name.startsWith("DELETE") && value.trim() === "") continue;
        // An empty filter is no filter, as the screen sends it.
        if (route.name.startsWith("GET") && value.trim() === "") continue;
        const answer = await refusal(await route.send(value));
        if (answer.status < 400 || answer.status > 499 || !answer.message)
          wrong.push({ route: route.name, value, ...answer });
      }
    }
    expect(wrong).toEqual([]);
    expect(stored()).toEqual(before);
  });

  test("the days that exist still go through: a leap day, the last of a month, a time with its offset", async () => {
    const closed = await send(admin, "POST", "/api/admin/desk/closures", { date: "2026-04-30" });
    expect(closed.status).toBe(201);
    const opened = await send(admin, "DELETE", "/api/admin/desk/closures/2026-04-30");
    expect(opened.status).toBe(200);
    const paid = await send(admin, "POST", `${API}/${submissionId}/engagement/payments`, {
      amountCents: 100,
      receivedOn: "2024-02-29",
      method: "Wire",
    });
    expect(paid.status).toBe(201);
    const audit = await request(
      `/api/admin/audit?since=${encodeURIComponent("2026-02-23T00:00:00-05:00")}`,
      withCookie(admin),
    );
    expect(audit.status).toBe(200);
    const scheduled = await send(admin, "PATCH", `/api/admin/articles/${articleId}`, {
      published: true,
      publishAt: "2026-02-28T23:59:59.999-05:00",
    });
    expect(scheduled.status).toBe(200);
    expect(((await scheduled.json()) as { publishedAt: string }).publishedAt).toBe(
      "2026-03-01T04:59:59.999Z",
    );
  });

  test("tracewell retention --as-of refuses a day that does not exist, naming it, and reads nothing", () => {
    for (const raw of NO_SUCH_DAYS) {
      const err: string[] = [];
      const code = retentionCli(["--dry-run", "--as-of", raw], {
        openDb: () => {
          throw new Error("the database was opened for a date that does not exist");
        },
        now: () => clock.at,
        timeZone: "America/New_York",
        io: { stdout: () => {}, stderr: (s) => void err.push(s) },
      });
      expect({ raw, code, said: err.join("").split("\n")[0] }).toEqual({
        raw,
        code: 2,
        said: `--as-of needs a date as YYYY-MM-DD: ${noSuchDay(raw)}.`,
      });
    }
  });
});
