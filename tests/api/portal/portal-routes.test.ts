import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import type { StatementSummary } from "../../../src/contracts/statements";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { pdf } from "../../helpers/files";
import { deliverReport, portalClient, tus } from "../../helpers/portal-client";
import { softAuthenticator } from "../../helpers/webauthn";

setDefaultTimeout(60_000);

/**
 * Every portal API route, as Elysia's router lists it, walked with a second engagement's session and the first
 * engagement's ids (its upload, its document, its statement): each is refused (404, or 403 before the session
 * is read), none answers with the first engagement's data, and the first engagement reads the same afterwards.
 * The list is the router's: a route added later is walked here without being named, and a route with a path
 * parameter this test cannot fill fails it.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  {
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: PASSWORD,
    FIRM_TIMEZONE: "America/New_York",
    BUSINESS_HOURS: "Mon-Fri 09:00-17:00",
    HOLIDAYS: "US",
    // The payment's link carries the reference: B's payment naming A's would show here.
    PAYMENT_URL: "https://pay.example.com/tw?ref={reference}&amount={amount}",
  },
  { now: () => clock.at },
);
const ORIGIN = "http://localhost:3000";
/**
 * How a client opens a session or asks for a link, or comes back on a kept device or with a passkey (and forgets
 * the device): no session is read, so there is no one else's to reach.
 */
const OPEN = new Set([
  "POST /api/portal/session",
  "POST /api/portal/link",
  "POST /api/portal/device/session",
  "DELETE /api/portal/device",
  "POST /api/portal/passkey/options",
  "POST /api/portal/passkey",
]);

const portalRoutes = () =>
  t.app.routes
    .filter((r) => r.path.startsWith("/api/portal"))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path.replace(/\/+$/, "") }))
    .filter((r) => !OPEN.has(`${r.method} ${r.path}`))
    // Signing out ends the caller's own session: walked last so the others are asked with a live one.
    .sort((a, b) => Number(a.path.endsWith("/sign-out")) - Number(b.path.endsWith("/sign-out")));

type Json = Record<string, unknown>;
const read = async (path: string, cookie: string) => {
  const res = await t.request(path, withCookie(cookie));
  return {
    status: res.status,
    body: res.headers.get("content-type")?.includes("json") ? await res.json() : null,
  };
};

