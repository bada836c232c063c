import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { createApp } from "../../../src/app";
import { createDataCipher, storedKeyId } from "../../../src/db/cipher";
import { rotateStoredValues } from "../../../src/db/encryption";
import { MANIFEST } from "../../../src/generated/assets";
import { newDataKey } from "../../../src/ops/keys-cli";
import { loadDataKeys } from "../../../src/secrets";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";
import { DRAFT, portalClient, sendFirmFile } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(60_000);

/**
 * The engagement's money as an append-only ledger (issue 30): the flat fee, each payment and each month become
 * entries on the firm's days; the desk adds time at the engagement's rate, expenses and adjustments; nothing is
 * ever changed or deleted; the accountant's file opens in a CSV parser.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
// 9:30 PM in New York on Monday 9 March 2026: already the 10th in UTC.
const clock = { at: new Date("2026-03-10T01:30:00.000Z") };
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
const API = "/api/admin/submissions";
const RETAINER = { ...DRAFT, feeKind: "retainer", feeCents: 500_000 };

const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  },
  { now: () => clock.at },
);
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

let admin = "";
beforeAll(async () => {
  admin = await signIn(t.request, OWNER, PASSWORD);
});
const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) => {
  const r = await res;
  return {
    status: r.status,
    body: (await r.json()) as T & { error?: string; errors?: Record<string, string[]> },
  };
};
type Entry = {
  id: number;
  number: number;
  on: string;
  kind: string;
  description: string;
  amountCents: number;
  minutes?: number;
  by?: string;
  corrects?: number;
  runningCents?: number;
};
type View = {
  entries: Entry[];
  balanceCents: number;
  retainer: { heldCents: number; drawnCents: number; remainingCents: number } | null;
};
const ledgerOf = (id: number) => json<View>(t.request(`${API}/${id}/ledger`, withCookie(admin)));
const write = (id: number, path: string, body: unknown) =>
  json<View>(t.request(`${API}/${id}/${path}`, withCookie(admin, post(body))));
const pay = (id: number, amountCents: number, receivedOn = "2026-03-09") =>
  t.request(
    `${API}/${id}/engagement/payments`,
    withCookie(admin, post({ amountCents, receivedOn, method: "wire 4471" })),
  );
let clients = 0;
const client = (draft: Record<string, unknown> = DRAFT, sign = true) =>
  portalClient(t, clock.at, admin, { email: `client-${++clients}@example.com`, draft, sign });

describe("the ledger records what the engagement does", () => {
  test("a signed flat fee and each payment are entries on the firm's day; the balance is what is owed", async () => {
    const c = await client();
    expect((await pay(c.submission.id, 100_000)).status).toBe(201);
    const { status, body } = await ledgerOf(c.submission.id);
    expect(status).toBe(200);
    expect(body.entries.map(({ id: _, ...e }) => e)).toEqual([
      {
        number: 1,
        on: "2026-03-09",
        kind: "fee",
        description: "Flat fee, paid in full on engagement",
        amountCents: 350_000,
        runningCents: 350_000,
      },
      {
        number: 2,
        on: "2026-03-09",
        kind: "payment",
        description: "Payment received (wire 4471)",
        amountCents: -100_000,
        by: OWNER,
        runningCents: 250_000,
      },
    ]);
    expect(body.balanceCents).toBe(250_000);
    expect(body.retainer).toBeNull();
  });

  test("unknown request 404; a request without an engagement 404 that says so", async () => {
    expect((await ledgerOf(999_999)).status).toBe(404);
    const bare = await fileIntake(t, clock.at, { email: "bare@example.com" });
    const none = await ledgerOf(bare.id);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe("No engagement has been prepared for this request yet.");
    const time = await write(bare.id, "time", { on: "2026-03-09", minutes: 0 });
    expect(time.body.error).toBe("No engagement has been prepared for this request yet.");
    expect(time.status).toBe(404);
    expect((await write(999_999, "expenses", {})).status).toBe(404);
  });
});

describe("time, expenses and adjustments", () => {
  test("a retainer's rate defaults to $350 and the letter states the rate the draft sets", async () => {
    const bare = await fileIntake(t, clock.at, {
      email: "rate@example.com",
      desiredService: "transaction-trace",
    });
    const got = await json<{ defaults: Record<string, unknown> }>(
      t.request(`${API}/${bare.id}/engagement`, withCookie(admin)),
    );
    expect(got.body.defaults).toMatchObject({ feeKind: "retainer", hourlyRateCents: 35_000 });
    const put = (body: unknown) =>
      json<{ engagement: Record<string, unknown> }>(
        t.request(`${API}/${bare.id}/engagement`, withCookie(admin, { ...post(body), method: "PUT" })),
      );
    expect((await put(RETAINER)).body.engagement.hourlyRateCents).toBe(35_000);
    expect((await put({ ...RETAINER, hourlyRateCents: 0 })).body.errors?.hourlyRateCents).toEqual([
      "Hourly rate must be at least 1",
    ]);
    expect((await put({ ...RETAINER, hourlyRateCents: 42_500 })).body.engagement.hourlyRateCents).toBe(
      42_500,
    );
    const letter = await t.request(`${API}/${bare.id}/engagement/letter.pdf`, withCookie(admin));
    const text = pdfText(new Uint8Array(await letter.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("billed by the hour at $425 per hour");
    expect(text).not.toContain("$350 per hour");
    // A flat engagement bills no hours: no rate is kept for it, whatever was sent.
    expect((await put({ ...DRAFT, hourlyRateCents: 42_500 })).body.engagement.hourlyRateCents).toBeNull();
  });

  test("time at the rate, rounded to the cent, drawn from the retainer first; beyond it is owed", async () => {
    const c = await client({ ...RETAINER, hourlyRateCents: 35_000 });
    await pay(c.submission.id, 100_000);
    const seven = await write(c.submission.id, "time", {
      on: "2026-03-09",
      minutes: 7,
      description: "Call with counsel",
    });
    expect(seven.status).toBe(201);
    const time = seven.body.entries.find((e) => e.kind === "time");
    expect(time).toMatchObject({
      on: "2026-03-09",
      minutes: 7,
      amountCents: 4_083,
      by: OWNER,
      description: "Call with counsel",
    });
    expect(seven.body.retainer).toEqual({ heldCents: 100_000, drawnCents: 4_083, remainingCents: 95_917 });
    expect(seven.body.balanceCents).toBe(-95_917);
    const more = await write(c.submission.id, "time", {
      on: "2026-03-06",
      minutes: 600,
      description: "Bank records traced",
    });
    expect(more.body.retainer).toEqual({ heldCents: 100_000, drawnCents: 100_000, remainingCents: 0 });
    expect(more.body.balanceCents).toBe(4_083 + 350_000 - 100_000);
    // The client's Payments card: while the retainer the letter asks for is not paid in full, its rest (which
    // also covers the hours past what was held); once it is, what the ledger says is owed past it.
    const due = async () =>
      (
        await json<{ engagement: { payment: { amountDueCents: number } } }>(
          t.request("/api/portal", withCookie(c.cookie)),
        )
      ).body.engagement.payment.amountDueCents;
    expect(await due()).toBe(RETAINER.feeCents - 100_000);
    await pay(c.submission.id, RETAINER.feeCents - 100_000);
    expect(await due()).toBe(0);
    await write(c.submission.id, "time", { on: "2026-03-09", minutes: 1_000, description: "Entity filings" });
    expect(await due()).toBe(4_083 + 350_000 + 583_333 - RETAINER.feeCents);
    // Entries read by day: the earlier day's time comes first.
    expect(more.body.entries.map((e) => e.on)).toEqual(["2026-03-06", "2026-03-09", "2026-03-09"]);
  });

  test("refusals at the field: dates, minutes, amounts, descriptions, a day after today", async () => {
    const c = await client({ ...RETAINER });
    const refused = async (path: string, body: unknown) => {
      const r = await write(c.submission.id, path, body);
      expect(r.status).toBe(422);
      return r.body.errors ?? {};
    };
    expect(await refused("time", { on: "2026-02-30", minutes: 30, description: "x" })).toEqual({
      on: ["There is no 2026-02-30 on the calendar"],
    });
    expect((await refused("time", { on: "2026-03-09", minutes: 1.5, description: "x" })).minutes).toEqual([
      "Minutes must be a whole number from 1 to 1440",
    ]);
    expect((await refused("time", { on: "2026-03-09", minutes: 30, description: " " })).description).toEqual([
      "Description is required",
    ]);
    expect(await refused("time", {})).toEqual({
      on: ["Date must be a date (YYYY-MM-DD)"],
      minutes: ["Minutes must be a whole number from 1 to 1440"],
      description: ["Description is required"],
    });
    // Tomorrow in New York (it is the 9th there, the 10th in UTC: the 10th is after today).
    expect(await refused("time", { on: "2026-03-10", minutes: 30, description: "Later" })).toEqual({
      on: ["Date cannot be after today"],
    });
    expect(
      (await refused("expenses", { on: "2026-03-09", amountCents: -5, description: "Fee" })).amountCents,
    ).toEqual(["Amount must be a whole number of cents from 1 to 100000000"]);
    expect(
      (await refused("ledger/adjustments", { amountCents: 0, description: "Nothing" })).amountCents?.[0],
    ).toContain("not 0");
  });

  test("an expense names its receipt only among the engagement's documents", async () => {
    const c = await client({ ...RETAINER });
    const other = await client({ ...RETAINER });
    const receipt = (submissionId: number) => sendFirmFile(t, admin, submissionId, "receipt.pdf");
    const foreignId = await receipt(other.submission.id);
    const ownId = await receipt(c.submission.id);
    const refused = await write(c.submission.id, "expenses", {
      on: "2026-03-09",
      amountCents: 1_250,
      description: "Cook County recorder copies",
      documentId: foreignId,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ documentId: ["Choose a document of this engagement"] });
    const ok = await write(c.submission.id, "expenses", {
      on: "2026-03-09",
      amountCents: 1_250,
      description: "Cook County recorder copies",
      documentId: ownId,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.entries.at(-1)).toMatchObject({ kind: "expense", amountCents: 1_250, documentId: ownId });
  });

  test("before the signature nothing is billed (409); a flat engagement bills no hours (409)", async () => {
    const unsigned = await client({ ...RETAINER }, false);
    const halfHourCall = (submissionId: number) =>
      write(submissionId, "time", { on: "2026-03-09", minutes: 30, description: "Call" });
    const early = await halfHourCall(unsigned.submission.id);
    expect(early.status).toBe(409);
    expect(early.body.error).toContain("not signed yet");
    const flat = await client();
    const noRate = await halfHourCall(flat.submission.id);
    expect(noRate.status).toBe(409);
    expect(noRate.body.error).toContain("no hourly rate");
  });

  test("a correction is an adjustment naming the entry, of this engagement only; each write is audited", async () => {
    const c = await client();
    const other = await client();
    const fee = (await ledgerOf(c.submission.id)).body.entries[0] as Entry;
    const otherFee = (await ledgerOf(other.submission.id)).body.entries[0] as Entry;
    const foreign = await write(c.submission.id, "ledger/adjustments", {
      corrects: otherFee.id,
      amountCents: -1_000,
      description: "Wrong engagement",
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ corrects: ["Choose an entry of this engagement's ledger"] });
    const fixed = await write(c.submission.id, "ledger/adjustments", {
      corrects: fee.id,
      amountCents: -50_000,
      description: "Agreed discount on the fee",
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body.entries.at(-1)).toMatchObject({
      kind: "adjustment",
      corrects: fee.id,
      amountCents: -50_000,
      on: "2026-03-09",
      by: OWNER,
    });
    expect(fixed.body.balanceCents).toBe(300_000);
    const events = t.db
      .query<{ event: string }, []>("SELECT event FROM audit_log WHERE event LIKE 'ledger.%' ORDER BY id")
      .all()
      .map((r) => r.event);
    expect(events).toEqual(
      expect.arrayContaining(["ledger.time_recorded", "ledger.expense_recorded", "ledger.adjusted"]),
    );
  });
});

describe("a form pressed twice records once", () => {
  // Each form makes a key when it opens and sends it with every press of its Save button.
  const writes = [
    { path: "time", body: { on: "2026-03-09", minutes: 30, description: "Call with counsel" } },
    { path: "expenses", body: { on: "2026-03-09", amountCents: 2_500, description: "County copy fee" } },
    { path: "ledger/adjustments", body: { amountCents: -1_000, description: "Courtesy credit" } },
  ] as const;

  for (const w of writes) {
    test(`${w.path}: the same press twice at once is one entry; another key is another entry`, async () => {
      const c = await client({ ...RETAINER, hourlyRateCents: 35_000 });
      const id = c.submission.id;
      const key = crypto.randomUUID();
      const both = await Promise.all([
        write(id, w.path, { ...w.body, key }),
        write(id, w.path, { ...w.body, key }),
      ]);
      expect(both.map((r) => r.status).toSorted()).toEqual([200, 201]);
      const [first, second] = both as [Awaited<ReturnType<typeof write>>, Awaited<ReturnType<typeof write>>];
      expect(second.body.entries).toEqual(first.body.entries);
      expect((await ledgerOf(id)).body.entries).toHaveLength(1);
      const audited = t.db
        .query<{ n: number }, [string]>(
          "SELECT count(*) AS n FROM audit_log WHERE event LIKE 'ledger.%' AND detail LIKE ?",
        )
        .get(`%"submissionId":${id},%`);
      expect(audited?.n).toBe(1);
      // A later press of a new form (a new key) is a new entry, even with the same words.
      expect((await write(id, w.path, { ...w.body, key: crypto.randomUUID() })).status).toBe(201);
      expect((await ledgerOf(id)).body.entries).toHaveLength(2);
    });
  }

  test("a key used for one entry cannot record another: 409; a key that is not one is 422", async () => {
    const c = await client({ ...RETAINER, hourlyRateCents: 35_000 });
    const id = c.submission.id;
    const key = crypto.randomUUID();
    expect((await write(id, "time", { ...writes[0].body, key })).status).toBe(201);
    const other = await write(id, "expenses", { ...writes[1].body, key });
    expect(other.status).toBe(409);
    expect(other.body.error).toContain("already");
    const bad = await write(id, "time", { ...writes[0].body, key: "press-1" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.key?.[0]).toBeDefined();
  });
});

describe("entries are never changed or deleted", () => {
  test("the database refuses an update or a delete; erasing the request still takes them", async () => {
    const c = await client();
    const [fee] = (await ledgerOf(c.submission.id)).body.entries as Entry[];
    expect(() => t.db.run("UPDATE ledger_entries SET amount_cents = 1 WHERE id = ?", [fee?.id ?? 0])).toThrow(
      "ledger entries are never changed",
    );
    expect(() =>
      t.db.run("UPDATE ledger_entries SET on_date = '2020-01-01' WHERE id = ?", [fee?.id ?? 0]),
    ).toThrow("never changed");
    expect(() => t.db.run("DELETE FROM ledger_entries WHERE id = ?", [fee?.id ?? 0])).toThrow(
      "ledger entries are never deleted",
    );
    expect((await ledgerOf(c.submission.id)).body.entries[0]).toEqual(fee as Entry);
    // Erasure (a data-rights request) is the one way out: the engagement goes, and its entries with it.
    t.db.run("DELETE FROM contact_submissions WHERE id = ?", [c.submission.id]);
    const left = t.db
      .query("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ?")
      .get(c.engagementId);
    expect(left).toEqual({ n: 0 });
  });

  test("every column refuses a raw UPDATE, the description too; only the data key's rotation rewrites it", async () => {
    const c = await client();
    await pay(c.submission.id, 100_000);
    const id = (await ledgerOf(c.submission.id)).body.entries.at(-1)?.id ?? 0;
    const columns = t.db
      .query<{ name: string; type: string }, []>("SELECT name, type FROM pragma_table_info('ledger_entries')")
      .all();
    expect(columns.map((col) => col.name)).toContain("description");
    const row = () => t.db.query("SELECT * FROM ledger_entries WHERE id = ?").get(id);
    const before = row();
    const allowed: string[] = [];
    const attempt = (column: string, value: unknown) => {
      try {
        t.db.run(`UPDATE ledger_entries SET "${column}" = ? WHERE id = ?`, [value as string, id]);
        return "changed";
      } catch (error) {
        return String(error);
      }
    };
    for (const { name, type } of columns) {
      // A value the column's type takes, so that only the trigger can refuse it; and a NULL.
      const value = type === "INTEGER" ? 999_999 : "Refund, not a payment";
      if (!attempt(name, value).includes("ledger entries are never changed")) allowed.push(name);
      if (attempt(name, null) === "changed") allowed.push(`${name} = NULL`);
    }
    expect(allowed).toEqual([]);
    // Another encryption under the same key is a new value, not a rotation: refused as well.
    const sameKey = t.store.cipher.encrypt("Payment received (reversed)");
    expect(() => t.db.run("UPDATE ledger_entries SET description = ? WHERE id = ?", [sameKey, id])).toThrow(
      "never changed",
    );
    expect(() => t.db.run("UPDATE ledger_entries SET description = description WHERE id = ?", [id])).toThrow(
      "never changed",
    );
    expect(() => t.db.run("DELETE FROM ledger_entries WHERE id = ?", [id])).toThrow("never deleted");
    expect(row()).toEqual(before);

    // The data key's rotation re-encrypts the description under the new key, the words unchanged.
    const newKey = Buffer.from(newDataKey(), "base64");
    const rotated = createDataCipher([newKey, ...loadDataKeys(t.config)]);
    rotateStoredValues(t.db, rotated);
    const after = row() as Record<string, string>;
    const old = before as Record<string, string>;
    expect(storedKeyId(after.description ?? "")).toBe(rotated.keyIds[0] as string);
    expect(rotated.decrypt(after.description ?? "")).toBe(rotated.decrypt(old.description ?? ""));
    expect({ ...after, description: "" }).toEqual({ ...old, description: "" });
    // And back, for the server of this file, which holds the first key only.
    rotateStoredValues(t.db, createDataCipher([...loadDataKeys(t.config), newKey]));
  });

  test("the start's backfill writes what happened before the ledger, once, whatever it is run", async () => {
    const c = await client();
    await pay(c.submission.id, 200_000, "2026-03-08");
    const before = (await ledgerOf(c.submission.id)).body;
    // As if these had happened before the ledger existed: their entries are gone.
    t.db.exec("DROP TRIGGER ledger_entries_never_deleted");
    t.db.run("DELETE FROM ledger_entries WHERE engagement_id = ?", [c.engagementId]);
    for (let start = 0; start < 2; start++)
      createApp({ config: t.config, store: t.store, manifest: MANIFEST });
    const after = (await ledgerOf(c.submission.id)).body;
    expect(after.entries.map(({ id: _, by: __, ...e }) => e)).toEqual(
      before.entries.map(({ id: _, by: __, ...e }) => e),
    );
    expect(after.balanceCents).toBe(150_000);
    const total = t.db
      .query("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ?")
      .get(c.engagementId);
    expect(total).toEqual({ n: 2 });
  });
});

describe("the accountant's file", () => {
  test("every entry in the dates, opened by a CSV parser; text that would run as a formula is guarded", async () => {
    const c = await fileIntake(t, clock.at, { email: "formula@example.com", name: '=HYPERLINK("http://x")' });
    const put = { ...post(DRAFT), method: "PUT" };
    await t.request(`${API}/${c.id}/engagement`, withCookie(admin, put));
    await pay(c.id, 35_000, "2026-03-02");
    const res = await t.request("/api/admin/ledger.csv?from=2026-03-01&to=2026-03-09", withCookie(admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const rows = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "Date",
      "Client",
      "Reference",
      "Type",
      "Description",
      "Amount",
    ]);
    const mine = rows.filter((r) => r.Client?.includes("HYPERLINK"));
    expect(mine).toEqual([
      {
        Date: "03/02/2026",
        Client: '\'=HYPERLINK("http://x")',
        Reference: expect.any(String),
        Type: "Payment",
        Description: "Payment received (wire 4471)",
        Amount: "-350.00",
      },
    ]);
    for (const r of rows) expect(r.Amount).toMatch(/^-?\d+\.\d{2}$/);
    // Only the dates asked for.
    const march9 = await t.request("/api/admin/ledger.csv?from=2026-03-10&to=2026-03-31", withCookie(admin));
    expect(parse(await march9.text(), { bom: true, columns: true })).toEqual([]);
  });

  test("bad dates are 422 at their field", async () => {
    const bad = async (q: string) => json(t.request(`/api/admin/ledger.csv?${q}`, withCookie(admin)));
    expect((await bad("from=2026-02-30&to=2026-03-01")).body.errors).toEqual({
      from: ["There is no 2026-02-30 on the calendar"],
    });
    expect((await bad("from=2026-03-01")).body.errors?.to).toEqual(["To must be a date (YYYY-MM-DD)"]);
    const backwards = await bad("from=2026-03-09&to=2026-03-01");
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ["To must be on or after From"] });
  });
});
