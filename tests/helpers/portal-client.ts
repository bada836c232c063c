import { expect } from "bun:test";
import { randomBytes } from "node:crypto";
import type { Database } from "../../src/db";
import type { Sealed } from "../../src/store";
import { cookieFrom, post, withCookie } from "./admin";
import { b64, sha } from "./files";
import { fileIntake } from "./intake";

type TestApp = {
  db: Database;
  store: Sealed;
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
};

const API = "/api/admin/submissions";
export const DRAFT = {
  scope: "A sourced map of the husband's real property, entities and vehicles in Cook County and Delaware.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};

/**
 * The token of the engagement's newest link, read as its mail would carry it: decrypted from the link's row,
 * where it is kept only until that mail is sent (so read it before the outbox runs).
 */
export function heldToken(t: Pick<TestApp, "db" | "store">, engagementId: number): string {
  const row = t.db
    .query<{ token: string | null }, [number]>(
      "SELECT token FROM portal_links WHERE engagement_id = ? AND token IS NOT NULL ORDER BY id DESC LIMIT 1",
    )
    .get(engagementId);
  if (!row?.token) throw new Error(`no link held for engagement ${engagementId}: was its mail sent already?`);
  return t.store.cipher.decrypt(row.token);
}

/**
 * A client with a portal session on an engagement staff have sent: the link's token is read as the mail would
 * carry it, then consent and, unless `sign` is false, the signature of the letter they downloaded. The link
 * is then used: a later session needs a fresh link (`freshSession`).
 */
export async function portalClient(
  t: TestApp & Parameters<typeof fileIntake>[0],
  at: Date,
  admin: string,
  opts: { email: string; sign?: boolean; intake?: Record<string, unknown>; draft?: Record<string, unknown> },
) {
  const submission = await fileIntake(t, at, { ...opts.intake, email: opts.email });
  const put: RequestInit = { ...post(opts.draft ?? DRAFT), method: "PUT" };
  for (const [path, init] of [
    [`${API}/${submission.id}/engagement`, put],
    [`${API}/${submission.id}/engagement/send`, post()],
  ] as const) {
    const res = await t.request(path, withCookie(admin, init));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  }
  const row = t.db
    .query<{ id: number }, [number]>("SELECT id FROM engagements WHERE submission_id = ?")
    .get(submission.id);
  if (!row) throw new Error("no engagement");
  const session = await t.request("/api/portal/session", post({ token: heldToken(t, row.id) }));
  if (session.status !== 200) throw new Error(`session: ${session.status} ${await session.text()}`);
  const cookie = cookieFrom(session);
  if (opts.sign !== false) {
    await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })));
    const letter = await t.request("/api/portal/letter.pdf", withCookie(cookie));
    const letterSha256 = sha(new Uint8Array(await letter.arrayBuffer()));
    const signed = await t.request(
      "/api/portal/sign",
      // The letter's name signs it: the intake's, when the test gave one.
      withCookie(
        cookie,
        post({ fullName: String(opts.intake?.name ?? "Dana Whitfield"), agree: true, letterSha256 }),
      ),
    );
    if (signed.status !== 200) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
  }
  return { submission, engagementId: row.id, cookie };
}

/**
 * A later session for a client whose link was used: the desk sends a fresh link (as it may after the signature),
 * opened as its mail would carry it. Answers the new session's cookie.
 */
export async function freshSession(
  t: TestApp,
  admin: string,
  client: { submission: { id: number }; engagementId: number },
): Promise<string> {
  const sent = await t.request(`${API}/${client.submission.id}/engagement/send`, withCookie(admin, post()));
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  const opened = await t.request("/api/portal/session", post({ token: heldToken(t, client.engagementId) }));
  if (opened.status !== 200) throw new Error(`session: ${opened.status} ${await opened.text()}`);
  return cookieFrom(opened);
}

/** A tus client in a few lines: create, then PATCH the bytes in chunks, as tus-js-client does. */
export function tus(request: TestApp["request"], cookie: string) {
  const headers = (extra: Record<string, string>) => ({
    cookie,
    "tus-resumable": "1.0.0",
    origin: "http://localhost:3000",
    ...extra,
  });
  return {
    create: (length: number, filename: string, filetype = "application/octet-stream") =>
      request("/api/portal/uploads", {
        method: "POST",
        headers: headers({
          "upload-length": String(length),
          "upload-metadata": `filename ${b64(filename)},filetype ${b64(filetype)}`,
        }),
      }),
    patch: (location: string, offset: number, bytes: Uint8Array) =>
      request(location, {
        method: "PATCH",
        headers: headers({
          "content-type": "application/offset+octet-stream",
          "upload-offset": String(offset),
        }),
        body: new Uint8Array(bytes),
      }),
    head: (location: string) => request(location, { method: "HEAD", headers: headers({}) }),
    delete: (location: string) => request(location, { method: "DELETE", headers: headers({}) }),
    /** Creates and sends the whole file in one PATCH; answers the location and the last response. */
    async upload(bytes: Uint8Array, filename: string) {
      const created = await this.create(bytes.length, filename);
      const location = created.headers.get("location");
      if (!location) return { location: null, response: created };
      return { location, response: await this.patch(location, 0, bytes) };
    },
  };
}

/** Staff send a file (a PDF of 20 kB) for the client through the desk's routes: its id. */
export async function sendFirmFile(t: TestApp, admin: string, submissionId: number, name: string) {
  const report = randomBytes(20_000);
  report.set(Buffer.from("%PDF-1.7\n"), 0);
  const sent = await t.request(
    `${API}/${submissionId}/documents`,
    withCookie(admin, {
      method: "POST",
      headers: {
        ...ORIGIN,
        "content-type": "application/octet-stream",
        "content-length": String(report.length),
        "upload-metadata": `filename ${b64(name)}`,
      },
      body: new Uint8Array(report),
    }),
  );
  expect(sent.status).toBe(201);
  return ((await sent.json()) as { document: { id: string } }).document.id;
}
const ORIGIN = { origin: "http://localhost:3000" };

/**
 * Staff send a report for the client through the desk's routes and mark it as the report: the engagement is
 * delivered, as the desk delivers it.
 */
export async function deliverReport(t: TestApp, admin: string, submissionId: number) {
  const id = await sendFirmFile(t, admin, submissionId, "Report.pdf");
  const marked = await t.request(
    `${API}/${submissionId}/documents/${id}/report`,
    withCookie(admin, { method: "POST", headers: ORIGIN }),
  );
  expect(marked.status).toBe(200);
}

/** Staff send a file and deliver it as the sweep report (Judgment Intel): the answer to the marking. */
export async function deliverSweepReport(
  t: TestApp,
  admin: string,
  submissionId: number,
  name = "Sweep.pdf",
) {
  const id = await sendFirmFile(t, admin, submissionId, name);
  const res = await t.request(
    `${API}/${submissionId}/documents/${id}/sweep-report`,
    withCookie(admin, { method: "POST", headers: ORIGIN }),
  );
  return { id, res };
}
