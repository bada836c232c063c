import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../../config";
import type { Intake } from "../../../contracts/intake";
import { openDataStore } from "../../../ops/data-store";
import type { DataStore, Indexed } from "../../../store";
import { contactSubmissions } from "./contact-submissions";
import { submissionDesk } from "./submission-desk";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A real data folder, opened as the server opens it: its own new key, the cipher and the index. */
function freshStore(): DataStore {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-search-"));
  dirs.push(dir);
  return openDataStore(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "http://localhost:3000" }));
}

let serial = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + serial * 60_000).toISOString();

const intake = (o: Partial<Intake> = {}): Intake => ({
  name: "Dana Whitfield",
  firm: "Whitfield & Moss LLP",
  email: "dana@whitfieldmoss.example",
  phone: "(312) 555-0199",
  role: "attorney",
  matterType: "family-law",
  subjectType: "both",
  jurisdictions: "Cook County, IL",
  desiredService: "asset-map",
  description: "Lake house held through an LLC.",
  acknowledgment: true,
  website: "",
  ...o,
});

/** Stores an intake through the repository, as the intake route does; its id and reference. */
function store(
  opened: Indexed,
  o: Partial<Intake> = {},
  reference = `IR-260101-${String(++serial).padStart(4, "0")}`,
) {
  const id = contactSubmissions(opened).create(intake(o), { reference, submittedAt: at(), emailError: null });
  return { id, reference };
}

// No test waits for the index: its writes are applied once their transaction ends (a microtask later), and a
// search applies any still waiting before it reads, so what a committed write changed is found at once.

