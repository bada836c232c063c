import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { StatementSummary } from "../../../src/contracts/statements";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { DRAFT, portalClient } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * A statement is drawn from its period (ADR 282): every figure on it (the balance, the retainer held, drawn and
 * remaining, the request to replenish, the amount due and its pay link) comes from the entries dated up to its
 * last day, whenever it is issued and whatever was recorded for the days after. Read from the statement's PDF.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const API = "/api/admin/submissions";
const RETAINER = { ...DRAFT, feeKind: "retainer", feeCents: 500_000 };
const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
const t = makeTestApp(
  { ...NEW_YORK_DESK, PAYMENT_URL: "https://pay.example.com/tw?ref={reference}&amount={amount}" },
  { now: () => clock.at },
);
const flat = (s: string) => s.replace(/\s+/g, " ");

async function desk() {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  const send = async (id: number, path: string, body: unknown) => {
    const res = await t.request(`${API}/${id}/${path}`, withCookie(admin, post(body)));
    expect({ path, status: res.status }).toEqual({ path, status: 201 });
  };
  return {
    admin,
    pay: (id: number, amountCents: number, receivedOn: string) =>
      send(id, "engagement/payments", { amountCents, receivedOn, method: "wire" }),
    time: (id: number, minutes: number, on: string) =>
      send(id, "time", { on, minutes, description: "Title chain review" }),
    expense: (id: number, amountCents: number, on: string) =>
      send(id, "expenses", { on, amountCents, description: "County deed searches" }),
    issue: (id: number, through: string) => send(id, "statements", { through }),
  };
}
async function statementText(submissionId: number, admin: string) {
  const list = (await (await t.request(`${API}/${submissionId}/statements`, withCookie(admin))).json()) as {
    statements: StatementSummary[];
  };
  const [newest] = list.statements;
  const pdf = await t.request(newest?.pdfPath ?? "", withCookie(admin));
  return { summary: newest, text: flat(pdfText(new Uint8Array(await pdf.arrayBuffer()))) };
}

describe("a statement issued after later entries exist", () => {
  test("through 31 July, issued on 10 August: July's balance, retainer and amount due, not August's", async () => {
    let d = await desk();
    const c = await portalClient(t, clock.at, d.admin, {
      email: "dana@whitfieldmoss.example",
      draft: RETAINER,
    });
    const id = c.submission.id;
    // July: the $5,000 retainer paid, five hours ($1,750) drawn from it.
    await d.pay(id, 500_000, "2026-07-15");
    await d.time(id, 300, "2026-07-15");
    // August: $3,500 of searches, more than what was left.
    clock.at = new Date("2026-08-10T15:00:00.000Z");
    d = await desk();
    await d.expense(id, 350_000, "2026-08-10");

    await d.issue(id, "2026-07-31");
    const { summary, text } = await statementText(id, d.admin);
    expect(summary).toMatchObject({ throughOn: "2026-07-31", balanceCents: -325_000, replenish: false });
    expect(text).toContain("Balance on 31 Jul 2026 -$3,250.00");
    expect(text).toContain("Held $5,000.00; drawn $1,750.00; remaining $3,250.00.");
    expect(text).not.toContain("replenish");
    expect(text).toContain("Nothing is due on this statement: you are in credit by $3,250.00.");
    expect(text).not.toContain("County deed searches");
    expect(text).not.toContain("Amount due");

    // The next statement, through 10 August, takes August's entry and what it does to the retainer.
    await d.issue(id, "2026-08-10");
    const next = await statementText(id, d.admin);
    expect(next.text).toContain("Balance on the last statement: -$3,250.00.");
    expect(next.text).toContain("Held $5,000.00; drawn $5,000.00; remaining $0.00.");
    expect(next.text).toContain("Please replenish the retainer");
    expect(next.text).toContain("Amount due: $250.00.");
    expect(next.text).toContain("amount=250.00");
  });

  test("through yesterday: two hours recorded today are not drawn on it", async () => {
    clock.at = new Date("2026-08-10T15:00:00.000Z");
    let d = await desk();
    const c = await portalClient(t, clock.at, d.admin, { email: "lee@elsewhere.example", draft: RETAINER });
    const id = c.submission.id;
    await d.pay(id, 500_000, "2026-08-10");
    await d.time(id, 60, "2026-08-10");
    clock.at = new Date("2026-08-11T15:00:00.000Z");
    d = await desk();
    await d.time(id, 120, "2026-08-11");

    await d.issue(id, "2026-08-10");
    const { summary, text } = await statementText(id, d.admin);
    expect(summary).toMatchObject({ throughOn: "2026-08-10", balanceCents: -465_000 });
    expect(text).toContain("Held $5,000.00; drawn $350.00; remaining $4,650.00.");
    expect(text).toContain("you are in credit by $4,650.00");
    expect(text).not.toContain("2 h");
  });
});
