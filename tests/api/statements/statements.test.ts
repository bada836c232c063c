import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { StatementSummary } from "../../../src/contracts/statements";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { DRAFT, freshSession, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(60_000);

/**
 * Statements of account (issue 30): issued by staff through a day that has passed, numbered per engagement,
 * kept as issued, read by the client in the portal and only there, and told by a mail that states no amount.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const CLIENT = "dana@whitfieldmoss.example";
const [SMTP_PORT = 0] = freePorts(1);
const ENV = {
  ...NEW_YORK_DESK,
  TRUST_PROXY: "1",
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
  HOLIDAYS: "US",
  PAYMENT_URL: "https://pay.example.com/tw?ref={reference}&amount={amount}",
};
const API = "/api/admin/submissions";

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("statements issued by staff", () => {
  const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
  const smtp = smtpServer(SMTP_PORT);
  afterAll(() => smtp.close());
  const t = makeTestApp({ ...ENV, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` }, { now: () => clock.at });
  let admin = "";
  let a: Awaited<ReturnType<typeof portalClient>>;
  let b: Awaited<ReturnType<typeof portalClient>>;
  const issue = (submissionId: number, through: unknown) =>
    t.request(`${API}/${submissionId}/statements`, withCookie(admin, post({ through })));
  const list = async (submissionId: number) =>
    (
      (await (await t.request(`${API}/${submissionId}/statements`, withCookie(admin))).json()) as {
        statements: StatementSummary[];
      }
    ).statements;

  test("the next statement through a past day: a bad or future date is 422, nothing new is 409", async () => {
    await smtp.listen();
    admin = await signIn(t.request, OWNER, PASSWORD);
    // Signed on 15 July: the flat fee is owed that day; a payment of $1,000 is recorded the same day.
    a = await portalClient(t, clock.at, admin, { email: CLIENT, intake: { name: "Dana Whitfield" } });
    b = await portalClient(t, clock.at, admin, { email: "other@example.com" });
    const paid = await t.request(
      `${API}/${a.submission.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 100_000, receivedOn: "2026-07-15", method: "wire" })),
    );
    expect(paid.status).toBe(201);

    const future = await issue(a.submission.id, "2026-07-16");
    expect(future.status).toBe(422);
    expect(((await future.json()) as { errors: Record<string, string[]> }).errors.through?.[0]).toContain(
      "2026-07-15 or earlier",
    );
    const impossible = await issue(a.submission.id, "2026-02-30");
    expect(impossible.status).toBe(422);
    expect(JSON.stringify(await impossible.json())).toContain("There is no 2026-02-30");
    expect((await issue(a.submission.id, "15/07/2026")).status).toBe(422);
    // Before the fee and the payment: nothing to state.
    const early = await issue(a.submission.id, "2026-07-14");
    expect(early.status).toBe(409);

    const first = await issue(a.submission.id, "2026-07-15");
    expect(first.status).toBe(201);
    expect(((await first.json()) as { statement: { number: number } }).statement.number).toBe(1);
    // The same day again: nothing new since statement 1.
    const again = await issue(a.submission.id, "2026-07-15");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain("Nothing was recorded through");
    // A request without an engagement has nothing to state.
    expect((await issue(999_999, "2026-07-15")).status).toBe(404);
  });

  test("numbered per engagement; each shows what came after the last, the balance and how to pay", async () => {
    clock.at = new Date("2026-07-20T15:00:00.000Z");
    // Staff sessions end after 30 idle minutes: days later, staff sign in again.
    admin = await signIn(t.request, OWNER, PASSWORD);
    const credit = await t.request(
      `${API}/${a.submission.id}/ledger/adjustments`,
      withCookie(admin, post({ amountCents: -5_000, description: "Courtesy credit for the July delay" })),
    );
    expect(credit.status).toBe(201);
    // Going back before statement 1's last day is refused: periods follow each other.
    expect((await issue(a.submission.id, "2026-07-14")).status).toBe(422);
    expect((await issue(a.submission.id, "2026-07-20")).status).toBe(201);
    // Another engagement's statements are numbered on their own.
    expect((await issue(b.submission.id, "2026-07-20")).status).toBe(201);

    const statements = await list(a.submission.id);
    expect(statements.map((s) => [s.number, s.fromOn, s.throughOn, s.balanceCents])).toEqual([
      [2, "2026-07-16", "2026-07-20", 245_000],
      [1, null, "2026-07-15", 250_000],
    ]);
    expect((await list(b.submission.id)).map((s) => s.number)).toEqual([1]);

    const [second, first] = statements as [StatementSummary, StatementSummary];
    const firstText = flat(pdfText(await bytesOf(await t.request(first.pdfPath, withCookie(admin)))));
    expect(firstText).toContain("Statement 1");
    expect(firstText).toContain("$3,500.00");
    expect(firstText).toContain("-$1,000.00");
    expect(firstText).toContain("Balance on 15 Jul 2026 $2,500.00");

    const res = await t.request(second.pdfPath, withCookie(admin));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".+-statement-2\.pdf"/);
    const text = flat(pdfText(await bytesOf(res)));
    const reference = a.submission.reference;
    for (const expected of [
      "TRACEWELL",
      "Statement 2",
      reference,
      "16 Jul 2026 to 20 Jul 2026",
      "Balance on the last statement: $2,500.00",
      "Courtesy credit for the July delay",
      "-$50.00",
      "Balance on 20 Jul 2026 $2,450.00",
      "Amount due: $2,450.00",
      `https://pay.example.com/tw?ref=${reference}&amount=2450.00`,
    ])
      expect(text).toContain(expected);
    // Only what came after statement 1: the fee and the payment are not shown again.
    expect(text).not.toContain("$3,500.00");
  });

  test("an issued statement never changes: the same bytes at every reading, and the database refuses an edit", async () => {
    const [second] = await list(a.submission.id);
    const path = second?.pdfPath ?? "";
    const one = await bytesOf(await t.request(path, withCookie(admin)));
    // Later entries change the ledger, not the statement.
    clock.at = new Date("2026-07-21T15:00:00.000Z");
    admin = await signIn(t.request, OWNER, PASSWORD);
    await t.request(
      `${API}/${a.submission.id}/ledger/adjustments`,
      withCookie(admin, post({ amountCents: 1_000, description: "Certified copy fee" })),
    );
    const two = await bytesOf(await t.request(path, withCookie(admin)));
    expect(Buffer.from(two).equals(Buffer.from(one))).toBe(true);
    expect(() => t.db.run("UPDATE statements SET balance_cents = 0 WHERE id = ?", [second?.id ?? 0])).toThrow(
      "an issued statement never changes",
    );
    // The PDF is stored sealed by the data key, not as readable bytes.
    const stored = t.db.query<{ pdf: string }, []>("SELECT pdf FROM statements LIMIT 1").get();
    expect(stored?.pdf.startsWith("JVBER")).toBe(false);
  });

  test("the client reads their own statements in the portal, and another engagement's id is not found", async () => {
    a = { ...a, cookie: await freshSession(t, admin, a) };
    b = { ...b, cookie: await freshSession(t, admin, b) };
    const mine = await t.request("/api/portal/statements", withCookie(a.cookie));
    expect(mine.status).toBe(200);
    const { statements } = (await mine.json()) as { statements: StatementSummary[] };
    expect(statements.map((s) => s.number)).toEqual([2, 1]);
    expect(statements[0]?.pdfPath).toBe(`/api/portal/statements/${statements[0]?.id}.pdf`);
    const pdf = await t.request(statements[0]?.pdfPath ?? "", withCookie(a.cookie));
    expect(pdf.status).toBe(200);
    expect(flat(pdfText(await bytesOf(pdf)))).toContain("Statement 2");

    // B's session asks for A's statement by its id: not found, as any id that is not theirs.
    const theirs = await t.request(`/api/portal/statements/${statements[0]?.id}.pdf`, withCookie(b.cookie));
    expect(theirs.status).toBe(404);
    const bList = (await (await t.request("/api/portal/statements", withCookie(b.cookie))).json()) as {
      statements: StatementSummary[];
    };
    expect(bList.statements.map((s) => s.number)).toEqual([1]);
    expect(bList.statements[0]?.id).not.toBe(statements[0]?.id);
    // The desk's path of another request is not a way round either.
    const crossed = await t.request(
      `${API}/${b.submission.id}/statements/${statements[0]?.id}.pdf`,
      withCookie(admin),
    );
    expect(crossed.status).toBe(404);
    expect((await t.request("/api/portal/statements/abc.pdf", withCookie(a.cookie))).status).toBe(404);
    // Signed out: asked to sign in again.
    expect((await t.request("/api/portal/statements")).status).toBe(401);
  });

  test("the client is told by mail: the statement and the portal, never an amount", async () => {
    await t.app.decorator.mailOutbox.runOnce();
    const mails = smtp.received.filter((m) => m.subject?.startsWith("Statement"));
    const toA = mails.filter((m) => JSON.stringify(m.to).includes(CLIENT));
    expect(toA.map((m) => m.subject)).toEqual([
      `Statement 1 of your engagement (reference ${a.submission.reference})`,
      `Statement 2 of your engagement (reference ${a.submission.reference})`,
    ]);
    for (const mail of toA) {
      expect(mail.text).toContain("Hello Dana Whitfield,");
      expect(mail.text).toContain("http://localhost:3000/portal");
      expect(`${mail.text}${mail.html}`).not.toMatch(/\$|\d+\.\d\d\b|2,450|2450/);
    }
  });
});

describe("a retainer running low", () => {
  const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
  const t = makeTestApp(ENV, { now: () => clock.at });

  test("a statement asks for replenishment once what remains is below RETAINER_REPLENISH_PERCENT of what was held", async () => {
    let admin = await signIn(t.request, OWNER, PASSWORD);
    const client = await portalClient(t, clock.at, admin, {
      email: CLIENT,
      draft: { ...DRAFT, feeKind: "retainer", feeCents: 500_000 },
    });
    const id = client.submission.id;
    await t.request(
      `${API}/${id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 500_000, receivedOn: "2026-07-15", method: "wire" })),
    );
    // Records fees drawn from it: $1,500 of $5,000 left (30%), no request yet.
    const fees = await t.request(
      `${API}/${id}/expenses`,
      withCookie(
        admin,
        post({ on: "2026-07-15", amountCents: 350_000, description: "County deed searches" }),
      ),
    );
    expect(fees.status).toBe(201);
    expect(
      (await t.request(`${API}/${id}/statements`, withCookie(admin, post({ through: "2026-07-15" })))).status,
    ).toBe(201);
    // $700 more: $800 left (16%, below 20%).
    clock.at = new Date("2026-07-16T15:00:00.000Z");
    admin = await signIn(t.request, OWNER, PASSWORD);
    await t.request(
      `${API}/${id}/expenses`,
      withCookie(
        admin,
        post({ on: "2026-07-16", amountCents: 70_000, description: "Entity filings copies" }),
      ),
    );
    expect(
      (await t.request(`${API}/${id}/statements`, withCookie(admin, post({ through: "2026-07-16" })))).status,
    ).toBe(201);
    const { statements } = (await (await t.request(`${API}/${id}/statements`, withCookie(admin))).json()) as {
      statements: StatementSummary[];
    };
    expect(statements.map((s) => [s.number, s.replenish])).toEqual([
      [2, true],
      [1, false],
    ]);
    const [low, fine] = statements as [StatementSummary, StatementSummary];
    const lowText = flat(pdfText(await bytesOf(await t.request(low.pdfPath, withCookie(admin)))));
    expect(lowText).toContain("Held $5,000.00; drawn $4,200.00; remaining $800.00.");
    expect(lowText).toContain("Please replenish the retainer");
    expect(lowText).toContain("below 20% of the $5,000.00 held");
    expect(lowText).toContain("Entity filings copies");
    // A request the letter does not make: said as one, with no promise the code does not keep.
    expect(lowText).toContain("Please pay $4,200.00 to bring it back to $5,000.00.");
    expect(lowText).toContain("This is a request, not an amount due");
    expect(lowText).not.toContain("without a pause");
    expect(lowText).toContain("Nothing is due on this statement: you are in credit by $800.00.");
    const fineText = flat(pdfText(await bytesOf(await t.request(fine.pdfPath, withCookie(admin)))));
    expect(fineText).toContain("remaining $1,500.00");
    expect(fineText).not.toContain("replenish");
  });
});

describe("the monthly run on the firm's first business day", () => {
  const clock = { at: new Date("2024-08-20T15:00:00.000Z") };
  const t = makeTestApp(ENV, { now: () => clock.at });
  const jobs = t.app.decorator.statementJobs;
  const statementsOf = (engagementId: number) => t.app.decorator.statements.list(engagementId);

  test("a holiday Monday is not the first business day: the run waits for Tuesday, then issues once", async () => {
    let admin = await signIn(t.request, OWNER, PASSWORD);
    // Signed in August: the fee is an August entry. September 2024 starts on a Sunday; Monday the 2nd is Labor Day.
    const client = await portalClient(t, clock.at, admin, { email: CLIENT });
    clock.at = new Date("2024-09-01T15:00:00.000Z");
    expect(await jobs.runIfDue()).toBeNull();
    clock.at = new Date("2024-09-02T15:00:00.000Z");
    expect(await jobs.runIfDue()).toBeNull();
    expect(statementsOf(client.engagementId)).toEqual([]);

    clock.at = new Date("2024-09-03T13:05:00.000Z");
    const run = await jobs.runIfDue();
    expect(run?.day).toBe("2024-09-03");
    expect(run?.through).toBe("2024-08-31");
    expect(run?.issued.map((s) => [s.engagementId, s.number])).toEqual([[client.engagementId, 1]]);
    expect(statementsOf(client.engagementId).map((s) => [s.number, s.throughOn])).toEqual([
      [1, "2024-08-31"],
    ]);
    // Twice the same day (a restart, a second timer, the operator's command): nothing more.
    expect(await jobs.runIfDue()).toBeNull();
    expect((await jobs.runFor("2024-09-03")).issued).toEqual([]);
    expect(statementsOf(client.engagementId)).toHaveLength(1);
    const audit = t.db
      .query<{ detail: string }, []>("SELECT detail FROM audit_log WHERE event = 'statement.issued'")
      .all();
    expect(audit.map((r) => JSON.parse(r.detail))).toEqual([
      { submissionId: client.submission.id, statement: 1, through: "2024-08-31", by: "schedule" },
    ]);

    // September's entries wait for October's run; a new engagement signed in September too.
    admin = await signIn(t.request, OWNER, PASSWORD);
    const later = await portalClient(t, clock.at, admin, { email: "later@example.com" });
    expect(statementsOf(later.engagementId)).toEqual([]);
  });

  test("standing on the day before a first business day nothing is issued; on it, what is new since the last", async () => {
    // Tuesday 1 October 2024 is the first business day; Monday 30 September is the day before.
    clock.at = new Date("2024-09-30T20:00:00.000Z");
    expect(await jobs.runIfDue()).toBeNull();
    clock.at = new Date("2024-10-01T04:30:00.000Z"); // 00:30 in New York: the firm's 1 October has begun
    const run = await jobs.runIfDue();
    expect(run?.day).toBe("2024-10-01");
    expect(run?.through).toBe("2024-09-30");
    // Only the engagement signed in September has something new; the first one stated all it had.
    expect(run?.issued.map((s) => s.number)).toEqual([1]);
    expect(run?.issued).toHaveLength(1);
    expect(await jobs.runIfDue()).toBeNull();
  });
});

describe("one amount due: the portal's Payments card and the statement read the same figure", () => {
  const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
  const t = makeTestApp(ENV, { now: () => clock.at });
  const signedOn = "2026-07-15";
  type Case = {
    name: string;
    draft: Record<string, unknown>;
    intake?: Record<string, unknown>;
    paidCents: number;
    expenseCents?: number;
    due: { amountDueCents: number; dueOn: string | null };
    /** The statement's sentence of what is due. */
    says: string;
  };
  const cases: Case[] = [
    {
      name: "a flat fee half paid",
      draft: DRAFT,
      paidCents: 175_000,
      due: { amountDueCents: 175_000, dueOn: signedOn },
      says: "Amount due: $1,750.00, due on 15 Jul 2026.",
    },
    {
      // The letter asks the whole retainer before work begins: what was paid is held, the rest is still asked.
      name: "a retainer part paid",
      draft: { ...DRAFT, feeKind: "retainer", feeCents: 500_000 },
      paidCents: 200_000,
      due: { amountDueCents: 300_000, dueOn: signedOn },
      says: "Amount due: $3,000.00, due on 15 Jul 2026.",
    },
    {
      // Fees past the retainer are billed monthly, as the letter says: no day of the signature is claimed.
      name: "a retainer overdrawn",
      draft: { ...DRAFT, feeKind: "retainer", feeCents: 500_000 },
      paidCents: 500_000,
      expenseCents: 620_000,
      due: { amountDueCents: 120_000, dueOn: null },
      says: "Amount due: $1,200.00. Please quote reference",
    },
    {
      // Two subjects at $750: the first month ($1,500) is paid on engagement; $500 of it came.
      name: "a monthly engagement",
      draft: {
        ...DRAFT,
        feeKind: "monthly",
        feeCents: 75_000,
        turnaroundBusinessDays: 60,
        subjects: ["Vexhollow Andrithe Parnaby", "Quarrendel Estates Omicron LLC"],
      },
      intake: { role: "attorney", desiredService: "judgment-intel" },
      paidCents: 50_000,
      due: { amountDueCents: 100_000, dueOn: signedOn },
      says: "Amount due: $1,000.00, due on 15 Jul 2026.",
    },
  ];

  for (const c of cases) {
    test(`${c.name}: the same amount and day in the portal, on the statement and in its pay link`, async () => {
      const admin = await signIn(t.request, OWNER, PASSWORD);
      const client = await portalClient(t, clock.at, admin, {
        email: `client-${Math.random().toString(36).slice(2)}@example.com`,
        draft: c.draft,
        ...(c.intake ? { intake: c.intake } : {}),
      });
      const id = client.submission.id;
      const paid = await t.request(
        `${API}/${id}/engagement/payments`,
        withCookie(admin, post({ amountCents: c.paidCents, receivedOn: signedOn, method: "wire" })),
      );
      expect(paid.status).toBe(201);
      if (c.expenseCents) {
        const fees = await t.request(
          `${API}/${id}/expenses`,
          withCookie(admin, post({ on: signedOn, amountCents: c.expenseCents, description: "County deeds" })),
        );
        expect(fees.status).toBe(201);
      }
      const view = (await (await t.request("/api/portal", withCookie(client.cookie))).json()) as {
        engagement: { payment: { amountDueCents: number; dueOn: string | null; payUrl: string | null } };
      };
      expect(view.engagement.payment).toMatchObject(c.due);
      const amount = (c.due.amountDueCents / 100).toFixed(2);
      const link = `https://pay.example.com/tw?ref=${client.submission.reference}&amount=${amount}`;
      expect(view.engagement.payment.payUrl).toBe(link);

      const issued = await t.request(
        `${API}/${id}/statements`,
        withCookie(admin, post({ through: signedOn })),
      );
      expect(issued.status).toBe(201);
      const [statement] = (
        (await (await t.request(`${API}/${id}/statements`, withCookie(admin))).json()) as {
          statements: StatementSummary[];
        }
      ).statements;
      const text = flat(pdfText(await bytesOf(await t.request(statement?.pdfPath ?? "", withCookie(admin)))));
      expect(text).toContain(c.says);
      expect(text).toContain(link);
      // The letter sets when each amount is due; the statement adds no term of its own.
      expect(text).not.toContain("payable on receipt");
      expect(text).not.toContain("Nothing is due");
    });
  }
});

describe("two statements issued at once", () => {
  const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
  const t = makeTestApp(ENV, { now: () => clock.at });

  test("two presses at once give one statement: the other is told one was issued meanwhile", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const client = await portalClient(t, clock.at, admin, { email: CLIENT });
    const id = client.submission.id;
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.request(`${API}/${id}/statements`, withCookie(admin, post({ through: "2026-07-15" }))),
      ),
    );
    expect(answers.map((r) => r.status).toSorted()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect(((await refused.json()) as { error: string }).error).toMatch(/meanwhile|Nothing was recorded/);
    expect(t.app.decorator.statements.list(client.engagementId).map((s) => s.number)).toEqual([1]);
  });
});
