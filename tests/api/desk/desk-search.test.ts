import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../../src/app";
import type { Intake } from "../../../src/contracts/intake";
import type { SubmissionList } from "../../../src/contracts/submissions";
import { rotateStoredValues } from "../../../src/db/encryption";
import { MANIFEST } from "../../../src/generated/assets";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";
import { fileIntake, validIntake } from "../../helpers/intake";

/**
 * The desk's search (issue 18, "The desk at scale"; ADR 119) through its route: what staff find a request by,
 * that every path that writes or deletes a request keeps the search current, and what the desk says while the
 * search is still being built after a restart.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const env = { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" };
const { app, request, db, store, dataDir } = makeTestApp(env, { now: () => clock.at });
const API = "/api/admin/submissions";
const SIGN_IN_TIMEOUT = 20_000;

let cookie = "";
const signInNow = async () => {
  cookie = await signIn(request, USER, PASSWORD);
};
const list = async (q: string, extra = "") =>
  (await (
    await request(`${API}?q=${encodeURIComponent(q)}${extra}`, withCookie(cookie))
  ).json()) as SubmissionList;
const names = async (q: string, extra = "") => (await list(q, extra)).items.map((i) => i.name);
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));

/** Files an intake through the public API a minute after the previous one. */
async function intake(overrides: Record<string, unknown>) {
  clock.at = new Date(clock.at.getTime() + 60_000);
  return fileIntake({ request, db }, clock.at, overrides);
}

const SOREN = {
  name: "Søren Järvinen",
  firm: "Järvinen Law Office",
  email: "soren@jarvinen-law.example",
  phone: "+1 (312) 555-0142",
  jurisdictions: "Travis County, TX",
  description: "Divorce. The husband's brother, Tomás Castellano, holds the boat through Brightwater LLC.",
};

describe("what the desk's search finds", () => {
  const refs: Record<string, string> = {};

  // Before the tests below: three requests and a signed-in admin.
  beforeAll(async () => {
    refs.soren = (await intake(SOREN)).reference;
    refs.dana = (await intake({})).reference;
    refs.ravi = (
      await intake({
        name: "Ravi Okafor",
        firm: "Okafor Fiduciary Services",
        email: "ravi@okafor-fiduciary.example",
        phone: "(646) 555-7788",
        role: "fiduciary",
      })
    ).reference;
    await signInNow();
  }, SIGN_IN_TIMEOUT);

  test("the phone number by its digits, however staff type it", async () => {
    for (const typed of ["(312) 555-0142", "312-555-0142", "5550142", "555 0142"]) {
      expect({ typed, found: await names(typed) }).toEqual({ typed, found: ["Søren Järvinen"] });
    }
  });

  test("the reference, whole or its last part", async () => {
    expect(await names(refs.ravi as string)).toEqual(["Ravi Okafor"]);
    expect(await names((refs.ravi as string).slice(-4).toLowerCase())).toEqual(["Ravi Okafor"]);
  });

  test("the jurisdictions and the words of the description: an opposing party named there", async () => {
    expect(await names("travis")).toEqual(["Søren Järvinen"]);
    expect(await names("castellano")).toEqual(["Søren Järvinen"]);
    expect(await names("brightwater llc")).toEqual(["Søren Järvinen"]);
  });

  test("in any letter case, with or without the accents", async () => {
    expect(await names("SOREN JARVINEN")).toEqual(["Søren Järvinen"]);
    expect(await names("søren järvinen")).toEqual(["Søren Järvinen"]);
    expect(await names("Tomas")).toEqual(["Søren Järvinen"]);
  });

  test("with the other filters, the sort and paging over the matches", async () => {
    expect(await names("555", "&role=fiduciary")).toEqual(["Ravi Okafor"]);
    expect(await names("555", "&sort=due")).toEqual(["Søren Järvinen", "Dana Whitfield", "Ravi Okafor"]);
    const second = await list("555", "&pageSize=2&page=2");
    expect(second).toMatchObject({ total: 3, pageCount: 2 });
    expect(second.items.map((i) => i.name)).toEqual(["Søren Järvinen"]);
    const filtered = await list("555", "&status=new&pageSize=1&page=3");
    expect(filtered.total).toBe(3);
    expect(filtered.items.map((i) => i.name)).toEqual(["Søren Järvinen"]);
    expect(filtered.searchIndexing).toBeUndefined();
  });
});

