import { afterAll, describe, expect, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { fileIntake } from "../../helpers/intake";
import { marker } from "../../helpers/markers";
import { pdfsig } from "../../helpers/pdfsig";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { exportedJson } from "../../helpers/zip";

const [SMTP_PORT = 0] = freePorts(1);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const SCOPE =
  "A sourced map of the husband's real property, entities and vehicles in Cook County and Delaware, for the March deposition.";
const DRAFT = {
  scope: SCOPE,
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) PortalTest/1.0";

const put = (body: unknown): RequestInit => ({ ...post(body), method: "PUT" });
/** A request from the client's browser, with its portal cookie when it has one. */
const asClient = (cookie: string | null, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: {
    ...(init.headers as Record<string, string> | undefined),
    "user-agent": BROWSER,
    "x-forwarded-for": "203.0.113.7",
    ...(cookie ? { cookie } : {}),
  },
});

describe("the engagement through the portal", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const smtp = smtpServer(SMTP_PORT);
  afterAll(() => smtp.close());
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      INTAKE_NOTIFY_TO: "desk@tracewell.example",
      PAYMENT_URL: "https://pay.example.com/tracewell?ref={reference}&amount={amount}",
      PAYMENT_INSTRUCTIONS: "Wire to First Example Bank, account 000123",
    },
    { now: () => clock.at },
  );
  const runOutbox = () => t.app.decorator.mailOutbox.runOnce();
  /** The portal link in the newest mail to `to`, as the client's mail program shows it. */
  const linkIn = (to: string) => {
    const mail = smtp.received
      .filter(
        (m) =>
          JSON.stringify(m.to).includes(to) &&
          /^Your (engagement letter|link to the portal) /.test(m.subject ?? ""),
      )
      .at(-1);
    const found = mail?.text?.match(/http:\/\/localhost:3000\/portal#token=([A-Za-z0-9_-]+)/);
    if (!found?.[1]) throw new Error(`no portal link mailed to ${to}`);
    return found[1];
  };
  const openPortal = async (token: string) =>
    t.request("/api/portal/session", asClient(null, post({ token })));

  let admin = "";
  let dana = { id: 0, reference: "" };
  let other = { id: 0, reference: "" };
  let client = "";
  // The letter is addressed to this name, so it is the one that signs it (and is scanned for on disk).
  const signature = `Dana Whitfield ${marker("Sig")}`;

  test("staff save a draft, pre-filled from the service's published price, checked like the contract", async () => {
    await smtp.listen();
    dana = await fileIntake(t, clock.at, { email: "dana@whitfieldmoss.example", name: signature });
    other = await fileIntake(t, clock.at, { email: "lee@elsewhere.example", name: "Lee Other" });
    admin = await signIn(t.request, USER, PASSWORD);

    const fresh = (await (await t.request(`${API}/${dana.id}/engagement`, withCookie(admin))).json()) as {
      engagement: null;
      defaults: { feeCents: number; turnaroundBusinessDays: number; feeKind: string };
    };
    expect(fresh.engagement).toBeNull();
    expect(fresh.defaults).toMatchObject({ feeCents: 350_000, turnaroundBusinessDays: 10, feeKind: "flat" });

    const bad = await t.request(
      `${API}/${dana.id}/engagement`,
      withCookie(admin, put({ ...DRAFT, scope: "short", feeCents: 0 })),
    );
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors.scope?.[0]).toContain("at least 20");
    expect(errors.feeCents?.[0]).toContain("at least 1");

    const saved = await t.request(`${API}/${dana.id}/engagement`, withCookie(admin, put(DRAFT)));
    expect(saved.status).toBe(200);
    expect(
      ((await saved.json()) as { engagement: { status: string; scope: string } }).engagement,
    ).toMatchObject({
      status: "draft",
      scope: SCOPE,
    });
    expect((await t.request(`${API}/999999/engagement`, withCookie(admin, put(DRAFT)))).status).toBe(404);
    expect(
      (
        await t.request(
          `${API}/${other.id}/engagement`,
          withCookie(admin, put({ ...DRAFT, scope: `${SCOPE} (other)` })),
        )
      ).status,
    ).toBe(200);
  });

  test("the letter staff preview is the firm's letter filled in for the client", async () => {
    const res = await t.request(`${API}/${dana.id}/engagement/letter.pdf`, withCookie(admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = Bun.spawnSync(["pdftotext", "-", "-"], { stdin: bytes }).stdout.toString();
    expect(text).toContain("Dana Whitfield");
    expect(text).toContain(dana.reference);
    expect(text).toContain("$3,500 flat fee");
    expect(text).toContain("Scope of the engagement");
    // Without a session nothing of the portal answers.
    expect((await t.request("/api/portal", asClient(null))).status).toBe(401);
  });

  test("sending mails a link read from a real SMTP server; the link opens a session bound to that engagement", async () => {
    const res = await t.request(`${API}/${dana.id}/engagement/send`, withCookie(admin, post()));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "sent", linkExpiresAt: "2026-11-30T15:00:00.000Z" });
    await t.request(`${API}/${other.id}/engagement/send`, withCookie(admin, post()));
    expect(await runOutbox()).toBeGreaterThanOrEqual(2);
    const mail = smtp.received.find(
      (m) => m.subject === `Your engagement letter (reference ${dana.reference})`,
    );
    expect(mail?.inReplyTo).toBe(`<${dana.reference}.confirmation@localhost>`);

    expect((await openPortal("x".repeat(43))).status).toBe(401);
    const opened = await openPortal(linkIn("dana@whitfieldmoss.example"));
    expect(opened.status).toBe(200);
    const setCookie = opened.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    client = cookieFrom(opened);
    // The portal's cookie is not an admin session.
    expect((await t.request(`${API}/${dana.id}`, asClient(client))).status).toBe(401);

    const view = (await (await t.request("/api/portal", asClient(client))).json()) as {
      engagement: {
        reference: string;
        scope: string;
        status: string;
        payment: unknown;
        disclosure: string[];
      };
    };
    expect(view.engagement).toMatchObject({
      reference: dana.reference,
      scope: SCOPE,
      status: "sent",
      payment: null,
    });
    expect(view.engagement.disclosure.join(" ")).toContain("paper copy");
  });

  test("signing needs consent first; consent records the disclosure's hash", async () => {
    const early = await t.request(
      "/api/portal/sign",
      asClient(client, post({ fullName: signature, agree: true, letterSha256: "0".repeat(64) })),
    );
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toContain("consumer disclosure");
    expect((await t.request("/api/portal/consent", asClient(client, post({ consent: false })))).status).toBe(
      422,
    );
    const consent = await t.request("/api/portal/consent", asClient(client, post({ consent: true })));
    expect(consent.status).toBe(200);
    expect(((await consent.json()) as { engagement: { consentedAt: string } }).engagement.consentedAt).toBe(
      clock.at.toISOString(),
    );
  });

  test("the client signs with a typed name and an explicit agreement; the sealed PDF passes pdfsig and fails once altered", async () => {
    const presented = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", asClient(client))).arrayBuffer(),
    );
    const presentedSha = new Bun.CryptoHasher("sha256").update(presented).digest("hex");
    const named = { letterSha256: presentedSha };
    // Read again (another tab, a reload): the letter was opened once, and staff reading it is not the client.
    await t.request("/api/portal/letter.pdf", asClient(client));
    await t.request(`${API}/${dana.id}/engagement/letter.pdf`, withCookie(admin));
    expect(
      (await t.request("/api/portal/sign", asClient(client, post({ fullName: signature, ...named })))).status,
    ).toBe(422);
    // The typed name goes into the PDF and the mails: one line, like every name (issue 17, item 4).
    const forged = await t.request(
      "/api/portal/sign",
      asClient(client, post({ fullName: "Dana\r\nSigned for the firm: IR-FAKE", agree: true, ...named })),
    );
    expect(forged.status).toBe(422);
    expect(((await forged.json()) as { errors: Record<string, string[]> }).errors.fullName).toEqual([
      "Your name must be one line of text",
    ]);

    // Ten minutes of reading: within the session's 30 idle minutes.
    clock.at = new Date("2026-11-16T15:10:00.000Z");
    const res = await t.request(
      "/api/portal/sign",
      asClient(client, post({ fullName: signature, agree: true, ...named })),
    );
    expect(res.status).toBe(200);
    const signed = (await res.json()) as { signedAt: string; sha256: string; letterSha256: string };
    expect(signed.signedAt).toBe(clock.at.toISOString());
    expect(signed.letterSha256).toBe(presentedSha);
    expect(
      (
        await t.request(
          "/api/portal/sign",
          asClient(client, post({ fullName: signature, agree: true, ...named })),
        )
      ).status,
    ).toBe(409);

    const copy = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", asClient(client))).arrayBuffer(),
    );
    expect(new Bun.CryptoHasher("sha256").update(copy).digest("hex")).toBe(signed.sha256);
    const report = pdfsig(copy);
    expect(report).toContain("Signature is Valid.");
    const text = Bun.spawnSync(["pdftotext", "-", "-"], { stdin: copy }).stdout.toString();
    expect(text).toContain("Certificate of completion");
    expect(text).toContain(signature);
    expect(text).toContain("203.0.113.7");
    expect(text).toContain("PortalTest/1.0");
    // Whole, in the list of hashes and in the signed event's detail.
    expect(text.split(presentedSha).length - 1).toBe(2);
    for (const step of ["Letter sent", "Portal opened", "Consented", "Signed"]) expect(text).toContain(step);
    expect(text.split("Letter opened by the client").length - 1).toBe(1);
    const detail = (await (await t.request(`${API}/${dana.id}`, withCookie(admin))).json()) as {
      engagement: { events: { kind: string; at: string }[] };
    };
    expect(detail.engagement.events.filter((e) => e.kind === "letter-opened")).toEqual([
      { kind: "letter-opened", at: "2026-11-16T15:00:00.000Z" },
    ]);

    const tampered = Buffer.from(copy);
    tampered[1000] = (tampered[1000] ?? 0) ^ 1;
    expect(pdfsig(tampered)).toContain("Digest Mismatch.");

    // The signature cannot change the terms afterwards. Sending a fresh link still works (the client comes back
    // to the portal for their documents and report) and leaves the signed letter as it was.
    expect((await t.request(`${API}/${dana.id}/engagement`, withCookie(admin, put(DRAFT)))).status).toBe(409);
    expect((await t.request(`${API}/${dana.id}/engagement/send`, withCookie(admin, post()))).status).toBe(
      200,
    );
    const after = new Uint8Array(
      await (await t.request(`${API}/${dana.id}/engagement/letter.pdf`, withCookie(admin))).arrayBuffer(),
    );
    expect(new Bun.CryptoHasher("sha256").update(after).digest("hex")).toBe(signed.sha256);
  }, 30_000);

  test("the client and the desk receive the signed PDF; payment instructions show once signed", async () => {
    // The portal says the sealed copy was e-mailed only once the mail server has taken it.
    const mailedAt = async () =>
      (
        (await (await t.request("/api/portal", asClient(client))).json()) as {
          engagement: { signedCopyMailedAt: string | null };
        }
      ).engagement.signedCopyMailedAt;
    expect(await mailedAt()).toBeNull();
    await runOutbox();
    expect(await mailedAt()).toBe(clock.at.toISOString());
    const signedMails = smtp.received.filter(
      (m) => m.subject === `Signed engagement letter (reference ${dana.reference})`,
    );
    expect(signedMails.map((m) => (Array.isArray(m.to) ? "" : m.to?.text)).sort()).toEqual([
      "dana@whitfieldmoss.example",
      "desk@tracewell.example",
    ]);
    for (const m of signedMails) {
      expect(m.attachments[0]?.contentType).toBe("application/pdf");
      expect(pdfsig(m.attachments[0]?.content as Buffer)).toContain("Signature is Valid.");
    }
    const view = (await (await t.request("/api/portal", asClient(client))).json()) as {
      engagement: { payment: unknown; status: string };
    };
    expect(view.engagement.status).toBe("signed");
    // The Payments card's field (issue 33): the amount due and its day beside the link and the instructions.
    expect(view.engagement.payment).toMatchObject({
      amountDueCents: 350_000,
      payUrl: `https://pay.example.com/tracewell?ref=${dana.reference}&amount=3500.00`,
      instructions: "Wire to First Example Bank, account 000123",
    });
  });

  test("a payment in full starts the work clock on the business clock and the request becomes engaged", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    const bad = await t.request(
      `${API}/${dana.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 100, receivedOn: "2026-02-30", method: "wire" })),
    );
    expect(bad.status).toBe(422);
    clock.at = new Date("2026-11-17T15:00:00.000Z");
    admin = await signIn(t.request, USER, PASSWORD);
    const part = await t.request(
      `${API}/${dana.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 100_000, receivedOn: "2026-11-17", method: "wire" })),
    );
    expect(part.status).toBe(201);
    expect(
      ((await part.json()) as { engagement: { workStartedAt: string | null; outstandingCents: number } })
        .engagement,
    ).toMatchObject({
      workStartedAt: null,
      outstandingCents: 250_000,
    });
    await t.request(
      `${API}/${dana.id}/engagement/payments`,
      withCookie(
        admin,
        post({ amountCents: 250_000, receivedOn: "2026-11-17", method: "card at processor" }),
      ),
    );
    const detail = (await (await t.request(`${API}/${dana.id}`, withCookie(admin))).json()) as {
      submission: { status: string };
      engagement: {
        status: string;
        workStartedAt: string;
        deliveryDueAt: string;
        paidCents: number;
        letterSha256: string;
        events: { kind: string }[];
      };
    };
    expect(detail.submission.status).toBe("engaged");
    expect(detail.engagement).toMatchObject({
      status: "engaged",
      paidCents: 350_000,
      workStartedAt: "2026-11-17T15:00:00.000Z",
      // Five business days of 09:00-17:00 in New York from Tuesday 10:00.
      deliveryDueAt: "2026-11-24T15:00:00.000Z",
    });
    expect(detail.engagement.letterSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.engagement.events.map((e) => e.kind)).toEqual([
      "sent",
      "opened",
      "consented",
      "letter-opened",
      "signed",
      "sent",
      "payment",
      "payment",
      "work-started",
    ]);
  });

  test("the audit events are chained: an edited or removed event is detected", () => {
    const { repo } = t.app.decorator.portal;
    const id = repo.bySubmission(dana.id)?.id as number;
    expect(repo.chainIntact(id)).toBe(true);
    t.db.run(
      "UPDATE engagement_events SET at = '2026-11-01T00:00:00.000Z' WHERE engagement_id = ? AND kind = 'consented'",
      [id],
    );
    expect(repo.chainIntact(id)).toBe(false);
  });

  test("a replaced link is refused, and this session never reaches another engagement", async () => {
    const first = linkIn("lee@elsewhere.example");
    await t.request(`${API}/${other.id}/engagement/send`, withCookie(admin, post()));
    await runOutbox();
    const second = linkIn("lee@elsewhere.example");
    expect(second).not.toBe(first);
    const refused = await openPortal(first);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toContain("fresh link");
    const lee = cookieFrom(await openPortal(second));
    // The next day: Dana opens the portal again with the fresh link the desk sent after her signature (the one
    // she signed with opened the portal once).
    client = cookieFrom(await openPortal(linkIn("dana@whitfieldmoss.example")));

    // Dana's session sees only Dana's engagement, whatever ids it sends.
    for (const path of ["/api/portal", `/api/portal?id=${other.id}`, `/api/portal?engagementId=2`]) {
      const body = await (await t.request(path, asClient(client))).text();
      expect(body).toContain(dana.reference);
      expect(body).not.toContain(other.reference);
    }
    const leeView = await (await t.request("/api/portal", asClient(lee))).text();
    expect(leeView).toContain(other.reference);
    expect(leeView).not.toContain(dana.reference);
    const consent = await t.request(
      "/api/portal/consent",
      asClient(client, post({ consent: true, engagementId: 2 })),
    );
    expect(await consent.text()).not.toContain(other.reference);
    const sign = await t.request(
      "/api/portal/sign",
      asClient(
        client,
        post({ fullName: "Lee Other", agree: true, letterSha256: "0".repeat(64), engagementId: 2 }),
      ),
    );
    expect(sign.status).toBe(409);
    const leeLetter = Bun.spawnSync(["pdftotext", "-", "-"], {
      stdin: new Uint8Array(
        await (await t.request("/api/portal/letter.pdf", asClient(client))).arrayBuffer(),
      ),
    }).stdout.toString();
    expect(leeLetter).not.toContain(other.reference);
  });

  test("asking for a fresh link answers the same whether the address is known, and mails only a known one", async () => {
    const before = smtp.received.length;
    const known = await t.request(
      "/api/portal/link",
      asClient(null, post({ email: "LEE@elsewhere.example" })),
    );
    const unknown = await t.request(
      "/api/portal/link",
      asClient(null, post({ email: "nobody@nowhere.example" })),
    );
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    await runOutbox();
    expect(smtp.received.length).toBe(before + 1);
  });

  test("no marker typed as the signature is readable anywhere in DATA_DIR", () => {
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], [signature.split(" ").at(-1) as string, SCOPE.slice(0, 30)])).toEqual(
      [],
    );
  });

  test("the data-rights export holds the engagement, its events, payments and the signed PDF", async () => {
    const created = await t.request(
      "/api/admin/data-requests",
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "access" })),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const res = await t.request(`/api/admin/data-requests/${id}/export`, withCookie(admin));
    expect(res.status).toBe(200);
    const doc = (await exportedJson(res)) as {
      intakes: {
        engagement: {
          scope: string;
          signedName: string;
          events: { kind: string; ip: string | null }[];
          payments: unknown[];
          signedPdfBase64: string;
        } | null;
      }[];
    };
    const engagement = doc.intakes.find((i) => i.engagement)?.engagement;
    expect(engagement?.scope).toBe(SCOPE);
    expect(engagement?.signedName).toBe(signature);
    expect(engagement?.payments).toHaveLength(2);
    expect(engagement?.events.find((e) => e.kind === "signed")?.ip).toBe("203.0.113.7");
    expect(pdfsig(Buffer.from(engagement?.signedPdfBase64 ?? "", "base64"))).toContain("Signature is Valid.");
  });

  test("erasing the request deletes its engagement, events, payments, links, sessions and PDF", async () => {
    const id = t.app.decorator.portal.repo.bySubmission(dana.id)?.id as number;
    expect(t.db.query("SELECT count(*) AS n FROM portal_links WHERE engagement_id = ?").get(id)).not.toEqual({
      n: 0,
    });
    expect(
      (await t.request(`${API}/${dana.id}`, withCookie(admin, { method: "DELETE", headers: post().headers })))
        .status,
    ).toBe(200);
    for (const table of [
      "engagements",
      "engagement_events",
      "engagement_payments",
      "portal_links",
      "portal_sessions",
    ]) {
      const column = table === "engagements" ? "id" : "engagement_id";
      expect(t.db.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).get(id)).toEqual({ n: 0 });
    }
    expect((await t.request("/api/portal", asClient(client))).status).toBe(401);
  });
});

