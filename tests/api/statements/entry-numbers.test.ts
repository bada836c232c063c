import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { LedgerView } from "../../../src/contracts/ledger";
import type { StatementSummary } from "../../../src/contracts/statements";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { DRAFT, portalClient } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * A statement names every entry by its number in the engagement's ledger, the number the desk shows (ADR 292):
 * numbered 1, 2, 3 per engagement in the order recorded, whatever another engagement records between. A
 * correction names the entry it corrects by that number, beside itself only; an entry recorded after a
 * statement was issued, dated within its period, is on the next statement, marked late, and the next period
 * still starts the day after the last one ended.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const API = "/api/admin/submissions";
const RETAINER = { ...DRAFT, feeKind: "retainer", feeCents: 500_000 };
const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
const t = makeTestApp(NEW_YORK_DESK, { now: () => clock.at });
/** The statement as poppler lays it out, a table's row on a line, spaces between words squeezed to one. */
const layoutText = (bytes: Uint8Array) =>
  Bun.spawnSync(["pdftotext", "-layout", "-", "-"], { stdin: bytes })
    .stdout.toString()
    .split("\n")
    .map((line) => line.trim().replace(/\s+/g, " "));

async function desk() {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  const send = async (id: number, path: string, body: unknown) => {
    const res = await t.request(`${API}/${id}/${path}`, withCookie(admin, post(body)));
    expect({ path, status: res.status }).toEqual({ path, status: 201 });
    return res.json() as Promise<LedgerView>;
  };
  return {
    admin,
    pay: (id: number, amountCents: number, receivedOn: string) =>
      send(id, "engagement/payments", { amountCents, receivedOn, method: "wire" }),
    time: (id: number, minutes: number, on: string, description = "Title chain review") =>
      send(id, "time", { on, minutes, description }),
    expense: (id: number, amountCents: number, on: string, description: string) =>
      send(id, "expenses", { on, amountCents, description }),
    adjust: (id: number, body: { corrects?: number; amountCents: number; description: string }) =>
      send(id, "ledger/adjustments", body),
    issue: (id: number, through: string) => send(id, "statements", { through }),
    ledger: async (id: number) =>
      (await (await t.request(`${API}/${id}/ledger`, withCookie(admin))).json()) as LedgerView,
  };
}

async function statementTexts(submissionId: number, admin: string) {
  const list = (await (await t.request(`${API}/${submissionId}/statements`, withCookie(admin))).json()) as {
    statements: StatementSummary[];
  };
  const texts = [];
  for (const s of list.statements.toReversed()) {
    const pdf = await t.request(s.pdfPath, withCookie(admin));
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    texts.push({ summary: s, text: pdfText(bytes).replace(/\s+/g, " "), lines: layoutText(bytes) });
  }
  return texts;
}

describe("entry numbers on the desk and on statements", () => {
  test("numbered per engagement; a correction names its entry's number; a late entry is marked on the next statement", async () => {
    let d = await desk();
    const a = await portalClient(t, clock.at, d.admin, {
      email: "dana@whitfieldmoss.example",
      draft: RETAINER,
    });
    const b = await portalClient(t, clock.at, d.admin, { email: "lee@elsewhere.example", draft: RETAINER });
    const id = a.submission.id;
    // Entries of the two engagements are recorded in turn: each ledger numbers its own from 1.
    await d.pay(id, 500_000, "2026-07-15");
    await d.pay(b.submission.id, 500_000, "2026-07-15");
    await d.time(id, 90, "2026-07-15");
    await d.time(b.submission.id, 60, "2026-07-15");
    await d.expense(id, 4_000, "2026-07-15", "County deed searches");
    const view = await d.ledger(id);
    expect(view.entries.map((e) => [e.number, e.kind])).toEqual([
      [1, "payment"],
      [2, "time"],
      [3, "expense"],
    ]);
    expect((await d.ledger(b.submission.id)).entries.map((e) => e.number)).toEqual([1, 2]);

    // Statement 1 through 31 July, issued on 3 August.
    clock.at = new Date("2026-08-03T15:00:00.000Z");
    d = await desk();
    await d.issue(id, "2026-07-31");
    // Then, on 3 August: an expense of 20 July recorded late, today's time, and a correction of entry 3.
    await d.expense(id, 2_500, "2026-07-20", "Certified copies");
    await d.time(id, 30, "2026-08-03", "Call with counsel");
    const expense = view.entries.find((e) => e.number === 3);
    const corrected = await d.adjust(id, {
      corrects: expense?.id,
      amountCents: -4_000,
      description: "Duplicate of entry 3",
    });
    // The desk lists the entries in date order: the late entry, number 4, among July's.
    expect(corrected.entries.map((e) => [e.number, e.on])).toEqual([
      [1, "2026-07-15"],
      [2, "2026-07-15"],
      [3, "2026-07-15"],
      [4, "2026-07-20"],
      [5, "2026-08-03"],
      [6, "2026-08-03"],
    ]);

    clock.at = new Date("2026-08-05T15:00:00.000Z");
    d = await desk();
    await d.issue(id, "2026-08-04");
    const [first, second] = await statementTexts(id, d.admin);
    // Every entry listed on its row with its number, date, kind and amount.
    const rows = (lines: string[] = []) => lines.filter((l) => /^(No\.|\d+ \d{1,2} \w{3} \d{4}) /.test(l));
    expect(rows(first?.lines)).toEqual([
      "No. Date Type Description Amount",
      "1 15 Jul 2026 Payment Payment received (wire) -$5,000.00",
      "2 15 Jul 2026 Time, 1 h 30 min Title chain review $525.00",
      "3 15 Jul 2026 Expense County deed searches $40.00",
    ]);
    expect(first?.lines).toContain("Balance on 31 Jul 2026 -$4,435.00");
    expect(first?.text).not.toContain("Late entry");

    // The next period follows on from the last; the late entry is on it, marked, and in its balance.
    expect(second?.summary.fromOn).toBe("2026-08-01");
    expect(second?.text).toContain("Period 1 Aug 2026 to 4 Aug 2026");
    expect(rows(second?.lines)).toEqual([
      "No. Date Type Description Amount",
      "4 20 Jul 2026 Expense Certified copies Late entry: dated within $25.00",
      "5 3 Aug 2026 Time, 30 min Call with counsel $175.00",
      "6 3 Aug 2026 Adjustment Duplicate of entry 3 (corrects entry 3) -$40.00",
    ]);
    const text = second?.text ?? "";
    expect(text).toContain("Late entry: dated within statement 1's period, recorded after it.");
    // Each note stands beside its own entry only: the correction's once, the late mark once.
    expect(text.match(/entry 3/g)).toHaveLength(2);
    expect(text.match(/Late entry:/g)).toHaveLength(1);
    expect(text).toContain("An entry marked late is dated within an earlier statement's period");
    // The opening balance is statement 1's; the closing one takes the late entry, the time and the credit.
    expect(text).toContain("Balance on the last statement: -$4,435.00.");
    expect(second?.lines).toContain("Balance on 4 Aug 2026 -$4,275.00");
    expect(text).toContain("Held $5,000.00; drawn $725.00; remaining $4,275.00.");
  });
});