describe("every path that writes or deletes a request keeps the search current", () => {
  test("a new intake is found at once", async () => {
    await intake({ name: "Priya Raman", email: "priya@raman.example", firm: null });
    expect(await names("raman")).toEqual(["Priya Raman"]);
  });

  test("a request deleted at the desk is no longer found", async () => {
    const [found] = (await list("raman")).items;
    expect((await send("DELETE", `${API}/${found?.id}`)).status).toBe(200);
    expect(await names("raman")).toEqual([]);
    expect(await names("priya")).toEqual([]);
  });

  test("the newest request deleted and the next one filed: each is found by its own words only", async () => {
    // A table without AUTOINCREMENT gives the next request the deleted one's id; the search holds either way.
    const first = await intake({ name: "Marcus Haddad", email: "marcus@haddad.example", firm: null });
    expect((await send("DELETE", `${API}/${first.id}`)).status).toBe(200);
    await intake({ name: "Elena Novak", email: "elena@novak.example", firm: "Novak Partners" });
    expect(await names("haddad")).toEqual([]);
    expect(await names("marcus")).toEqual([]);
    expect(await names("novak")).toEqual(["Elena Novak"]);
  });

  test("a request erased for a data-rights request is no longer found", async () => {
    await intake({ name: "Idris Brennan", email: "idris@brennan.example", firm: null });
    expect(await names("brennan")).toEqual(["Idris Brennan"]);
    const created = await send("POST", "/api/admin/data-requests", {
      email: "idris@brennan.example",
      kind: "deletion",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await send("POST", `/api/admin/data-requests/${id}/erase`)).status).toBe(200);
    expect(await names("brennan")).toEqual([]);
    expect(await names("idris")).toEqual([]);
  });

  test("a status changed at the desk narrows a search at once", async () => {
    const [soren] = (await list("castellano")).items;
    expect(await names("castellano", "&status=in-review")).toEqual([]);
    expect((await send("PATCH", `${API}/${soren?.id}`, { status: "in-review" })).status).toBe(200);
    expect(await names("castellano", "&status=in-review")).toEqual(["Søren Järvinen"]);
    expect(await names("castellano", "&status=new")).toEqual([]);
    expect((await list("555", "&status=new")).total).toBe(3);
  });

  test("the data key's rotation leaves the search as it was", async () => {
    const rotation = rotateStoredValues(db, store.cipher, 2);
    expect(rotation.remaining).toBe(0);
    expect(await names("castellano")).toEqual(["Søren Järvinen"]);
    expect(await names("novak")).toEqual(["Elena Novak"]);
  });

  test(
    "a request purged at the end of its retention is no longer found",
    async () => {
      const [novak] = (await list("novak")).items;
      expect((await send("PATCH", `${API}/${novak?.id}`, { status: "closed" })).status).toBe(200);
      clock.at = new Date(clock.at.getTime() + 400 * 86_400_000);
      expect(app.decorator.retention.purge().deleted).toHaveLength(1);
      await signInNow();
      expect(await names("novak")).toEqual([]);
      expect(await names("castellano")).toEqual(["Søren Järvinen"]);
    },
    SIGN_IN_TIMEOUT,
  );
});

describe("while the search is still being built after a restart", () => {
  // The same data folder opened again, its search read one slice (64 requests) at a time when told to.
  const slices: (() => void)[] = [];
  const config = loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, REQUIRE_MFA: "false", ...env });
  let again: ReturnType<typeof openDataStore> | undefined;
  afterAll(() => again?.db.close());
  let restarted: ReturnType<typeof createApp> | undefined;
  const get = (path: string) =>
    (restarted as ReturnType<typeof createApp>).handle(new Request(`${ORIGIN}${path}`, withCookie(cookie)));
  const oldest = 100;

  // Before the tests below: 100 more requests, then the restart.
  beforeAll(async () => {
    const submissions = contactSubmissions(store);
    for (let i = 0; i < oldest; i++) {
      const person: Intake = {
        ...(validIntake(clock.at, {
          name: `Mei Lindqvist ${i}`,
          email: `mei${i}@lindqvist.example`,
        }) as Intake),
        firm: undefined,
      };
      submissions.create(person, {
        reference: `IR-SEED-${i}`,
        submittedAt: new Date(clock.at.getTime() - (oldest - i) * 60_000).toISOString(),
        emailError: null,
      });
    }
    again = openDataStore(config, { clock: () => clock.at });
    restarted = createApp({
      config,
      store: again,
      manifest: MANIFEST,
      searchBuild: { schedule: (next) => slices.push(next), sliceMs: 0 },
    });
    await signInNow();
  }, SIGN_IN_TIMEOUT);

  test("the list without a search is whole; a search says it sees part of the requests", async () => {
    const all = (await (await get(API)).json()) as SubmissionList;
    expect(all.total).toBe(oldest + 3);
    expect(all.searchIndexing).toBeUndefined();

    const searched = (await (await get(`${API}?q=lindqvist`)).json()) as SubmissionList;
    // One slice of the build (16 rows, the newest) has been read.
    expect(searched.searchIndexing).toEqual({ indexed: 16, total: oldest + 3 });
    // The newest requests are read first.
    expect(searched.total).toBeLessThan(oldest);
    expect(searched.items.map((i) => i.name)).toContain(`Mei Lindqvist ${oldest - 1}`);
  });

  test("an export of a search waits for it: 503 with a message and when to try again", async () => {
    const res = await get(`${API}/export.csv?q=lindqvist`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(((await res.json()) as { error: string }).error).toContain("still reading the stored requests");
  });

  test("once built, the search is whole and says nothing more", async () => {
    while (slices.length > 0) slices.shift()?.();
    const searched = (await (await get(`${API}?q=lindqvist`)).json()) as SubmissionList;
    expect(searched.searchIndexing).toBeUndefined();
    expect(searched.total).toBe(oldest);
    expect((await get(`${API}/export.csv?q=lindqvist`)).status).toBe(200);
  });
});
