import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { addDays } from "../../../src/contracts/firm-calendar";
import { money } from "../../../src/contracts/money";
import { makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";

setDefaultTimeout(60_000);

/**
 * The ledger's figures, tried on random histories (ADR 285): for each of a fixed list of seeds, a random sequence
 * of fees, subscription months, time, expenses, payments, corrections and statements on random days of an
 * injected clock, written through the ledger's own service on a real SQLite file. On every day of the history
 * every figure the ledger derives equals the sum of the entries it states, worked out here from what was written;
 * each statement issued, read back from its stored row (and for a few, from its PDF's text), equals the ledger
 * re-derived through its day.
 */
const SEEDS = Array.from({ length: 200 }, (_, i) => 1_000 + i * 7);
const START = "2026-01-05";
const clock = { at: new Date(`${START}T17:00:00.000Z`) };
const t = makeTestApp({ ...NEW_YORK_DESK }, { now: () => clock.at });
const { ledger } = t.app.decorator.root;
const statements = t.app.decorator.statements;
const ACTOR = { id: 1, username: "morgan", clientAddress: "127.0.0.1" };

/** A small, seeded generator (mulberry32): the same seed gives the same history on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] as T };
}

/** One engagement per case, signed on START: rows copied from one real request, each with its own reference. */
let template = 0;
const columnsOf = (table: string) =>
  (t.db.query(`PRAGMA table_info(${table})`).all() as { name: string }[])
    .map((c) => c.name)
    .filter((c) => c !== "id");
async function engagementFor(seed: number, feeKind: "flat" | "retainer", feeCents: number) {
  if (template === 0) template = (await fileIntake(t, clock.at, { email: "property@harborlaw.example" })).id;
  const cols = columnsOf("contact_submissions").filter((c) => c !== "reference");
  const submissionId = (
    t.db
      .query(
        `INSERT INTO contact_submissions (reference, ${cols.join(", ")})
         SELECT ?, ${cols.join(", ")} FROM contact_submissions WHERE id = ? RETURNING id`,
      )
      .get(`IR-PROP-${seed}`, template) as { id: number }
  ).id;
  const at = `${START}T17:00:00.000Z`;
  const engagementId = (
    t.db
      .query(
        `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, hourly_rate_cents,
           turnaround_business_days, status, signed_at, signed_name, created_at, updated_at)
         VALUES (?, 'Property case', ?, ?, 35000, 5, 'signed', ?, 'Case Client', ?, ?) RETURNING id`,
      )
      .get(submissionId, feeCents, feeKind, at, at, at) as { id: number }
  ).id;
  return { submissionId, engagementId };
}

/** An entry as this test knows it: its day, amount, and whether it counts as a payment (a refund of one too). */
type Known = { id: number; on: string; amountCents: number; payment: boolean };

function expected(known: readonly Known[], day: string, feeKind: string, feeCents: number) {
  const upTo = known.filter((k) => k.on <= day);
  let balance = 0;
  let held = 0;
  let billed = 0;
  for (const k of upTo) {
    balance += k.amountCents;
    if (k.payment) held -= k.amountCents;
    else billed += k.amountCents;
  }
  const drawn = Math.min(Math.max(billed, 0), Math.max(held, 0));
  const asked = feeKind === "retainer" ? feeCents - held : 0;
  return {
    count: upTo.length,
    balanceCents: balance,
    retainer:
      feeKind === "retainer" ? { heldCents: held, drawnCents: drawn, remainingCents: held - drawn } : null,
    amountDueCents: Math.max(asked, balance, 0),
  };
}

let statementsChecked = 0;
let pdfsRead = 0;

async function runCase(seed: number) {
  const r = rng(seed);
  clock.at = new Date(`${START}T17:00:00.000Z`);
  const feeKind = r.pick(["flat", "retainer"] as const);
  const feeCents = r.int(1, 40) * 25_000 + r.int(0, 99);
  const { submissionId, engagementId } = await engagementFor(seed, feeKind, feeCents);
  const known: Known[] = [];
  const countedPayment = new Map<number, boolean>();
  const remember = (id: number | null, on: string, amountCents: number, payment: boolean) => {
    if (id === null) return;
    known.push({ id, on, amountCents, payment });
    countedPayment.set(id, payment);
  };
  /** The entry written last: the view lists by day, so the newest is the one with the highest id. */
  const newest = (entries: readonly { id: number; on: string; amountCents: number }[]) =>
    entries.toSorted((a, b) => a.id - b.id).at(-1);
  const lastOf = () => newest(ledger.service.view(engagementId).entries);
  let today = START;
  ledger.service.signed(engagementId);
  if (feeKind === "flat") remember(lastOf()?.id ?? null, START, feeCents, false);
  let paymentId = seed * 1_000;
  let issued = 0;
  const steps = r.int(3, 14);
  for (let i = 0; i < steps; i++) {
    today = addDays(today, r.int(0, 9));
    clock.at = new Date(`${today}T17:00:00.000Z`);
    const day = addDays(START, r.int(0, Math.max(0, (Date.parse(today) - Date.parse(START)) / 86_400_000)));
    const op = r.pick([
      "time",
      "expense",
      "payment",
      "payment",
      "adjustment",
      "charge",
      "statement",
    ] as const);
    if (op === "time") {
      const minutes = r.int(1, 600);
      const w = ledger.service.recordTime(submissionId, { on: day, minutes, description: "Research" }, ACTOR);
      const e = newest(w.view.entries);
      if (e) remember(e.id, e.on, e.amountCents, false);
    } else if (op === "expense") {
      const amountCents = r.int(1, 200_000);
      const w = ledger.service.recordExpense(
        submissionId,
        { on: day, amountCents, description: "Records fee" },
        ACTOR,
      );
      const e = newest(w.view.entries);
      if (e) remember(e.id, e.on, amountCents, false);
    } else if (op === "payment") {
      const amountCents = r.int(1, 600_000);
      const id = ledger.service.paid({
        engagementId,
        paymentId: ++paymentId,
        amountCents,
        receivedOn: day,
        method: "wire",
      });
      remember(id, day, -amountCents, true);
    } else if (op === "charge") {
      const id = ledger.service.charged({
        engagementId,
        subscriptionId: seed,
        from: day,
        to: addDays(day, 29),
        amountCents: r.int(1, 300_000),
      });
      if (id !== null)
        remember(
          id,
          day,
          ledger.service.view(engagementId).entries.find((e) => e.id === id)?.amountCents ?? 0,
          false,
        );
    } else if (op === "adjustment") {
      const target = known.length > 0 && r.next() < 0.6 ? r.pick(known) : null;
      const amountCents = (r.next() < 0.5 ? -1 : 1) * r.int(1, 100_000);
      const w = ledger.service.adjust(
        submissionId,
        { amountCents, description: "Correction", ...(target ? { corrects: target.id } : {}) },
        ACTOR,
      );
      const e = newest(w.view.entries);
      if (e) remember(e.id, e.on, amountCents, target ? (countedPayment.get(target.id) ?? false) : false);
    } else if (issued < 2 && r.next() < 0.7) {
      const ref = statements.engagementRef(engagementId);
      if (!ref || !statements.hasNew(engagementId, today)) continue;
      const done = await statements.issue(ref, today, { by: "schedule" });
      issued++;
      const row = t.db
        .query(
          "SELECT balance_cents AS balanceCents, entry_ids AS entryIds, through_on AS throughOn FROM statements WHERE id = ?",
        )
        .get(done.id) as { balanceCents: number; entryIds: string; throughOn: string };
      const want = expected(known, row.throughOn, feeKind, feeCents);
      const again = ledger.service.asOf(engagementId, row.throughOn);
      expect(row.balanceCents).toBe(again.balanceCents);
      expect(row.balanceCents).toBe(want.balanceCents);
      const stated = JSON.parse(row.entryIds) as number[];
      expect(stated.every((id) => known.some((k) => k.id === id && k.on <= row.throughOn))).toBe(true);
      statementsChecked++;
      if (pdfsRead < 8) {
        const text = pdfText(statements.pdf(engagementId, done.id).bytes);
        expect(text).toContain(money(row.balanceCents));
        pdfsRead++;
      }
    }
  }
  // On every day of the history, and the days around it, every figure is the sum of the entries it states.
  for (let day = addDays(START, -1); day <= addDays(today, 1); day = addDays(day, 1)) {
    const want = expected(known, day, feeKind, feeCents);
    const got = ledger.service.asOf(engagementId, day);
    const label = `seed ${seed}, ${day}`;
    expect({
      label,
      count: got.entries.length,
      balanceCents: got.balanceCents,
      retainer: got.retainer,
    }).toEqual({
      label,
      count: want.count,
      balanceCents: want.balanceCents,
      retainer: want.retainer,
    });
    if (day >= START)
      expect({ label, due: got.due?.amountDueCents }).toEqual({ label, due: want.amountDueCents });
  }
  const now = expected(known, today, feeKind, feeCents);
  const m = ledger.service.money(engagementId);
  expect(m.balanceCents).toBe(now.balanceCents);
  expect(m.paidCents).toBe(now.retainer?.heldCents ?? m.paidCents);
}

describe("the ledger's figures on random histories", () => {
  test(`${SEEDS.length} seeded histories: every figure on every day is the sum of the entries it states`, async () => {
    for (const seed of SEEDS) await runCase(seed);
    expect(statementsChecked).toBeGreaterThan(20);
    expect(pdfsRead).toBe(8);
  });
});
