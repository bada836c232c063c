import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = new Date("2026-03-02T15:00:00.000Z");
const { request, db } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock });
const cookie = await signIn(request, USER, PASSWORD);

const API = "/api/admin/case-studies";
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const get = (path: string) => request(path, withCookie(cookie));
const page = (path: string) => request(path, { headers: { accept: "text/html" } });

const valid = {
  title: "Concealed rental portfolio in a high-asset divorce",
  category: "Family law",
  description: "Opposing party reported one residence; county records showed six more held through two LLCs.",
  challenge: "The financial affidavit listed a single residence and a modest brokerage account.",
  approach:
    "Grantor-grantee searches in three counties, Secretary of State filings and UCC liens tied the LLCs to the spouse.",
  outcome:
    "Counsel used the sourced map to compel production; the settlement reflected the additional properties.",
};

describe("/api/admin/case-studies", () => {
  test("with none published, /case-studies says so plainly and is not in the sitemap", async () => {
    const res = await page("/case-studies");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("No case studies published yet");
    expect(await (await request("/sitemap.xml")).text()).not.toContain("/case-studies");
  });

  test("the footer's Company column links the page only while a case study is published", async () => {
    // Never a link to an empty page: a new data folder has no case studies.
    expect(await (await page("/about")).text()).not.toContain('href="/case-studies"');
    const res = await send("POST", API, { ...valid, title: "Linked from the footer", published: true });
    const { id } = (await res.json()) as { id: number };
    expect(await (await page("/about")).text()).toContain('href="/case-studies"');
    expect((await send("DELETE", `${API}/${id}`)).status).toBe(200);
    expect(await (await page("/about")).text()).not.toContain('href="/case-studies"');
  });

  test("create: 201 with the row; optional fields empty; a draft is not shown", async () => {
    const res = await send("POST", API, valid);
    expect(res.status).toBe(201);
    const row = await res.json();
    expect(row.id).toEqual(expect.any(Number));
    expect(row).toMatchObject({
      ...valid,
      assetsRecovered: null,
      turnaroundDays: null,
      published: false,
      publishedAt: null,
    });
    expect(await (await page("/case-studies")).text()).not.toContain(valid.title);
  });

  test("per-field 422 messages", async () => {
    const res = await send("POST", API, { ...valid, title: "", outcome: " ", turnaroundDays: 2.5 });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      title: ["Title is required"],
      outcome: ["Outcome is required"],
      turnaroundDays: ["Turnaround must be a whole number of days"],
    });
  });

  test("publishing shows every field at once and adds the page to the sitemap", async () => {
    const res = await send("POST", API, {
      ...valid,
      title: "Dissipation before a Chapter 7 filing",
      assetsRecovered: "$1.2M",
      turnaroundDays: 21,
      published: true,
    });
    expect(res.status).toBe(201);
    const row = await res.json();
    expect(row.publishedAt).toBe(clock.toISOString());
    const html = await (await page("/case-studies")).text();
    for (const text of [
      "Dissipation before a Chapter 7 filing",
      "Family law",
      valid.challenge,
      valid.approach,
      valid.outcome,
      "$1.2M",
      "21 days",
    ]) {
      expect(html).toContain(text);
    }
    expect(await (await request("/sitemap.xml")).text()).toContain(`${ORIGIN}/case-studies`);

    const off = await send("PATCH", `${API}/${row.id}`, { published: false });
    expect((await off.json()).publishedAt).toBe(row.publishedAt);
    expect(await (await page("/case-studies")).text()).toContain("No case studies published yet");
    expect((await send("DELETE", `${API}/${row.id}`)).status).toBe(200);
    expect((await get(`${API}/${row.id}`)).status).toBe(404);
  });

  test("every change is audit-logged", () => {
    const events = (
      db.query("SELECT event FROM audit_log WHERE event LIKE 'case_study.%'").all() as { event: string }[]
    ).map((e) => e.event);
    expect(events).toEqual(
      expect.arrayContaining(["case_study.create", "case_study.unpublish", "case_study.delete"]),
    );
  });
});
