import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DESK_BOARD_API } from "../../../src/contracts/desk-views";
import { engagementStageLabel } from "../../../src/contracts/submissions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { heldToken } from "../../helpers/portal-client";

/**
 * The desk's stage of a letter several sign (issue 47, ADR 305): the list, the saved view, the request's page and
 * the board say who is awaited, from the one stage function: counsel, then the client, then the firm's
 * countersignature. A letter one person signs says "Letter sent", as before.
 */
setDefaultTimeout(60_000);
const API = "/api/admin/submissions";
const clock = { at: new Date("2026-11-18T15:00:00.000Z") };
const t = makeTestApp({ ...NEW_YORK_DESK, TRUST_PROXY: "1" }, { now: () => clock.at });
const DRAFT = {
  scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};

let owner = "";
beforeAll(async () => {
  owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
});

type Stage = { stage: string; awaiting?: string } | null;
const get = async <T>(path: string) => {
  const res = await t.request(path, withCookie(owner));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
/** Where the request stands as each of the desk's ways of listing it says. */
async function stages(id: number, reference: string) {
  const list = await get<{ items: { reference: string; engagement: Stage }[] }>(`${API}?q=${reference}`);
  const view = await get<{ items: { reference: string; engagement: Stage }[] }>(
    `${API}?pageSize=100&view=awaiting-signature`,
  );
  const detail = await get<{ stage: Stage }>(`${API}/${id}`);
  const board = await get<{ columns: { cards: { id: number; awaiting?: string }[] }[] }>(DESK_BOARD_API);
  return {
    list: list.items.find((i) => i.reference === reference)?.engagement ?? null,
    view: view.items.find((i) => i.reference === reference)?.engagement ?? null,
    detail: detail.stage,
    board: board.columns.flatMap((c) => c.cards).find((c) => c.id === id)?.awaiting ?? null,
  };
}
const label = (s: Stage) =>
  s ? engagementStageLabel(s as Parameters<typeof engagementStageLabel>[0]) : null;

async function sent(signers: unknown[], extra: Record<string, unknown> = {}) {
  const submission = await fileIntake(t, clock.at, {
    role: "attorney",
    name: "Dana Whitfield",
    firm: "Whitfield & Moss LLP",
    email: `dana.${Math.random().toString(36).slice(2)}@whitfieldmoss.example`,
  });
  const base = `${API}/${submission.id}/engagement`;
  const put = await t.request(
    base,
    withCookie(owner, { ...post({ ...DRAFT, signers, ...extra }), method: "PUT" }),
  );
  expect(put.status).toBe(200);
  expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
  const { id } = t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(submission.id) as {
    id: number;
  };
  return { ...submission, base, engagementId: id };
}

async function signNext(engagementId: number, fullName: string) {
  const opened = await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) }));
  const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
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
}

describe("the desk's stage of a letter several sign", () => {
  test("names counsel, then the client, then the countersignature, the same in the list, the view, the page and the board", async () => {
    const letter = await sent(
      [
        { role: "counsel", name: "Dana Whitfield" },
        { role: "client", name: "Harlan Reyes", email: "harlan@reyes.example" },
      ],
      { countersign: true },
    );
    const first = await stages(letter.id, letter.reference);
    expect(first.list).toMatchObject({ stage: "sent", awaiting: "counsel" });
    expect(first.view).toEqual(first.list);
    expect(first.detail).toEqual(first.list);
    expect(first.board).toBe("counsel");
    expect(label(first.list)).toBe("Awaiting counsel's signature");

    await signNext(letter.engagementId, "Dana Whitfield");
    const second = await stages(letter.id, letter.reference);
    expect(second.list).toMatchObject({ stage: "sent", awaiting: "client" });
    expect(second.detail).toEqual(second.list);
    expect(second.board).toBe("client");
    expect(label(second.list)).toBe("Awaiting client's signature");

    await signNext(letter.engagementId, "Harlan Reyes");
    const third = await stages(letter.id, letter.reference);
    expect(third.list).toMatchObject({ stage: "sent", awaiting: "countersignature" });
    expect(third.view).toEqual(third.list);
    expect(third.board).toBe("countersignature");
    expect(label(third.list)).toBe("Awaiting countersignature");

    expect((await t.request(`${letter.base}/countersign`, withCookie(owner, post()))).status).toBe(200);
    const signed = await stages(letter.id, letter.reference);
    expect(signed.list?.stage).toBe("signed");
    expect(signed.list?.awaiting).toBeUndefined();
    expect(signed.view).toBeNull();
  });

  test("the client first, then counsel, in the order the draft gave", async () => {
    const letter = await sent([
      { role: "client", name: "Dana Whitfield" },
      { role: "counsel", name: "Mira Okafor", email: "mira@okafor.example" },
    ]);
    expect((await stages(letter.id, letter.reference)).list).toMatchObject({ awaiting: "client" });
    await signNext(letter.engagementId, "Dana Whitfield");
    expect((await stages(letter.id, letter.reference)).list).toMatchObject({ awaiting: "counsel" });
  });

  test("a letter one person signs reads as sent, as before", async () => {
    const letter = await sent([{ role: "client", name: "Dana Whitfield" }]);
    const one = await stages(letter.id, letter.reference);
    expect(one.list).toMatchObject({ stage: "sent" });
    expect(one.list?.awaiting).toBeUndefined();
    expect(one.board).toBeNull();
    expect(label(one.list)).toBe("Letter sent");
  });
});
