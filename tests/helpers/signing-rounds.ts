import { expect } from "bun:test";
import { post, withCookie } from "./admin";
import { sha } from "./files";
import { fileIntake } from "./intake";
import { heldToken } from "./portal-client";

type App = Parameters<typeof fileIntake>[0] & Parameters<typeof heldToken>[0];

/** Where a copy recipient and a signing client are mailed in `signingRounds`. */
export const ROUND_PARTY = "harlan@reyes.example";
export const ROUND_COPY = "copy@whitfieldmoss.example";

/**
 * Every mail of the signing round (ADR 297), each sent once: a letter counsel (named `name`) signs, then the
 * client, then the firm countersigns, copied to a colleague; one its requester declines after a reminder; one
 * left to expire. `jobs` is the letters' job (the root's portal.jobs). Answers the three engagements' ids.
 */
export async function signingRounds(
  t: App,
  owner: string,
  at: Date,
  jobs: { runNow(at?: Date): unknown },
  name = "Dana Whitfield",
  firm = "Whitfield & Moss LLP",
) {
  const draft = {
    scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
    feeCents: 350_000,
    feeKind: "flat",
    turnaroundBusinessDays: 5,
    expedite: false,
  };
  const sent = async (email: string, extra: Record<string, unknown>) => {
    const intake = await fileIntake(t, at, { name, firm, role: "attorney", email });
    const base = `/api/admin/submissions/${intake.id}/engagement`;
    const put = await t.request(base, withCookie(owner, { ...post({ ...draft, ...extra }), method: "PUT" }));
    expect(put.status).toBe(200);
    expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
    const row = t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(intake.id) as {
      id: number;
    };
    return { base, id: row.id };
  };
  const session = async (id: number) =>
    (
      (await t.request("/api/portal/session", post({ token: heldToken(t, id) }))).headers.get("set-cookie") ??
      ""
    ).split(";")[0] ?? "";
  const sign = async (cookie: string, fullName: string) => {
    expect((await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })))).status).toBe(
      200,
    );
    const pdf = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", withCookie(cookie))).arrayBuffer(),
    );
    const res = await t.request(
      "/api/portal/sign",
      withCookie(cookie, post({ fullName, agree: true, letterSha256: sha(pdf) })),
    );
    expect(res.status).toBe(200);
  };
  const signed = await sent("parties@whitfieldmoss.example", {
    signers: [
      { role: "counsel", name },
      { role: "client", name: "Harlan Reyes", email: ROUND_PARTY },
    ],
    cc: [ROUND_COPY],
    countersign: true,
  });
  await sign(await session(signed.id), name);
  await sign(await session(signed.id), "Harlan Reyes");
  expect((await t.request(`${signed.base}/countersign`, withCookie(owner, post()))).status).toBe(200);
  const declined = await sent("declines@whitfieldmoss.example", {
    signers: [
      { role: "client", name },
      { role: "counsel", name: "Mira Okafor", email: "mira@okafor.example" },
    ],
  });
  const expiring = await sent("expires@whitfieldmoss.example", {});
  // Three days on the requester is reminded; then declines, with the reason; thirty days on, the third expires.
  jobs.runNow(new Date(at.getTime() + 3 * 86_400_000 + 3_600_000));
  const requester = await session(declined.id);
  const decline = await t.request("/api/portal/decline", withCookie(requester, post({ reason: name })));
  expect(decline.status).toBe(200);
  jobs.runNow(new Date(at.getTime() + 31 * 86_400_000));
  expect(t.db.query("SELECT round_state AS s FROM engagements WHERE id = ?").get(expiring.id)).toEqual({
    s: "expired",
  });
  return { signed: signed.id, declined: declined.id, expired: expiring.id };
}
