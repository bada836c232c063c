import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";
import { readZip } from "../../helpers/zip";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const API = "/api/admin/data-requests";
const TABLES = [
  "document_request_items",
  "document_request_events",
  "document_request_files",
  "document_request_reminders",
  "document_request_reminder_items",
  "document_request_pauses",
];

describe("a person's data rights cover the documents asked of them", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp({ ...NEW_YORK_DESK }, { now: () => clock.at });
  const count = (table: string) =>
    (t.db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

  test("the export holds every item with its history; erasure leaves no row of the list", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const added = await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests`,
      withCookie(
        admin,
        post({ items: [{ title: "Bank statements", dueOn: "2026-11-19" }, { title: "Deeds" }] }),
      ),
    );
    const [, deeds = 0] = ((await added.json()) as { ids: number[] }).ids;
    await t.request(
      `/api/portal/document-requests/${deeds}/unavailable`,
      withCookie(dana.cookie, post({ note: "The house was my mother's; her lawyer has the deed." })),
    );
    await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests/reminders`,
      withCookie(admin, { ...post({ paused: true }), method: "PUT" }),
    );
    await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests/reminders`,
      withCookie(admin, { ...post({ paused: false }), method: "PUT" }),
    );
    expect(t.app.decorator.root.documentRequests.jobs.runFor("2026-11-16").reminders).toHaveLength(1);

    const access = await t.request(
      API,
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "access" })),
    );
    const { id } = (await access.json()) as { id: number };
    const res = await t.request(`${API}/${id}/export`, withCookie(admin));
    expect(res.status).toBe(200);
    const archive = readZip(new Uint8Array(await res.arrayBuffer()));
    const json = [...archive.entries()].find(([name]) => name.endsWith(".json"))?.[1] as Uint8Array;
    const doc = JSON.parse(new TextDecoder().decode(json)) as {
      intakes: {
        documentRequests: {
          title: string;
          state: string;
          note: string | null;
          history: { action: string }[];
        }[];
      }[];
    };
    expect(
      doc.intakes[0]?.documentRequests.map((i) => [i.title, i.state, i.note, i.history.map((h) => h.action)]),
    ).toEqual([
      ["Bank statements", "requested", null, ["requested"]],
      [
        "Deeds",
        "unavailable",
        "The house was my mother's; her lawyer has the deed.",
        ["requested", "unavailable"],
      ],
    ]);

    // The person's copy names the items by what was asked, not by the database's row ids (ADR 301).
    expect(doc.intakes[0]?.documentRequests.some((i) => "id" in i)).toBe(false);

    const deletion = await t.request(
      API,
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "deletion" })),
    );
    const erased = await t.request(
      `${API}/${((await deletion.json()) as { id: number }).id}/erase`,
      withCookie(admin, post()),
    );
    expect(erased.status).toBe(200);
    expect(TABLES.map((table) => [table, count(table)])).toEqual(TABLES.map((table) => [table, 0]));
  }, 60_000);
});