describe("the desk's search index", () => {
  const opened = freshStore();
  const { db } = opened;
  const search = opened.search;
  search.start();
  const refs: Record<string, string> = {};
  const find = (q: string) => search.match(q).sort((a, b) => a - b);

  // Before the tests below: four requests.
  beforeAll(async () => {
    refs.soren = store(opened, {
      name: "Søren O'Brien",
      email: "s.obrien@harbor-legal.example",
      firm: "Harbor Legal",
      phone: "+1 (312) 555-0142",
      jurisdictions: "Travis County, TX",
      description:
        "Divorce. The husband's brother, Tomás Castellano, holds the boat through Brightwater LLC.",
    }).reference;
    refs.zoe = store(opened, {
      name: "Zoë Lindqvist",
      email: "client42@lindqvist.example",
      firm: undefined,
      phone: "646 555 0100",
      jurisdictions: "New York, NY",
    }).reference;
    refs.okafor = store(opened, {
      name: "Ravi Okafor",
      email: "client420@okafor-fiduciary.example",
      firm: "Okafor Fiduciary Services",
      phone: "(646) 555-7788",
    }).reference;
    refs.dana = store(opened).reference;
  });

  const names = (q: string) => {
    const desk = submissionDesk(opened);
    return find(q).map((id) => desk.byId(id)?.name);
  };

  test("finds by name, e-mail, firm, jurisdictions and words of the description", () => {
    expect(names("obrien")).toEqual(["Søren O'Brien"]);
    expect(names("lindqvist.example")).toEqual(["Zoë Lindqvist"]);
    expect(names("harbor legal")).toEqual(["Søren O'Brien"]);
    expect(names("travis county")).toEqual(["Søren O'Brien"]);
    // An opposing party named in the description.
    expect(names("castellano")).toEqual(["Søren O'Brien"]);
    expect(names("brightwater")).toEqual(["Søren O'Brien"]);
    expect(names("nobody at all")).toEqual([]);
  });

  test("in any letter case and without the accents", () => {
    expect(names("SOREN")).toEqual(["Søren O'Brien"]);
    expect(names("zoe")).toEqual(["Zoë Lindqvist"]);
    expect(names("Zoë")).toEqual(["Zoë Lindqvist"]);
    expect(names("tomas CASTELLANO")).toEqual(["Søren O'Brien"]);
    expect(names("o'brien")).toEqual(["Søren O'Brien"]);
  });

  test("by the phone number's digits, however they are typed", () => {
    for (const typed of ["(312) 555-0142", "3125550142", "555-0142", "555 0142", "0142"]) {
      expect({ typed, found: names(typed) }).toEqual({ typed, found: ["Søren O'Brien"] });
    }
    expect(names("555")).toHaveLength(4);
    expect(names("646")).toEqual(["Zoë Lindqvist", "Ravi Okafor"]);
  });

  test("by the reference, whole or in part", () => {
    expect(names(refs.zoe as string)).toEqual(["Zoë Lindqvist"]);
    expect(names((refs.zoe as string).toLowerCase())).toEqual(["Zoë Lindqvist"]);
    expect(names((refs.zoe as string).slice(-4))).toEqual(["Zoë Lindqvist"]);
    expect(names("IR-260101")).toHaveLength(4);
  });

  test("a term of three letters or more anywhere in a word; a shorter one at a word's start", () => {
    expect(names("fiduc")).toEqual(["Ravi Okafor"]);
    expect(names("iduciar")).toEqual(["Ravi Okafor"]);
    expect(names("moss")).toEqual(["Dana Whitfield"]);
    expect(names("li")).toEqual(["Zoë Lindqvist"]);
    // "ri" starts no word of theirs ("Brightwater" holds it inside).
    expect(names("ri")).toEqual([]);
    expect(names("ra")).toEqual(["Ravi Okafor"]);
  });

  test("every word of the query must be found, in any field", () => {
    expect(names("dana llc")).toEqual(["Dana Whitfield"]);
    expect(names("dana castellano")).toEqual([]);
  });

  test("an address's local part ends at its @", () => {
    expect(names("client42@")).toEqual(["Zoë Lindqvist"]);
    expect(names("client42")).toEqual(["Zoë Lindqvist", "Ravi Okafor"]);
    expect(names("@okafor-fiduciary.example")).toEqual(["Ravi Okafor"]);
  });

  test("a new intake is found as soon as its transaction commits", async () => {
    store(opened, { name: "Priya Raman", email: "priya@raman.example" });
    expect(names("raman")).toEqual(["Priya Raman"]);
  });

  test("a deleted request is not found, and its words no one else holds leave memory", async () => {
    const desk = submissionDesk(opened);
    const [id] = find("raman");
    const words = search.words;
    expect(desk.remove(id as number)).toBe(true);
    expect(names("raman")).toEqual([]);
    expect(names("priya")).toEqual([]);
    expect(search.words).toBeLessThan(words);
  });

  test("a deletion rolled back with its transaction leaves the request findable", async () => {
    const desk = submissionDesk(opened);
    const [id] = find("castellano");
    expect(() =>
      db.transaction(() => {
        desk.remove(id as number);
        throw new Error("the erasure's receipt could not be written");
      })(),
    ).toThrow("receipt");
    expect(names("castellano")).toEqual(["Søren O'Brien"]);
  });

  test("an id used again after its request was deleted is found by the new request's words only", async () => {
    const desk = submissionDesk(opened);
    const newest = store(opened, {
      name: "Marcus Haddad",
      email: "marcus@haddad.example",
      firm: "Haddad & Co",
    });
    // Deleted, and the id given to the next request in the same turn (as a table without AUTOINCREMENT does).
    expect(desk.remove(newest.id)).toBe(true);
    const cipher = opened.cipher;
    db.query(
      `INSERT INTO contact_submissions (id, reference, name, firm, email, phone, role, matter_type, subject_type,
         jurisdictions, desired_service, description, submitted_at)
       VALUES (?, 'IR-REUSED', ?, NULL, ?, ?, 'attorney', 'other', 'both', ?, 'asset-map', ?, ?)`,
    ).run(
      newest.id,
      cipher.encrypt("Elena Novak"),
      cipher.encrypt("elena@novak.example"),
      cipher.encrypt("(312) 555-0101"),
      cipher.encrypt("Cook County, IL"),
      cipher.encrypt("A trust in Delaware."),
      at(),
    );
    search.put(
      newest.id,
      {
        ...intake({ name: "Elena Novak", email: "elena@novak.example", phone: "(312) 555-0101" }),
        firm: null,
        reference: "IR-REUSED",
        description: "A trust in Delaware.",
      },
      at(),
    );
    expect(names("haddad")).toEqual([]);
    expect(names("novak")).toEqual(["Elena Novak"]);
    expect(find("delaware")).toEqual([newest.id]);
  });

  test("a request whose stored text was overwritten before its deletion still leaves the search whole", async () => {
    const desk = submissionDesk(opened);
    const { id } = store(opened, {
      name: "Idris Okonkwo",
      email: "idris@okonkwo.example",
      firm: "Okonkwo LLP",
    });
    expect(find("okonkwo")).toEqual([id]);
    // As a deletion that first overwrites the values (so no copy lingers on disk) would leave them.
    const blank = opened.cipher.encrypt("");
    db.query(
      "UPDATE contact_submissions SET name = ?1, email = ?1, firm = ?1, description = ?1 WHERE id = ?2",
    ).run(blank, id);
    expect(desk.remove(id)).toBe(true);
    expect(find("okonkwo")).toEqual([]);
    expect(find("idris")).toEqual([]);
  });

  test("a request whose words change in place is found by its new words only", async () => {
    const [id] = find("novak");
    search.put(id as number, { ...intake({ name: "Elena Brennan" }), reference: "IR-X", firm: null }, at());
    expect(find("brennan")).toEqual([id as number]);
    expect(find("novak")).toEqual([]);
  });

  test("narrows matches by status as the desk changes it, once the change commits", async () => {
    const desk = submissionDesk(opened);
    const [soren] = find("castellano");
    const closed = () => search.narrow(find("555"), { status: "closed" });
    expect(closed()).toEqual([]);
    desk.update(soren as number, { status: "closed" }, at());
    expect(closed()).toEqual([soren as number]);
    expect(search.narrow(find("555"), { status: "closed", role: "attorney" })).toEqual([soren as number]);
    expect(search.narrow(find("555"), { status: "closed", role: "fiduciary" })).toEqual([]);
    // A change rolled back leaves the facts as they were.
    expect(() =>
      db.transaction(() => {
        desk.update(soren as number, { status: "engaged" }, at());
        throw new Error("the audit entry could not be written");
      })(),
    ).toThrow("audit");
    expect(closed()).toEqual([soren as number]);
    expect(search.narrow(find("555"), { status: "engaged" })).toEqual([]);
  });

  test("a status changed by any writer, here plain SQL, is known to the next search", () => {
    const desk = submissionDesk(opened);
    const [soren] = find("castellano");
    db.query("UPDATE contact_submissions SET status = 'declined' WHERE id = ?").run(soren as number);
    expect(desk.list({ q: "castellano", status: "closed" }, { limit: 25, offset: 0 })).toMatchObject({
      total: 0,
      items: [],
    });
    const declined = desk.list({ q: "castellano", status: "declined" }, { limit: 25, offset: 0 });
    expect(declined.total).toBe(1);
    expect(declined.items.map((i) => i.id)).toEqual([soren as number]);
  });

  test("pages newest first, as the desk lists them", () => {
    const ids = find("555");
    const desk = submissionDesk(opened);
    const newest = [...ids].sort((a, b) => {
      const [sa, sb] = [desk.byId(a)?.submittedAt ?? "", desk.byId(b)?.submittedAt ?? ""];
      return sa === sb ? b - a : sb.localeCompare(sa);
    });
    expect(search.newestFirst(ids, 0, 2)).toEqual(newest.slice(0, 2));
    expect(search.newestFirst(ids, 2, 2)).toEqual(newest.slice(2, 4));
    expect(search.newestFirst(ids, 0, 100)).toEqual(newest);
    expect(search.newestFirst(ids, 100, 2)).toEqual([]);
  });
});

