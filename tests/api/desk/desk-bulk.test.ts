import { beforeAll, describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";

let cookie = "";
const get = (path: string) => request(path, withCookie(cookie));
const bulk = (body: unknown) => request(`${API}/status`, withCookie(cookie, post(body)));
const statusOf = (id: number) =>
  (db.query("SELECT status FROM contact_submissions WHERE id = ?").get(id) as { status: string }).status;
const lastAuditId = () =>
  (db.query("SELECT coalesce(max(id), 0) AS id FROM audit_log").get() as { id: number }).id;
const auditSince = (id: number) =>
  (
    db.query("SELECT event, detail FROM audit_log WHERE id > ? ORDER BY id").all(id) as {
      event: string;
      detail: string;
    }[]
  ).map((r) => ({ event: r.event, detail: JSON.parse(r.detail) as Record<string, unknown> }));

describe("changing many requests' status at once", () => {
  const ids: number[] = [];

  // Before the tests below: four intakes and a signed-in admin.
  beforeAll(async () => {
    for (const name of ["Dana Whitfield", "Ravi Okafor", "Lena Marsh", "Iris Kemp"]) {
      clock.at = new Date(clock.at.getTime() + 60_000);
      ids.push((await fileIntake({ request, db }, clock.at, { name })).id);
    }
    cookie = await signIn(request, USER, PASSWORD);
  });

  test("each request changes, is audited and gets a status event exactly as a single change does", async () => {
    const [a, b, c] = ids as [number, number, number];
    // One request first changed alone, to compare with what the bulk change records.
    const single = await request(
      `${API}/${c}`,
      withCookie(cookie, { ...post({ status: "in-review" }), method: "PATCH" }),
    );
    expect(single.status).toBe(200);
    const since = lastAuditId();
    const res = await bulk({ ids: [a, b, c], status: "in-review" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 2, unchanged: 1 });
    expect([a, b, c].map(statusOf)).toEqual(["in-review", "in-review", "in-review"]);
    expect(auditSince(since)).toEqual([
      { event: "submission.status_changed", detail: { submissionId: a, from: "new", to: "in-review" } },
      { event: "submission.status_changed", detail: { submissionId: b, from: "new", to: "in-review" } },
    ]);
    // The request's history names the change, as it does for one made on its own page.
    for (const id of [a, b, c]) {
      const detail = (await (await get(`${API}/${id}`)).json()) as {
        timeline: { kind: string; change?: { from: string; to: string; actor: string } }[];
      };
      expect(detail.timeline.filter((e) => e.kind === "status").map((e) => e.change)).toEqual([
        expect.objectContaining({ from: "new", to: "in-review", actor: USER }),
      ]);
    }
  });

  test("an unknown id changes nothing and is named in a 404", async () => {
    const [a] = ids as [number];
    const since = lastAuditId();
    const res = await bulk({ ids: [a, 999_999], status: "closed" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "No request has the id 999999; nothing was changed." });
    expect(statusOf(a)).toBe("in-review");
    expect(auditSince(since)).toEqual([]);
  });

  test("bad input is a 422 with a message per field, never a 500", async () => {
    for (const [body, errors] of [
      [{ ids: [], status: "closed" }, { ids: ["Select at least one request"] }],
      [{ ids: "1,2", status: "closed" }, { ids: ["Select requests by their ids"] }],
      [{ ids: [1.5, -2], status: "closed" }, { ids: ["Select requests by their ids"] }],
      [
        { ids: Array.from({ length: 101 }, (_, i) => i + 1), status: "closed" },
        { ids: ["Select at most 100 requests at once"] },
      ],
      [
        { ids: [1], status: "archived" },
        { status: ["Choose one of the statuses: New, In review, Quoted, Engaged, Declined or Closed"] },
      ],
      [
        { ids: [1] },
        { status: ["Choose one of the statuses: New, In review, Quoted, Engaged, Declined or Closed"] },
      ],
    ] as const) {
      const res = await bulk(body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(await res.json()).toEqual({ errors });
    }
    const res = await request(`${API}/status`, withCookie(cookie, post("not json")));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test("401 without a session", async () => {
    const res = await request(`${API}/status`, post({ ids: [ids[0]], status: "closed" }));
    expect(res.status).toBe(401);
    expect(statusOf(ids[0]!)).toBe("in-review");
  });

  test("the export holds only the selected requests when ids are given, and a bad list is a 422", async () => {
    const [a, , , d] = ids as [number, number, number, number];
    const csv = await (await get(`${API}/export.csv?ids=${a},${d}`)).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(csv).toContain("Dana Whitfield");
    expect(csv).toContain("Iris Kemp");
    expect(csv).not.toContain("Ravi Okafor");
    // With a search too, the export is what both select.
    const both = await (await get(`${API}/export.csv?ids=${a},${d}&q=kemp`)).text();
    expect(both.trim().split(/\r?\n/)).toHaveLength(2);
    const bad = await get(`${API}/export.csv?ids=1,x`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ errors: { ids: ["Ids are whole numbers separated by commas"] } });
  });
});
