import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DESK_VIEWS } from "../../../src/contracts/desk-views";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { DRAFT, deliverReport, portalClient } from "../../helpers/portal-client";

/**
 * The desk's saved views (issue 45, ADR 301): each holds the open requests of one kind of work, the counts and the
 * lists are the same sets, and the stage views follow the engagement's stage as the list's Engagement column
 * shows it. Closed requests are in none.
 */
setDefaultTimeout(30_000);
const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const clock = { at: ny("2026-11-16 09:30") };
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
// TRUST_PROXY: each intake comes from a visitor of its own (the intake takes five an hour from one address).
const t = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);

let admin = "";
const send = (method: string, path: string, body?: unknown) =>
  t.request(path, withCookie(admin, { ...post(body), method }));
const get = async <T>(path: string) => {
  const res = await t.request(path, withCookie(admin));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
type Item = { reference: string; engagement: { stage: string } | null };
const inView = async (view: string, more = "") =>
  (await get<{ items: Item[]; total: number }>(`${API}?pageSize=100&view=${view}${more}`)).items
    .map((i) => i.reference)
    .sort();
const counts = async () => (await get<{ counts: Record<string, number> }>("/api/admin/desk/views")).counts;

const refs = {
  untouched: "",
  replied: "",
  lettered: "",
  closed: "",
  signed: "",
  paid: "",
  delivered: "",
};
beforeAll(async () => {
  refs.untouched = (await fileIntake(t, clock.at, { email: "ravi@untouched.example" })).reference;
  const replied = await fileIntake(t, clock.at, { email: "kim@replied.example" });
  refs.replied = replied.reference;
  const lettered = await fileIntake(t, clock.at, { email: "lee@lettered.example" });
  refs.lettered = lettered.reference;
  const closed = await fileIntake(t, clock.at, { email: "sam@closed.example" });
  refs.closed = closed.reference;
  admin = await signIn(t.request, USER, PASSWORD);
  clock.at = ny("2026-11-16 09:45");
  expect(
    (await send("POST", `${API}/${replied.id}/replies`, { body: "We will call you this morning." })).status,
  ).toBe(201);
  clock.at = ny("2026-11-16 10:00");
  for (const r of [lettered, closed]) {
    expect((await send("PUT", `${API}/${r.id}/engagement`, DRAFT)).status).toBe(200);
    expect((await send("POST", `${API}/${r.id}/engagement/send`)).status).toBe(200);
  }
  // A closed request holds no work, whatever its letter's stage.
  expect((await send("PATCH", `${API}/${closed.id}`, { status: "closed" })).status).toBe(200);

  const signed = await portalClient(t, clock.at, admin, { email: "ana@signed.example" });
  refs.signed = signed.submission.reference;
  const paid = await portalClient(t, clock.at, admin, { email: "bo@paid.example" });
  refs.paid = paid.submission.reference;
  const delivered = await portalClient(t, clock.at, admin, { email: "cy@delivered.example" });
  refs.delivered = delivered.submission.reference;
  for (const c of [paid, delivered]) {
    const res = await send("POST", `${API}/${c.submission.id}/engagement/payments`, {
      amountCents: DRAFT.feeCents,
      receivedOn: "2026-11-16",
      method: "wire",
    });
    expect(res.status).toBe(201);
  }
  await deliverReport(t, admin, delivered.submission.id);
  // Tuesday noon: the request filed Monday 09:30 and never answered is past its first-response time.
  clock.at = ny("2026-11-17 12:00");
  admin = await signIn(t.request, USER, PASSWORD);
});

describe("the desk's saved views", () => {
  test("each stage view lists the open requests whose engagement is at that stage, as the list shows it", async () => {
    expect(await inView("awaiting-signature")).toEqual([refs.lettered]);
    expect(await inView("awaiting-payment")).toEqual([refs.signed]);
    expect(await inView("in-work")).toEqual([refs.paid]);
    expect(await inView("delivered")).toEqual([refs.delivered]);
    expect(await inView("monitoring")).toEqual([]);
    // The list's own Engagement column says the same stage for each.
    const all = (await get<{ items: Item[] }>(`${API}?pageSize=100`)).items;
    const stage = (ref: string | undefined) => all.find((i) => i.reference === ref)?.engagement?.stage;
    expect([stage(refs.lettered), stage(refs.signed), stage(refs.paid), stage(refs.delivered)]).toEqual([
      "sent",
      "signed",
      "paid",
      "delivered",
    ]);
  });

  test("Overdue holds the open requests past their first-response time; My queue, those the staff member worked", async () => {
    expect(await inView("overdue")).toEqual([refs.untouched]);
    expect(await inView("overdue")).toEqual(
      (await get<{ items: Item[] }>(`${API}?pageSize=100&overdue=1`)).items.map((i) => i.reference).sort(),
    );
    const mine = await inView("mine");
    expect(mine).toContain(refs.replied);
    expect(mine).not.toContain(refs.untouched);
    expect(mine).not.toContain(refs.closed);
  });

  test("the counts are the lists' sizes, every view counted, a closed request in none", async () => {
    const now = await counts();
    expect(Object.keys(now).sort()).toEqual([...DESK_VIEWS].sort());
    for (const view of DESK_VIEWS) expect(now[view]).toBe((await inView(view)).length);
    for (const view of DESK_VIEWS) expect(await inView(view)).not.toContain(refs.closed);
  });

  test("a view narrows with the other filters, and an unknown view is a 422 naming the views", async () => {
    expect(await inView("awaiting-payment", "&status=closed")).toEqual([]);
    const res = await t.request(`${API}?view=someday`, withCookie(admin));
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("Choose one of the desk's views");
  });
});

describe("the desk's board", () => {
  test("holds the open requests by where they stand, the same stages as the views, a closed one nowhere", async () => {
    const board = await get<{
      columns: { column: string; total: number; cards: { reference: string; name: string }[] }[];
    }>("/api/admin/desk/board");
    const refsIn = (column: string) =>
      board.columns
        .find((c) => c.column === column)
        ?.cards.map((c) => c.reference)
        .sort();
    expect(board.columns.map((c) => c.column)).toEqual([
      "new",
      "quoted",
      "awaiting-signature",
      "awaiting-payment",
      "in-work",
      "delivered",
    ]);
    expect(refsIn("new")).toEqual([refs.untouched, refs.replied].sort());
    expect(refsIn("awaiting-signature")).toEqual(await inView("awaiting-signature"));
    expect(refsIn("awaiting-payment")).toEqual(await inView("awaiting-payment"));
    expect(refsIn("in-work")).toEqual(await inView("in-work"));
    expect(refsIn("delivered")).toEqual(await inView("delivered"));
    for (const c of board.columns) {
      expect(c.total).toBe(c.cards.length);
      expect(c.cards.map((card) => card.reference)).not.toContain(refs.closed);
    }
    // Named as the list names them (the names are stored encrypted).
    expect(board.columns[0]?.cards.every((c) => c.name.length > 0)).toBe(true);
  });
});