describe("the index's build after a start", () => {
  test("is read in slices, newest first, with the writes made meanwhile kept", async () => {
    const opened = freshStore();
    const stored = Array.from({ length: 200 }, (_, i) =>
      store(opened, { name: `Grace Chen ${i}`, email: `grace${i}@chen.example` }),
    );
    const search = opened.search;
    const slices: (() => void)[] = [];
    let readyAfter = -1;
    search.start({
      schedule: (next) => slices.push(next),
      sliceMs: 0,
      onReady: (state) => {
        readyAfter = state.indexed;
      },
    });
    // One slice (16 rows) read at once, the newest.
    expect(search.state()).toEqual({ ready: false, indexed: 16, total: 200 });
    expect(search.match("chen")).toHaveLength(16);
    expect(search.match("grace199@")).toHaveLength(1);
    expect(search.match("grace0@")).toHaveLength(0);

    // Meanwhile: a new intake, a deletion of a row read and of one not read yet.
    store(opened, { name: "Mei Herrera", email: "mei@herrera.example" });
    submissionDesk(opened).remove((stored[199] as { id: number }).id);
    submissionDesk(opened).remove((stored[0] as { id: number }).id);
    expect(search.match("herrera")).toHaveLength(1);
    expect(search.match("grace199@")).toHaveLength(0);

    while (slices.length > 0) slices.shift()?.();
    expect(search.state()).toMatchObject({ ready: true, indexed: 199 });
    expect(readyAfter).toBe(199);
    expect(search.match("chen")).toHaveLength(198);
    expect(search.match("grace0@")).toHaveLength(0);
    expect(search.match("grace1@")).toHaveLength(1);
    await search.whenReady();
  });

  test("holds the thread a few milliseconds at a time, so a search meanwhile waits little", () => {
    const opened = freshStore();
    opened.db.transaction(() => {
      for (let i = 0; i < 1500; i++) store(opened, { name: `Idris Haddad ${i}` });
    })();
    const search = opened.search;
    const slices: (() => void)[] = [];
    const held: number[] = [];
    let began = performance.now();
    search.start({
      schedule: (next) => {
        held.push(performance.now() - began);
        slices.push(next);
      },
    });
    while (slices.length > 0) {
      began = performance.now();
      slices.shift()?.();
    }
    expect(search.state().ready).toBe(true);
    held.sort((a, b) => a - b);
    expect(held.length).toBeGreaterThan(5);
    // A request waits at most one slice. Each slice reads until its time is up (8 ms before, 2 ms now); the
    // shortest quarter is read, as a busy machine stretches the others.
    expect(held[held.length >> 2]).toBeLessThan(6);
  });

  test("a small database is searchable before the start returns", () => {
    const opened = freshStore();
    store(opened, { name: "Olu Brennan" });
    const search = opened.search;
    search.start({ schedule: () => {} });
    expect(search.state().ready).toBe(true);
    expect(search.match("olu")).toHaveLength(1);
  });
});
