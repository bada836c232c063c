import { beforeAll, describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { readZip } from "../../helpers/zip";

/**
 * What a person asking for their data receives (issue 45, ADR 301): a document they can read, times in the
 * firm's zone and choices in the form's words, and beside it the same facts as JSON; neither carries the server's
 * machinery (mail row ids, attempts, retry times, errors, keyed hashes). The card on the Data & Privacy screen
 * names whose request it is while it is open.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-06-01T14:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", REQUIRE_MFA: "false" },
  { now: () => clock.at },
);
const API = "/api/admin/data-requests";
const EMAIL = "imogen.vale@valewright.example";
let cookie = "";
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));

describe("a data-rights export the person can read", () => {
  let id = 0;
  let reference = "";
  beforeAll(async () => {
    clock.at = new Date("2026-06-01T14:00:00.000Z");
    ({ reference } = await fileIntake({ request, db }, clock.at, {
      name: "Imogen Vale",
      email: EMAIL,
      desiredService: "asset-map",
    }));
    // A move of the clock ends the session: sign in after it.
    clock.at = new Date("2026-06-02T15:30:00.000Z");
    cookie = await signIn(request, USER, PASSWORD);
    const created = await send("POST", API, { email: EMAIL, kind: "access" });
    expect(created.status).toBe(201);
    ({ id } = (await created.json()) as { id: number });
  }, 20_000);

  test("the list names the requester's address while the request is open, and none once completed", async () => {
    const open = (await (await send("GET", API)).json()) as { items: { id: number; email: string | null }[] };
    expect(open.items.find((i) => i.id === id)?.email).toBe(EMAIL);
  });

  test("the archive opens with a readable document; neither it nor the JSON carries mail ids or retry times", async () => {
    const res = await send("GET", `${API}/${id}/export`);
    expect(res.status).toBe(200);
    const archive = readZip(new Uint8Array(await res.arrayBuffer()));
    const names = [...archive.keys()];
    expect(names).toEqual([`data-request-${id}-2026-06-02.html`, `data-request-${id}-2026-06-02.json`]);
    const html = new TextDecoder().decode(archive.get(names[0] as string));
    const json = new TextDecoder().decode(archive.get(names[1] as string));

    // A document for the person: a title naming who holds it, their request by reference, in the form's words.
    expect(html).toStartWith("<!doctype html>");
    expect(html).toContain("<h1>Your data held by Tracewell</h1>");
    expect(html).toContain(`<h2>Request ${reference}</h2>`);
    expect(html).toContain("<h3>What you told us</h3>");
    expect(html).toContain("Imogen Vale");
    expect(html).toContain("Asset Map");
    expect(html).toContain("Confirmation to the requester");
    // Times in the firm's zone, as the admin writes them, never a raw ISO instant.
    expect(html).toContain("1 Jun 2026, 10:00 AM EDT");
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);

    const doc = JSON.parse(json) as { intakes: { mail: Record<string, unknown>[] }[] };
    const mail = doc.intakes[0]?.mail ?? [];
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) {
      expect(Object.keys(m).sort()).toEqual(["createdAt", "kind", "sentAt", "state"]);
    }
    for (const machinery of ["nextAttemptAt", "attempts", "lastError", "keyWait", "emailHash"]) {
      expect(json).not.toContain(`"${machinery}"`);
      expect(html).not.toContain(machinery);
    }
  });

  test("once completed, the card's address is gone with the request's", async () => {
    expect((await send("POST", `${API}/${id}/complete`)).status).toBe(200);
    const done = (await (await send("GET", API)).json()) as { items: { id: number; email: string | null }[] };
    expect(done.items.find((i) => i.id === id)?.email).toBeNull();
  });
});