describe("a portal session", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
    { now: () => clock.at },
  );
  /** A session opened with the current link's token (read from the store: this app sends no mail). */
  async function openSession() {
    const { id } = await fileIntake(t, clock.at);
    const admin = await signIn(t.request, USER, PASSWORD);
    await t.request(`${API}/${id}/engagement`, withCookie(admin, put(DRAFT)));
    await t.request(`${API}/${id}/engagement/send`, withCookie(admin, post()));
    const engagement = t.app.decorator.portal.repo.bySubmission(id);
    const token = t.app.decorator.portal.repo.linkToken(engagement?.id as number);
    return cookieFrom(await t.request("/api/portal/session", asClient(null, post({ token }))));
  }

  test("ends after 30 idle minutes", async () => {
    const cookie = await openSession();
    clock.at = new Date(clock.at.getTime() + 29 * 60_000);
    expect((await t.request("/api/portal", asClient(cookie))).status).toBe(200);
    clock.at = new Date(clock.at.getTime() + 31 * 60_000);
    const ended = await t.request("/api/portal", asClient(cookie));
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { error: string }).error).toContain("fresh one");
  });

  test("ends 12 hours after it began, however busy", async () => {
    const cookie = await openSession();
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock.at = new Date(clock.at.getTime() + 20 * 60_000);
      expect((await t.request("/api/portal", asClient(cookie))).status).toBe(200);
    }
    clock.at = new Date(clock.at.getTime() + 20 * 60_000);
    expect((await t.request("/api/portal", asClient(cookie))).status).toBe(401);
  });
});
