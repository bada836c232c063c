import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { formBody, validIntake } from "../../helpers/intake";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-20T15:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";
const DAY = 24 * 60 * 60_000;

let address = 1;
/** Files an intake through the public API (JSON, or the form as a browser without JavaScript posts it). */
async function intake(overrides: Record<string, unknown> = {}, as: "json" | "form" = "json") {
  clock.at = new Date(clock.at.getTime() + 60_000);
  const body = validIntake(clock.at, overrides);
  const res = await request(as === "json" ? "/api/contact" : "/contact", {
    method: "POST",
    headers: {
      "content-type": as === "json" ? "application/json" : "application/x-www-form-urlencoded",
      accept: as === "json" ? "application/json" : "text/html",
      "x-forwarded-for": `198.51.100.${address++}`,
    },
    body: as === "json" ? JSON.stringify(body) : formBody(body),
  });
  expect(res.status).toBe(as === "json" ? 201 : 303);
  const row = db
    .query(
      "SELECT id, reference, landing_page AS landingPage, referrer_host AS referrerHost FROM contact_submissions ORDER BY id DESC LIMIT 1",
    )
    .get() as { id: number; reference: string; landingPage: string | null; referrerHost: string | null };
  return row;
}

let cookie = "";
const get = async <T>(path: string) => {
  const res = await request(path, withCookie(cookie));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

type Related = { reference: string; submittedAt: string; status: string; matchedBy: string[] };
type Detail = {
  submission: { landingPage: string | null; referrerHost: string | null };
  relatedRequests: Related[];
};

describe("the conflict pre-screen", () => {
  test("lists the requester's other requests by e-mail (any case) or firm name (any case), not others", async () => {
    cookie = await signIn(request, USER, PASSWORD);
    const first = await intake({ email: "dana@whitfieldmoss.example", firm: "Whitfield & Moss LLP" });
    const sameFirm = await intake({
      name: "Owen Moss",
      email: "owen@whitfieldmoss.example",
      firm: "  whitfield   &  MOSS llp ",
    });
    const unrelated = await intake({ email: "ravi@okafor.example", firm: "Okafor Fiduciary Services" });
    const noFirm = await intake({ email: "lena@mailbox.example", firm: "" });
    await request(
      `${API}/${first.id}`,
      withCookie(cookie, { ...post({ status: "quoted" }), method: "PATCH" }),
    );
    const again = await intake({ email: " DANA@WhitfieldMoss.example", firm: "Another Firm LLC" });

    const detail = await get<Detail>(`${API}/${again.id}`);
    expect(detail.relatedRequests).toEqual([
      {
        id: first.id,
        reference: first.reference,
        submittedAt: expect.any(String),
        status: "quoted",
        desiredService: "asset-map",
        matchedBy: ["email"],
      },
    ] as never);

    const firm = await get<Detail>(`${API}/${sameFirm.id}`);
    expect(firm.relatedRequests.map((r) => [r.reference, r.matchedBy])).toEqual([
      [first.reference, ["firm"]],
    ]);
    const byBoth = await get<Detail>(`${API}/${first.id}`);
    expect(byBoth.relatedRequests.map((r) => [r.reference, r.matchedBy])).toEqual([
      [again.reference, ["email"]],
      [sameFirm.reference, ["firm"]],
    ]);
    expect((await get<Detail>(`${API}/${unrelated.id}`)).relatedRequests).toEqual([]);
    expect((await get<Detail>(`${API}/${noFirm.id}`)).relatedRequests).toEqual([]);

    // The firm is matched through a keyed hash: no clear copy of the name beside the record.
    const { firmHash } = db
      .query("SELECT firm_hash AS firmHash FROM contact_submissions WHERE id = ?")
      .get(first.id) as {
      firmHash: string;
    };
    expect(firmHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("where requests come from", () => {
  test("a landing page of this site and a referring host are kept and shown on the detail", async () => {
    const s = await intake({
      landingPage: "/services/asset-map?utm_source=x",
      referrerHost: "www.Google.com",
    });
    expect(s).toMatchObject({ landingPage: "/services/asset-map", referrerHost: "www.google.com" });
    const detail = await get<Detail>(`${API}/${s.id}`);
    expect(detail.submission).toMatchObject({
      landingPage: "/services/asset-map",
      referrerHost: "www.google.com",
    });

    const form = await intake(
      { landingPage: "/articles/some-article", referrerHost: "news.ycombinator.com" },
      "form",
    );
    expect(form).toMatchObject({
      landingPage: "/articles/some-article",
      referrerHost: "news.ycombinator.com",
    });
  });

  test("bad values are dropped without a word: the request is accepted all the same", async () => {
    const bad: [unknown, unknown][] = [
      ["https://evil.example/services/asset-map", "https://www.google.com/search?q=tracewell"],
      ["javascript:alert(document.cookie)", "javascript:alert(1)"],
      ["//evil.example/services/asset-map", "evil.example/path"],
      ["/admin/submissions", "localhost"],
      ["/no-such-page", "192.0.2.7"],
      [`/articles/${"a".repeat(400)}`, `${"a".repeat(300)}.example`],
      [{ path: "/" }, ["www.google.com"]],
      ["/about", "localhost:3000"],
    ];
    for (const [landingPage, referrerHost] of bad) {
      const s = await intake({ landingPage, referrerHost });
      expect(s.referrerHost).toBeNull();
      expect(s.landingPage).toBe(landingPage === "/about" ? "/about" : null);
    }
    const form = await intake({ landingPage: "https://evil.example/", referrerHost: "<b>x</b>" }, "form");
    expect(form).toMatchObject({ landingPage: null, referrerHost: null });
    const none = await intake({});
    expect(none).toMatchObject({ landingPage: null, referrerHost: null });
  });

  test("GET /api/admin/desk/sources counts the last 90 days by landing page and by referrer", async () => {
    // A request from 100 days before the report's day is outside its window.
    const today = clock.at;
    clock.at = new Date(today.getTime() - 100 * DAY);
    await intake({ landingPage: "/articles/old-article", referrerHost: "old.example" });
    clock.at = new Date(today.getTime() - 89 * DAY);
    await intake({ landingPage: "/services/asset-map", referrerHost: "www.bing.com" });
    clock.at = today;
    await intake({ landingPage: "/services/asset-map", referrerHost: "www.google.com" });
    cookie = await signIn(request, USER, PASSWORD);

    const sources = await get<{
      days: number;
      from: string;
      to: string;
      total: number;
      withLanding: number;
      withReferrer: number;
      landingPages: { value: string; count: number }[];
      referrers: { value: string; count: number }[];
    }>("/api/admin/desk/sources");
    expect(sources.days).toBe(90);
    expect(sources.to).toBe(clock.at.toISOString());
    expect(sources.landingPages).toEqual([
      { value: "/services/asset-map", count: 3 },
      { value: "/about", count: 1 },
      { value: "/articles/some-article", count: 1 },
    ]);
    expect(sources.referrers).toEqual([
      { value: "www.google.com", count: 2 },
      { value: "news.ycombinator.com", count: 1 },
      { value: "www.bing.com", count: 1 },
    ]);
    const inWindow = db
      .query("SELECT count(*) AS n FROM contact_submissions WHERE submitted_at >= ?")
      .get(sources.from) as { n: number };
    expect(sources.total).toBe(inWindow.n);
    expect(sources.withLanding).toBe(5);
    expect(sources.withReferrer).toBe(4);

    const signedOut = await request("/api/admin/desk/sources");
    expect(signedOut.status).toBe(401);
  });
});

describe("the export", () => {
  test("the CSV export carries the source, the reply deadline and the first response of each request", async () => {
    const s = await intake({ landingPage: "/process", referrerHost: "duckduckgo.com" });
    const unanswered = await intake({});
    const called = await request(
      `${API}/${s.id}/responses`,
      withCookie(cookie, post({ channel: "call", at: clock.at.toISOString() })),
    );
    expect(called.status).toBe(201);
    const detail = (id: number) =>
      get<{ submission: { respondBy: string; firstResponseAt: string | null } }>(`${API}/${id}`);
    const answered = (await detail(s.id)).submission;
    expect(answered.firstResponseAt).toBe(clock.at.toISOString());

    const res = await request(`${API}/export.csv`, withCookie(cookie));
    expect(res.status).toBe(200);
    const rows = (await res.text()).split("\r\n");
    const header = rows[0]?.split(",").slice(-5);
    expect(header).toEqual([
      '"Respond by (UTC)"',
      '"First response (UTC)"',
      '"Landing page"',
      '"Referring site"',
      '"First response by"',
    ]);
    const row = rows.find((r) => r.startsWith(`"${s.reference}"`));
    expect(
      row?.endsWith(
        `,"${answered.respondBy}","${answered.firstResponseAt}","/process","duckduckgo.com","Phone call"`,
      ),
    ).toBe(true);
    const other = rows.find((r) => r.startsWith(`"${unanswered.reference}"`));
    const { respondBy } = (await detail(unanswered.id)).submission;
    expect(other?.endsWith(`,"${respondBy}","","","",""`)).toBe(true);
  });
});
