import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { type LetterPreview, PORTAL_MESSAGES } from "../../../src/contracts/portal";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { DRAFT, heldToken } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * "A look before sending" (issue 44): the desk reads the exact letter a send would freeze, and a send naming what
 * it read sends those very bytes, or nothing when the terms or the letter's date changed since.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const API = "/api/admin/submissions";
const put = (body: unknown): RequestInit => ({ ...post(body), method: "PUT" });
const later = (ms: number) => {
  clock.at = new Date(clock.at.getTime() + ms);
};

async function drafted(email: string) {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  const s = await fileIntake(t, clock.at, { email });
  expect((await t.request(`${API}/${s.id}/engagement`, withCookie(admin, put(DRAFT)))).status).toBe(200);
  const preview = async () =>
    (await (await t.request(`${API}/${s.id}/engagement/preview`, withCookie(admin))).json()) as LetterPreview;
  const send = (body?: unknown) => t.request(`${API}/${s.id}/engagement/send`, withCookie(admin, post(body)));
  return { admin, id: s.id, preview, send };
}
const sentCount = (id: number) =>
  (
    t.db
      .query("SELECT count(*) AS n FROM engagements WHERE submission_id = ? AND status = 'sent'")
      .get(id) as {
      n: number;
    }
  ).n;

describe("a look before sending", () => {
  test("the preview's PDF is the one that goes: the client's letter has the preview's SHA-256", async () => {
    const d = await drafted("dana@whitfieldmoss.example");
    const seen = await d.preview();
    expect(seen.letter?.title).toBeString();
    const pdf = await t.request(
      `${API}/${d.id}/engagement/letter.pdf?dated=${encodeURIComponent(seen.dated)}`,
      withCookie(d.admin),
    );
    expect(pdf.status).toBe(200);
    expect(sha(new Uint8Array(await pdf.arrayBuffer()))).toBe(seen.sha256);
    // A few minutes later, the same day: what goes is what was read.
    later(5 * 60_000);
    expect((await d.send({ letterSha256: seen.sha256, dated: seen.dated })).status).toBe(200);
    const engagementId = (
      t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(d.id) as { id: number }
    ).id;
    const session = await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) }));
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const client = await t.request("/api/portal/letter.pdf", withCookie(cookie));
    expect(sha(new Uint8Array(await client.arrayBuffer()))).toBe(seen.sha256);
  });

  test("terms changed since the look, or a new day on the letter's date: 409, and nothing is sent", async () => {
    const d = await drafted("lee@harlowtrust.example");
    const seen = await d.preview();
    expect(
      (
        await t.request(
          `${API}/${d.id}/engagement`,
          withCookie(d.admin, put({ ...DRAFT, feeCents: 360_000 })),
        )
      ).status,
    ).toBe(200);
    const stale = await d.send({ letterSha256: seen.sha256, dated: seen.dated });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe(PORTAL_MESSAGES.previewStale);
    expect(sentCount(d.id)).toBe(0);

    const again = await d.preview();
    later(24 * 60 * 60_000);
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const nextDay = await t.request(
      `${API}/${d.id}/engagement/send`,
      withCookie(admin, post({ letterSha256: again.sha256, dated: again.dated })),
    );
    expect(nextDay.status).toBe(409);
    expect(sentCount(d.id)).toBe(0);
    // Looked at again, it goes.
    const today = (await (
      await t.request(`${API}/${d.id}/engagement/preview`, withCookie(admin))
    ).json()) as LetterPreview;
    const sent = await t.request(
      `${API}/${d.id}/engagement/send`,
      withCookie(admin, post({ letterSha256: today.sha256, dated: today.dated })),
    );
    expect(sent.status).toBe(200);
    expect(sentCount(d.id)).toBe(1);
  });

  test("a preview's instant in the future or not an instant is refused, never a 5xx", async () => {
    const d = await drafted("ari@okafor.example");
    const future = new Date(clock.at.getTime() + 60_000).toISOString();
    const res = await t.request(
      `${API}/${d.id}/engagement/letter.pdf?dated=${encodeURIComponent(future)}`,
      withCookie(d.admin),
    );
    expect(res.status).toBe(409);
    expect((await d.send({ letterSha256: "a".repeat(64), dated: "yesterday" })).status).toBeLessThan(500);
    expect(sentCount(d.id)).toBe(0);
  });
});
