import { describe, expect, test } from "bun:test";
import type {
  PortalDocumentRequests,
  RequestsOverviewRow,
  StaffDocumentRequests,
  TemplateView,
} from "../../../src/contracts/document-requests";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { portalClient } from "../../helpers/portal-client";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const api = (id: number) => `/api/admin/submissions/${id}/document-requests`;
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const patch = (body: unknown) => ({ ...post(body), method: "PATCH" });
const put = (body: unknown) => ({ ...post(body), method: "PUT" });
const del = () => ({ ...post(), method: "DELETE" });

describe("the engagement's list of documents, as staff build and review it", () => {
  // Monday 16 November 2026, 10:00 in New York.
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    { ...NEW_YORK_DESK, ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD },
    { now: () => clock.at },
  );
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submission: { id: 0 } };
  let lee = { cookie: "", engagementId: 0, submission: { id: 0 } };
  const mails = (kind: string) =>
    (
      t.db.query("SELECT count(*) AS n FROM mail_outbox WHERE kind = ?").get(kind) as {
        n: number;
      }
    ).n;
  const view = (id: number) => json<StaffDocumentRequests>(t.request(api(id), withCookie(admin)));

  test("no list before the letter is signed, nor for a request without an engagement", async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    const bare = await fileIntake(t, clock.at, { email: "bare@example.com" });
    const none = await t.request(
      api(bare.id),
      withCookie(admin, post({ items: [{ title: "Bank statements" }] })),
    );
    expect(none.status).toBe(409);
    expect((await json<{ error: string }>(none)).error).toBe(
      "This request has no engagement yet: draft and send the engagement letter before asking for documents.",
    );
    const unsigned = await portalClient(t, clock.at, admin, { email: "unsigned@example.com", sign: false });
    const early = await t.request(
      api(unsigned.submission.id),
      withCookie(admin, post({ items: [{ title: "Bank statements" }] })),
    );
    expect(early.status).toBe(409);
    expect((await json<{ error: string }>(early)).error).toContain("The letter is not signed yet");
    expect((await t.request(api(999_999), withCookie(admin))).status).toBe(404);
    // The request page asks on every visit: a request without an engagement has an empty list, not an error.
    expect(await json(t.request(api(bare.id), withCookie(admin)))).toMatchObject({
      engaged: false,
      items: [],
    });
    expect((await t.request(api(bare.id))).status).toBe(401);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
  }, 60_000);

  test("a list starts from its service's template, due dates counted in business days from today", async () => {
    const v = await view(dana.submission.id);
    expect(v.items).toEqual([]);
    expect(v.today).toBe("2026-11-16");
    // The intake asked for an Asset Map: its template, due 5 business days on (Monday to the next Monday).
    expect(v.template.map((i) => [i.title, i.dueOn, i.required])).toEqual([
      ["Judgment or order", "2026-11-23", true],
      ["Known addresses and entities", "2026-11-23", false],
    ]);
  });

  test("bad items are refused with a message at each field, and nothing is kept", async () => {
    const refused = await t.request(
      api(dana.submission.id),
      withCookie(
        admin,
        post({
          items: [
            { title: "ab" },
            { title: "Tax returns", description: "x".repeat(2001) },
            { title: "Deeds", dueOn: "2026-02-30" },
          ],
        }),
      ),
    );
    expect(refused.status).toBe(422);
    const { errors } = await json<{ errors: Record<string, string[]> }>(refused);
    expect(errors["items.0.title"]).toEqual(["Give the item a title of 3 to 200 characters"]);
    expect(errors["items.1.description"]).toEqual(["Keep what is asked to 2,000 characters"]);
    expect(errors["items.2.dueOn"]?.[0]).toContain("2026-02-30");
    const past = await t.request(
      api(dana.submission.id),
      withCookie(admin, post({ items: [{ title: "Deeds", dueOn: "2026-11-15" }] })),
    );
    expect(past.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(past)).errors).toEqual({
      "items.0.dueOn": ["A due date is today or later: choose 2026-11-16 or after"],
    });
    for (const body of [{}, { items: [] }, { items: "Bank statements" }]) {
      const r = await t.request(api(dana.submission.id), withCookie(admin, post(body)));
      expect(r.status).toBe(422);
    }
    const malformed = await t.request(api(dana.submission.id), {
      ...withCookie(admin, post()),
      headers: { ...withCookie(admin, post()).headers, "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect((await view(dana.submission.id)).items).toEqual([]);
    expect(mails("document-requests-added")).toBe(0);
  });

  test("a list sent tells the client in one mail; its items are requested, with their history", async () => {
    const sent = await t.request(
      api(dana.submission.id),
      withCookie(
        admin,
        post({
          items: [
            { title: "Judgment or order", description: "With its case number.", dueOn: "2026-11-23" },
            { title: "Bank statements", period: "36 months", dueOn: "2026-11-20" },
            { title: "Known addresses", required: false },
          ],
        }),
      ),
    );
    expect(sent.status).toBe(201);
    expect((await json<{ ids: number[] }>(sent)).ids).toHaveLength(3);
    expect(mails("document-requests-added")).toBe(1);
    const v = await view(dana.submission.id);
    expect(v.items.map((i) => [i.title, i.state, i.dueOn, i.required, i.period])).toEqual([
      ["Judgment or order", "requested", "2026-11-23", true, ""],
      ["Bank statements", "requested", "2026-11-20", true, "36 months"],
      ["Known addresses", "requested", null, false, ""],
    ]);
    expect(v.items[0]?.history.map((h) => [h.action, h.by, h.state])).toEqual([
      ["requested", "staff", "requested"],
    ]);
    expect(v.progress).toEqual({ received: 0, asked: 3, overdue: 0 });
    // One more item later: one more mail, naming only it.
    const more = await t.request(
      api(dana.submission.id),
      withCookie(admin, post({ items: [{ title: "Deeds" }] })),
    );
    expect(more.status).toBe(201);
    expect(mails("document-requests-added")).toBe(2);
  });

  test("an item is edited until accepted, and withdrawn into its history; past dates and empty edits refused", async () => {
    const [first, , , deeds] = (await view(dana.submission.id)).items;
    const edited = await t.request(
      `${api(dana.submission.id)}/${first?.id}`,
      withCookie(
        admin,
        patch({ description: "The judgment with its case number and court.", dueOn: "2026-11-24" }),
      ),
    );
    expect(edited.status).toBe(200);
    expect(
      (await t.request(`${api(dana.submission.id)}/${first?.id}`, withCookie(admin, patch({})))).status,
    ).toBe(422);
    const past = await t.request(
      `${api(dana.submission.id)}/${first?.id}`,
      withCookie(admin, patch({ dueOn: "2026-11-01" })),
    );
    expect(past.status).toBe(422);
    expect(
      (await t.request(`${api(dana.submission.id)}/${deeds?.id}`, withCookie(admin, del()))).status,
    ).toBe(200);
    const v = await view(dana.submission.id);
    expect(v.items[0]).toMatchObject({
      description: "The judgment with its case number and court.",
      dueOn: "2026-11-24",
    });
    expect(v.items[3]?.state).toBe("withdrawn");
    expect(v.items[3]?.history.map((h) => h.action)).toEqual(["requested", "withdrawn"]);
    // A withdrawn item takes no more changes; the progress no longer counts it.
    const again = await t.request(
      `${api(dana.submission.id)}/${deeds?.id}`,
      withCookie(admin, patch({ title: "Deeds again" })),
    );
    expect(again.status).toBe(409);
    expect(v.progress.asked).toBe(3);
  });

  test("an unknown item, an id that is not one, and another engagement's item are refused on every staff route", async () => {
    const [item] = (await view(dana.submission.id)).items;
    const routes = (sub: number, id: string | number) => [
      t.request(`${api(sub)}/${id}`, withCookie(admin, patch({ title: "Changed title" }))),
      t.request(`${api(sub)}/${id}`, withCookie(admin, del())),
      t.request(`${api(sub)}/${id}/accept`, withCookie(admin, post())),
      t.request(`${api(sub)}/${id}/revise`, withCookie(admin, post({ reason: "The pages are cut off." }))),
      t.request(`${api(sub)}/${id}/waive`, withCookie(admin, post())),
    ];
    for (const res of await Promise.all([
      ...routes(dana.submission.id, 999_999),
      ...routes(dana.submission.id, "abc"),
      ...routes(lee.submission.id, item?.id ?? 0),
    ])) {
      expect(res.status).toBe(404);
    }
    expect((await view(dana.submission.id)).items[0]?.title).toBe("Judgment or order");
  });

  test("nothing received cannot be accepted or sent back; a reason is required; staff may waive", async () => {
    const [first, second] = (await view(dana.submission.id)).items;
    const early = await t.request(
      `${api(dana.submission.id)}/${first?.id}/accept`,
      withCookie(admin, post()),
    );
    expect(early.status).toBe(409);
    expect((await json<{ error: string }>(early)).error).toBe(
      "Nothing has been received for this item yet: there is nothing to accept or send back.",
    );
    const noReason = await t.request(
      `${api(dana.submission.id)}/${first?.id}/revise`,
      withCookie(admin, post({ reason: " " })),
    );
    expect(noReason.status).toBe(422);
    expect(
      (await t.request(`${api(dana.submission.id)}/${second?.id}/waive`, withCookie(admin, post()))).status,
    ).toBe(200);
    expect(
      (await t.request(`${api(dana.submission.id)}/${second?.id}/waive`, withCookie(admin, post()))).status,
    ).toBe(409);
    expect((await view(dana.submission.id)).items[1]?.state).toBe("waived");
  });

  test("the client's list: what is asked, never withdrawn items, and 'I don't have this' with a note", async () => {
    const list = await json<PortalDocumentRequests>(
      t.request("/api/portal/document-requests", withCookie(dana.cookie)),
    );
    expect(list.items.map((i) => [i.title, i.state])).toEqual([
      ["Judgment or order", "requested"],
      ["Bank statements", "waived"],
      ["Known addresses", "requested"],
    ]);
    expect(list.progress).toEqual({ received: 0, asked: 2, overdue: 0 });
    const third = list.items[2];
    const noNote = await t.request(
      `/api/portal/document-requests/${third?.id}/unavailable`,
      withCookie(dana.cookie, post({ note: "" })),
    );
    expect(noNote.status).toBe(422);
    const answered = await t.request(
      `/api/portal/document-requests/${third?.id}/unavailable`,
      withCookie(dana.cookie, post({ note: "We never had a second address; ask the county." })),
    );
    expect(answered.status).toBe(200);
    const again = await t.request(
      `/api/portal/document-requests/${third?.id}/unavailable`,
      withCookie(dana.cookie, post({ note: "Still none." })),
    );
    expect(again.status).toBe(409);
    const staff = await view(dana.submission.id);
    expect(staff.items[2]).toMatchObject({
      state: "unavailable",
      note: "We never had a second address; ask the county.",
    });
    expect(staff.items[2]?.history.at(-1)).toMatchObject({ by: "client", action: "unavailable" });
    // Staff send it back with the reason the client reads.
    const revised = await t.request(
      `${api(dana.submission.id)}/${third?.id}/revise`,
      withCookie(
        admin,
        post({ reason: "Your 2023 return lists a Naples address: a lease or bill from it will do." }),
      ),
    );
    expect(revised.status).toBe(200);
    const after = await json<PortalDocumentRequests>(
      t.request("/api/portal/document-requests", withCookie(dana.cookie)),
    );
    expect(after.items[2]).toMatchObject({
      state: "revision-requested",
      reason: "Your 2023 return lists a Naples address: a lease or bill from it will do.",
    });
  });

  test("another engagement's session never reaches this list: its item ids answer 404", async () => {
    const [item] = (await view(dana.submission.id)).items;
    const other = await json<PortalDocumentRequests>(
      t.request("/api/portal/document-requests", withCookie(lee.cookie)),
    );
    expect(other.items).toEqual([]);
    const cross = await t.request(
      `/api/portal/document-requests/${item?.id}/unavailable`,
      withCookie(lee.cookie, post({ note: "Not mine to answer." })),
    );
    expect(cross.status).toBe(404);
    expect((await t.request("/api/portal/document-requests")).status).toBe(401);
    expect((await view(dana.submission.id)).items[0]?.state).toBe("requested");
  });

  test("the templates are edited on their own screen and the next list starts from them", async () => {
    const all = await json<{ templates: TemplateView[] }>(
      t.request("/api/admin/document-request-templates", withCookie(admin)),
    );
    expect(all.templates.map((x) => x.name)).toEqual([
      "Asset Map",
      "Transaction Trace",
      "Individual Asset Check",
      "Record-Ready Prep",
    ]);
    const saved = await t.request(
      "/api/admin/document-request-templates/asset-map",
      withCookie(
        admin,
        put({
          items: [
            {
              title: "Bank statements",
              description: "Every account, every month.",
              period: "36 months",
              dueInDays: 0,
            },
          ],
        }),
      ),
    );
    expect(saved.status).toBe(200);
    expect((await view(lee.submission.id)).template).toEqual([
      {
        title: "Bank statements",
        description: "Every account, every month.",
        period: "36 months",
        dueOn: "2026-11-16",
        required: true,
      },
    ]);
    const unknown = await t.request(
      "/api/admin/document-request-templates/judgment-intel",
      withCookie(admin, put({ items: [] })),
    );
    expect(unknown.status).toBe(404);
    const bad = await t.request(
      "/api/admin/document-request-templates/asset-map",
      withCookie(admin, put({ items: [{ title: "Deeds", dueInDays: -2 }] })),
    );
    expect(bad.status).toBe(422);
  });

  test("the desk's overview shows each engagement's progress and what is overdue", async () => {
    clock.at = new Date("2026-11-25T15:00:00.000Z");
    // A week on, the desk signs in again.
    admin = await signIn(t.request, OWNER, PASSWORD);
    const { engagements } = await json<{ engagements: RequestsOverviewRow[] }>(
      t.request("/api/admin/document-requests/overview", withCookie(admin)),
    );
    expect(engagements).toEqual([
      {
        submissionId: dana.submission.id,
        reference: expect.any(String),
        progress: { received: 0, asked: 2, overdue: 1 },
      },
    ]);
  });

  test("the same review pressed twice at once (two tabs, two colleagues) changes the item once", async () => {
    const added = await t.request(
      api(dana.submission.id),
      withCookie(admin, post({ items: [{ title: "Vehicle titles" }, { title: "Boat registrations" }] })),
    );
    expect(added.status).toBe(201);
    const items = (await view(dana.submission.id)).items;
    const titles = items.find((i) => i.title === "Vehicle titles");
    const boats = items.find((i) => i.title === "Boat registrations");
    const waive = () =>
      t.request(`${api(dana.submission.id)}/${titles?.id}/waive`, withCookie(admin, post()));
    expect((await Promise.all([waive(), waive()])).map((r) => r.status).sort()).toEqual([200, 409]);
    const withdraw = () => t.request(`${api(dana.submission.id)}/${boats?.id}`, withCookie(admin, del()));
    expect((await Promise.all([withdraw(), withdraw()])).map((r) => r.status).sort()).toEqual([200, 409]);
    const after = (await view(dana.submission.id)).items;
    expect(after.find((i) => i.id === titles?.id)?.history.map((h) => h.action)).toEqual([
      "requested",
      "waived",
    ]);
    expect(after.find((i) => i.id === boats?.id)?.history.map((h) => h.action)).toEqual([
      "requested",
      "withdrawn",
    ]);
  });

  test("a closed request takes no new items", async () => {
    const closed = await t.request(
      `/api/admin/submissions/${dana.submission.id}`,
      withCookie(admin, patch({ status: "closed" })),
    );
    expect(closed.status).toBe(200);
    const refused = await t.request(
      api(dana.submission.id),
      withCookie(admin, post({ items: [{ title: "Deeds" }] })),
    );
    expect(refused.status).toBe(409);
    expect((await json<{ error: string }>(refused)).error).toBe(
      "This request is closed, so no documents can be asked for or reviewed.",
    );
  });
});