describe("every portal route with another engagement's ids and session", () => {
  let a: Awaited<ReturnType<typeof portalClient>>;
  let b: Awaited<ReturnType<typeof portalClient>>;
  const ids = { uploadId: "", docId: "", file: "", id: "", itemId: "" };
  /** What of A's engagement would show if it leaked: its reference, its name, its email, its files' ids. */
  let markers: string[] = [];
  let before: Awaited<ReturnType<typeof aViews>> | undefined;
  const aViews = async () => ({
    portal: await read("/api/portal", a.cookie),
    documents: await read("/api/portal/documents", a.cookie),
    documentRequests: await read("/api/portal/document-requests", a.cookie),
    statements: await read("/api/portal/statements", a.cookie),
    consultation: await read("/api/portal/consultation", a.cookie),
    upload: (await tus(t.request, a.cookie).head(`/api/portal/uploads/${ids.uploadId}`)).headers.get(
      "upload-offset",
    ),
  });

  test("A has an upload under way, a document, a statement, a report and a consultation; B is signed too", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    a = await portalClient(t, clock.at, admin, {
      email: "quilla.marchbanks@harborlaw.example",
      intake: { name: "Quilla Marchbanks" },
    });
    b = await portalClient(t, clock.at, admin, {
      email: "lee@elsewhere.example",
      intake: { name: "Lee Oduya" },
    });

    const client = tus(t.request, a.cookie);
    const sent = await client.upload(pdf(20_000), "Marchbanks ledger.pdf");
    expect(sent.response.status).toBe(204);
    const open = await client.create(30_000, "Marchbanks bank statement.pdf");
    expect(open.status).toBe(201);
    ids.uploadId = open.headers.get("location")?.split("/").pop() ?? "";
    expect(
      (await client.patch(`/api/portal/uploads/${ids.uploadId}`, 0, pdf(30_000).subarray(0, 10_000))).status,
    ).toBe(204);

    await deliverReport(t, admin, a.submission.id);
    const asked = await t.request(
      `/api/admin/submissions/${a.submission.id}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Marchbanks brokerage statements" }] })),
    );
    expect(asked.status).toBe(201);
    ids.itemId = String(((await asked.json()) as { ids: number[] }).ids[0]);
    const issued = await t.request(
      `/api/admin/submissions/${a.submission.id}/statements`,
      withCookie(admin, post({ through: "2026-11-16" })),
    );
    expect(issued.status).toBe(201);
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(a.cookie))
    ).json()) as ConsultationSlots;
    const booked = await t.request(
      "/api/portal/consultation",
      withCookie(a.cookie, post({ start: slots.slots[0]?.start })),
    );
    expect(booked.status).toBe(201);

    // A passkey of A's, whose id B's session tries to remove.
    const options = await t.request("/api/portal/passkeys/options", withCookie(a.cookie, post()));
    const { challenge } = (await options.json()) as { challenge: string };
    const response = softAuthenticator().register({ challenge, origin: ORIGIN, rpId: "localhost" });
    const added = await t.request(
      "/api/portal/passkeys",
      withCookie(a.cookie, post({ name: "Phone", response })),
    );
    ids.id = String(((await added.json()) as { passkey: { id: number } }).passkey.id);

    const docs = (await read("/api/portal/documents", a.cookie)).body as { documents: { id: string }[] };
    ids.docId = docs.documents[0]?.id ?? "";
    const statements = (await read("/api/portal/statements", a.cookie)).body as {
      statements: StatementSummary[];
    };
    ids.file = `${statements.statements[0]?.id}.pdf`;
    expect(ids).toEqual({
      uploadId: expect.any(String),
      docId: expect.any(String),
      file: expect.stringMatching(/\.pdf$/),
      id: expect.stringMatching(/^\d+$/),
      itemId: expect.stringMatching(/^\d+$/),
    });
    markers = [
      a.submission.reference,
      "Quilla Marchbanks",
      "quilla.marchbanks",
      "Marchbanks",
      ids.uploadId,
      ids.docId,
    ];
    const views = await aViews();
    before = views;
    expect((views.consultation.body as { consultation: unknown }).consultation).not.toBeNull();
  });

  test("walks every route the router lists, each with B's session and A's ids: refused, and nothing of A in it", async () => {
    const walked: { route: string; status: number; leaked: string[] }[] = [];
    for (const { method, path } of portalRoutes()) {
      const url = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        if (!(name in ids))
          throw new Error(`${method} ${path}: no id of A's for :${name}; add it to this walk`);
        return ids[name as keyof typeof ids];
      });
      const named = url !== path;
      const init: RequestInit = {
        method,
        headers: {
          cookie: b.cookie,
          origin: ORIGIN,
          "content-type":
            method === "PATCH" && named ? "application/offset+octet-stream" : "application/json",
          "tus-resumable": "1.0.0",
          "upload-offset": "10000",
        },
        body:
          method === "GET" || method === "HEAD" || method === "OPTIONS"
            ? undefined
            : method === "PATCH" && named
              ? new Uint8Array(10)
              : "{}",
      };
      const res = await t.request(url, init);
      const text = await res.text();
      walked.push({
        route: `${method} ${path}`,
        status: res.status,
        leaked: markers.filter((m) => text.includes(m)),
      });
    }
    // Every route that names one of A's things is not found for B, or refused before it is looked up.
    const named = walked.filter((w) => w.route.includes("/:"));
    expect(named.filter((w) => w.status !== 403 && w.status !== 404)).toEqual([]);
    expect(walked.filter((w) => w.status >= 500)).toEqual([]);
    expect(walked.filter((w) => w.leaked.length > 0)).toEqual([]);
    // Statements, the subscription, documents, the consultation, the letter and the payment are all walked.
    const routes = walked.map((w) => w.route).join(" ");
    for (const part of [
      "statements",
      "subscription",
      "documents",
      "document-requests",
      "uploads",
      "consultation",
      "letter.pdf",
      "sign",
    ]) {
      expect(routes).toContain(part);
    }
  });

  test("A's engagement reads exactly as it did: nothing B sent reached it", async () => {
    const views = await aViews();
    expect(views).toEqual(before as typeof views);
    const portal = (views.portal.body as { engagement: Json }).engagement;
    expect(portal).toMatchObject({ reference: a.submission.reference, clientName: "Quilla Marchbanks" });
    expect(portal.payment).not.toBeNull();
  });

  test("without a session every one of them is 401", async () => {
    const open: string[] = [];
    for (const { method, path } of portalRoutes()) {
      // Preflight asks nothing of the session, and signing out without one is already done.
      if (method === "OPTIONS" || path.endsWith("/sign-out")) continue;
      const url = path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name as keyof typeof ids]);
      const res = await t.request(url, { method, headers: { origin: ORIGIN, "tus-resumable": "1.0.0" } });
      if (res.status !== 401) open.push(`${method} ${path}: ${res.status}`);
    }
    expect(open).toEqual([]);
  });
});
