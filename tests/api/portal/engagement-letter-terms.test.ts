import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { pdfPages, pdfText, pdfWords } from "../../helpers/pdf-text";

// Letters rendered at many lengths, two sealed: slow on a busy machine.
setDefaultTimeout(120_000);

/**
 * What the letter states of this engagement (issue, item 3: a flat-fee letter said "Transaction Trace requires a
 * retainer"; a 200-character signer name ran past the right edge) and the firm's terms it cannot go without
 * (item 2: section 7 read "[arbitration provider]", "[city and state]", "[state]").
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const SCOPE = "Real property, entities and vehicles of one subject in Cook County, from public records.";
const put = (body: unknown): RequestInit => ({ ...post(body), method: "PUT" });
const bytesOf = async (res: Response | Promise<Response>) => new Uint8Array(await (await res).arrayBuffer());
const FIRM = {
  FIRM_ARBITRATION_PROVIDER: "the American Arbitration Association",
  FIRM_VENUE: "Dallas, Texas",
  FIRM_GOVERNING_LAW: "the State of Texas",
};

/** The text between two headings of the letter. */
const section = (text: string, from: string, to: string) => {
  const start = text.indexOf(from);
  return text.slice(start, text.indexOf(to, start));
};

describe("the letter states this engagement's terms", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", ...FIRM },
    { now: () => clock.at },
  );
  const portal = t.app.decorator.portal;
  let admin = "";
  /** The desk's reading of a request's letter with these terms (a draft: nothing is sent). */
  async function letterWith(submissionId: number, terms: Record<string, unknown>) {
    const saved = await t.request(
      `${API}/${submissionId}/engagement`,
      withCookie(admin, put({ scope: SCOPE, turnaroundBusinessDays: 10, expedite: false, ...terms })),
    );
    expect(saved.status).toBe(200);
    return bytesOf(t.request(`${API}/${submissionId}/engagement/letter.pdf`, withCookie(admin)));
  }

  test("a flat fee: its amount paid in full on engagement, and nothing of other services' prices or of retainers", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    const { id } = await fileIntake(t, clock.at, { desiredService: "record-ready-prep" });
    const fees = section(
      pdfText(await letterWith(id, { feeCents: 250_000, feeKind: "flat" })),
      "2. Fee",
      "3. ",
    );
    expect(fees).toContain("$2,500");
    expect(fees).toMatch(/paid in full\s+on engagement/);
    for (const other of ["Transaction Trace", "retainer", "Judgment Intel", "$10k", "per hour", "Asset Map"])
      expect([other, fees.includes(other)]).toEqual([other, false]);
  });

  test("a retainer: its amount and the hourly rate drawn from it, and nothing of flat fees", async () => {
    const { id } = await fileIntake(t, clock.at, { desiredService: "transaction-trace" });
    const text = pdfText(await letterWith(id, { feeCents: 1_000_000, feeKind: "retainer" }));
    const fees = section(text, "2. Fee", "3. ");
    expect(fees).toContain("$10,000");
    expect(fees).toContain("retainer");
    expect(fees).toContain("$350 per hour");
    for (const other of ["flat", "Judgment Intel", "$1,500"])
      expect([other, fees.includes(other)]).toEqual([other, false]);
    // The refund terms are this fee kind's too.
    expect(section(text, "6. Termination", "7. ")).not.toContain("flat");
  });

  test("section 7 names the firm's arbitration provider, venue and governing law", async () => {
    const { id } = await fileIntake(t, clock.at);
    const disputes = section(
      pdfText(await letterWith(id, { feeCents: 350_000, feeKind: "flat" })),
      "7. Dispute",
      "8. ",
    ).replace(/\s+/g, " ");
    expect(disputes).toContain("rules of the American Arbitration Association, in Dallas, Texas");
    expect(disputes).toContain("governed by the laws of the State of Texas");
  });

  test("the signature block stays on the page of its section, whatever the length of the scope", async () => {
    const { id } = await fileIntake(t, clock.at);
    const split: number[] = [];
    for (let words = 4; words <= 560; words += 12) {
      const scope =
        `${SCOPE} ${"Deeds, liens and filings across the county record sets. ".repeat(words / 8)}`.slice(
          0,
          4000,
        );
      const pages = pdfPages(await letterWith(id, { scope, feeCents: 350_000, feeKind: "flat" }));
      const acceptance = pages.findIndex((p) => /^Acceptance$/m.test(p));
      const signatures = pages.flatMap((p, i) => (p.includes("Printed name and date") ? [i] : []));
      expect(acceptance).toBeGreaterThanOrEqual(0);
      expect(signatures.length).toBeGreaterThan(0);
      if (signatures.some((i) => i !== acceptance)) split.push(scope.length);
    }
    expect(split).toEqual([]);
  });

  // The signature is in the letter's name (the intake's, at most 120 characters), however long it is.
  test("the longest signer name wraps inside the page, on the letter and on its certificate", async () => {
    const names = [
      "Maximiliana Alexandrina Bartholomea Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh "
        .repeat(3)
        .slice(0, 200)
        .trim(),
      "W".repeat(200),
    ];
    for (const longName of names) {
      const fullName = longName.slice(0, 120).trim();
      const intake = await fileIntake(t, clock.at, { name: fullName });
      await t.request(
        `${API}/${intake.id}/engagement`,
        withCookie(
          admin,
          put({
            scope: SCOPE,
            feeCents: 350_000,
            feeKind: "flat",
            turnaroundBusinessDays: 10,
            expedite: false,
          }),
        ),
      );
      expect((await t.request(`${API}/${intake.id}/engagement/send`, withCookie(admin, post()))).status).toBe(
        200,
      );
      const token = portal.repo.linkToken(portal.repo.bySubmission(intake.id)?.id ?? 0);
      const client = cookieFrom(await t.request("/api/portal/session", post({ token })));
      const letter = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(client)));
      await t.request("/api/portal/consent", withCookie(client, post({ consent: true })));
      const signed = await t.request(
        "/api/portal/sign",
        withCookie(client, post({ fullName, agree: true, letterSha256: sha(letter) })),
      );
      expect(signed.status).toBe(200);
      const sealed = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(client)));
      const words = pdfWords(sealed);
      expect(words.length).toBeGreaterThan(500);
      // Inside the margins (66 points each side of 612), with 2 points for poppler's generous glyph boxes.
      const outside = words.filter((w) => w.xMin < 64 || w.xMax > w.pageWidth - 64);
      expect(outside.map((w) => `page ${w.page}: ${w.text.slice(0, 30)} ${w.xMin}-${w.xMax}`)).toEqual([]);
      // The whole name is there, on the signature and on the certificate.
      const joined = pdfText(sealed).replace(/\s+/g, "");
      expect(joined.split(fullName.replace(/\s+/g, "")).length - 1).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("sending needs the firm's dispute-resolution terms", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      ...FIRM,
      FIRM_VENUE: "",
      FIRM_GOVERNING_LAW: "",
    },
    { now: () => clock.at },
  );

  test("while one is missing, sending (and reading the letter) is refused naming it, and nothing is sent", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    const { id } = await fileIntake(t, clock.at);
    const draft = {
      scope: SCOPE,
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 10,
      expedite: false,
    };
    expect((await t.request(`${API}/${id}/engagement`, withCookie(admin, put(draft)))).status).toBe(200);
    for (const [method, path] of [
      ["POST", "/send"],
      ["GET", "/letter.pdf"],
    ] as const) {
      const res = await t.request(
        `${API}/${id}/engagement${path}`,
        withCookie(admin, method === "GET" ? {} : post()),
      );
      expect([path, res.status]).toEqual([path, 409]);
      const { error } = (await res.json()) as { error: string };
      expect(error).toContain("FIRM_VENUE");
      expect(error).toContain("FIRM_GOVERNING_LAW");
      expect(error).not.toContain("FIRM_ARBITRATION_PROVIDER");
    }
    const { engagement, missingSettings } = (await (
      await t.request(`${API}/${id}/engagement`, withCookie(admin))
    ).json()) as { engagement: { status: string }; missingSettings: string[] };
    expect(engagement.status).toBe("draft");
    expect(missingSettings).toEqual(["FIRM_VENUE", "FIRM_GOVERNING_LAW"]);
    expect(t.db.query("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'portal-link'").get()).toEqual({
      n: 0,
    });
  });
});
