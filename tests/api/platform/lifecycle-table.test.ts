import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { SubmissionStatus } from "../../../src/contracts/intake";
import {
  ENGAGEMENT_STAGES,
  type EngagementStage,
  engagementStage,
  type LifecycleAction,
  type LifecycleState,
  lifecycleRefusal,
  type RoundState,
} from "../../../src/contracts/lifecycle";
import type { SubscriptionState } from "../../../src/contracts/subscriptions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK, ORIGIN } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { deliverReport, heldToken } from "../../helpers/portal-client";
import { checkoutSessionEvent, stripeSignature } from "../../helpers/stripe";

// Eighteen engagements, each sent, most of them signed (a sealed PDF each): slow on a busy machine.
setDefaultTimeout(120_000);

/**
 * Every state of a request and its engagement against every action over HTTP (ADR 278): each answer is the one
 * the lifecycle table gives. Allowed: not refused (each probe sends what the action needs to fail on its own
 * input, so the engagement stays in its state). Refused: 409 with the table's sentence. One app, one
 * engagement per state; a monthly engagement (Judgment Intel) so that monitoring's moves are walked too.
 */
const SECRET = "whsec_tracewellLifecycleSecret0123456789";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
    PAYMENT_URL: "https://buy.stripe.com/test_lifecycle?client_reference_id={reference}",
    STRIPE_WEBHOOK_SECRET: SECRET,
    // Each request is filed from an address of its own (the intake limits count per address).
    TRUST_PROXY: "1",
  },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";
const SUBJECTS = ["Vexhollow Andrithe Parnaby", "Quarrendel Estates Omicron LLC"];
const MONTHLY = {
  scope: "Quarterly public-records sweeps on the judgment debtors named below, reported to counsel.",
  feeCents: 75_000,
  feeKind: "monthly",
  turnaroundBusinessDays: 60,
  expedite: false,
  subjects: SUBJECTS,
};
const MONTH_CENTS = 150_000;
const PHASES = ["open", "closed", "declined"] as const;
type Phase = (typeof PHASES)[number];

type Fixture = {
  phase: Phase;
  stage: EngagementStage;
  submission: { id: number; reference: string };
  engagementId: number;
  /** A live session, except for a draft (a withdrawn letter ends its sessions). */
  cookie: string;
  /** A link staff sent last, not opened: what "open" tries. */
  token: string;
};

let admin = "";
const must = async (res: Response | Promise<Response>, status: number, what: string) => {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${await r.text()}`);
  return r;
};
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

/** An attorney's Judgment Intel request brought to `stage`, then (unless open) closed or declined by staff. */
async function fixture(phase: Phase, stage: EngagementStage, n: number): Promise<Fixture> {
  const email = `counsel-${phase}-${stage}-${n}@harborlaw.example`;
  const submission = await fileIntake(t, clock.at, {
    role: "attorney",
    email,
    desiredService: "judgment-intel",
  });
  const base = `${API}/${submission.id}/engagement`;
  // A round that stops before the signature (ADR 297): the firm countersigns, a signer declines, time runs out.
  const countersign = stage === "awaiting-countersignature";
  await must(
    t.request(base, withCookie(admin, { ...post({ ...MONTHLY, countersign }), method: "PUT" })),
    200,
    "draft",
  );
  await must(t.request(`${base}/send`, withCookie(admin, post())), 200, "send");
  const engagementId = (
    t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(submission.id) as { id: number }
  ).id;
  const opened = await must(
    t.request("/api/portal/session", post({ token: heldToken(t, engagementId) })),
    200,
    "session",
  );
  const cookie = cookieOf(opened);
  const at = ENGAGEMENT_STAGES.indexOf(stage);
  const stopped = ["awaiting-countersignature", "declined", "expired"].includes(stage);
  if (at >= ENGAGEMENT_STAGES.indexOf("consented"))
    await must(t.request("/api/portal/consent", withCookie(cookie, post({ consent: true }))), 200, "consent");
  // A stopped round takes no fresh link: the one "open" tries is sent before it stops.
  if (stopped) await must(t.request(`${base}/send`, withCookie(admin, post())), 200, "fresh link");
  const stoppedToken = stopped ? heldToken(t, engagementId) : "";
  if (stage === "declined")
    await must(
      t.request("/api/portal/decline", withCookie(cookie, post({ reason: "The scope is wrong." }))),
      200,
      "decline",
    );
  if (stage === "expired")
    t.db.run("UPDATE engagements SET round_state = 'expired' WHERE id = ?", [engagementId]);
  if (at >= ENGAGEMENT_STAGES.indexOf("signed") || countersign) {
    const letter = await t.request("/api/portal/letter.pdf", withCookie(cookie));
    const letterSha256 = sha(new Uint8Array(await letter.arrayBuffer()));
    await must(
      t.request(
        "/api/portal/sign",
        withCookie(cookie, post({ fullName: "Dana Whitfield", agree: true, letterSha256 })),
      ),
      200,
      "sign",
    );
  }
  if (at >= ENGAGEMENT_STAGES.indexOf("engaged"))
    await must(
      t.request(
        `${base}/payments`,
        withCookie(admin, post({ amountCents: MONTH_CENTS, receivedOn: "2026-11-16", method: "wire" })),
      ),
      201,
      "payment",
    );
  if (stage === "delivered") await deliverReport(t, admin, submission.id);
  // The link "open" tries: sent by the desk, never opened (a withdrawal or a close voids it).
  if (!stopped) await must(t.request(`${base}/send`, withCookie(admin, post())), 200, "fresh link");
  const token = stopped ? stoppedToken : heldToken(t, engagementId);
  if (stage === "draft")
    await must(t.request(`${base}/withdraw`, withCookie(admin, post())), 200, "withdraw");
  if (phase !== "open")
    await must(
      t.request(
        `${API}/${submission.id}`,
        withCookie(admin, { ...post({ status: phase }), method: "PATCH" }),
      ),
      200,
      phase,
    );
  return { phase, stage, submission, engagementId, cookie, token };
}

/** The state as stored, read the way the table reads it. */
function stateOf(f: Fixture): LifecycleState {
  const e = t.db
    .query<
      {
        status: "draft" | "sent" | "signed" | "engaged";
        consentedAt: string | null;
        deliveredAt: string | null;
        roundState: RoundState | null;
      },
      [number]
    >(
      "SELECT status, consented_at AS consentedAt, delivered_at AS deliveredAt, round_state AS roundState FROM engagements WHERE id = ?",
    )
    .get(f.engagementId);
  const request = t.db
    .query<{ status: SubmissionStatus }, [number]>("SELECT status FROM contact_submissions WHERE id = ?")
    .get(f.submission.id);
  const subscription = t.db
    .query<{ state: SubscriptionState }, [number]>("SELECT state FROM subscriptions WHERE engagement_id = ?")
    .get(f.engagementId);
  if (!e || !request) throw new Error("fixture gone");
  return {
    request: request.status,
    engagement: engagementStage(e),
    subscription: subscription?.state ?? null,
  };
}

type Probe = { action: LifecycleAction; send: (f: Fixture) => Promise<Response> };
const portal = (path: string, f: Fixture, init: RequestInit = post()) =>
  t.request(path, withCookie(f.cookie, init));
const tusHeaders = (f: Fixture) => ({ cookie: f.cookie, "tus-resumable": "1.0.0", origin: ORIGIN });
async function webhook(f: Fixture) {
  const body = checkoutSessionEvent(`evt_${f.phase}_${f.stage}`, {
    at: clock.at,
    session: { client_reference_id: f.submission.reference, amount_total: MONTH_CENTS },
  });
  return t.request("/api/payments/stripe", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": await stripeSignature(body, SECRET, clock.at),
    },
    body,
  });
}

/**
 * The probes, in an order that keeps each answer the one of the state the walk began in: first those that fail
 * on their own input when allowed (so change nothing), then the moves that change the state, each into a state
 * where the ones after it answer as before.
 */
const PROBES: Probe[] = [
  { action: "consent", send: (f) => portal("/api/portal/consent", f, post({ consent: false })) },
  { action: "sign", send: (f) => portal("/api/portal/sign", f, post({ fullName: "", agree: false })) },
  // No Upload-Length: a 400 once allowed.
  {
    action: "upload",
    send: (f) => t.request("/api/portal/uploads", { method: "POST", headers: tusHeaders(f) }),
  },
  { action: "book", send: (f) => portal("/api/portal/consultation", f, post({ start: "not a time" })) },
  {
    action: "record-payment",
    send: (f) =>
      t.request(
        `${API}/${f.submission.id}/engagement/payments`,
        withCookie(admin, post({ amountCents: -1, receivedOn: "2026-02-30", method: "wire" })),
      ),
  },
  // A file the engagement does not have: a 404 once allowed.
  {
    action: "deliver",
    send: (f) =>
      t.request(
        `${API}/${f.submission.id}/documents/AAAAAAAAAAAAAAAAAAAAAA/report`,
        withCookie(admin, { method: "POST", headers: { origin: ORIGIN } }),
      ),
  },
  // Active: resume is refused, pause allowed (paused), and cancel from there allowed as from active.
  { action: "resume", send: (f) => portal("/api/portal/subscription/resume", f) },
  { action: "pause", send: (f) => portal("/api/portal/subscription/pause", f) },
  { action: "cancel", send: (f) => portal("/api/portal/subscription/cancel", f) },
  // The processor's payment: recorded, or kept for staff to match (a webhook is always answered 2xx).
  { action: "pay", send: webhook },
  { action: "open", send: (f) => t.request("/api/portal/session", post({ token: f.token })) },
  {
    action: "withdraw",
    send: (f) => t.request(`${API}/${f.submission.id}/engagement/withdraw`, withCookie(admin, post())),
  },
  {
    action: "send",
    send: (f) => t.request(`${API}/${f.submission.id}/engagement/send`, withCookie(admin, post())),
  },
  {
    action: "close",
    send: (f) =>
      t.request(
        `${API}/${f.submission.id}`,
        withCookie(admin, { ...post({ status: "closed" }), method: "PATCH" }),
      ),
  },
];
const CLIENT_SESSION: readonly LifecycleAction[] = [
  "consent",
  "sign",
  "upload",
  "book",
  "resume",
  "pause",
  "cancel",
];

const fixtures: Fixture[] = [];
beforeAll(async () => {
  admin = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
  let n = 0;
  for (const phase of PHASES)
    for (const stage of ENGAGEMENT_STAGES) fixtures.push(await fixture(phase, stage, n++));
});

describe("every state of a request and its engagement against every action", () => {
  test("each fixture stands where it was meant to", () => {
    for (const f of fixtures) {
      const s = stateOf(f);
      expect({ phase: f.phase, stage: s.engagement }).toEqual({ phase: f.phase, stage: f.stage });
      if (f.phase !== "open") expect(s.request).toBe(f.phase);
    }
  });

  for (const phase of PHASES)
    for (const stage of ENGAGEMENT_STAGES)
      test(`a request ${phase}, its engagement ${stage}: every answer is the table's`, async () => {
        const f = fixtures.find((x) => x.phase === phase && x.stage === stage) as Fixture;
        const state = stateOf(f);
        const walked: { action: string; status: number; expected: string }[] = [];
        // A declined letter, or one waiting on the firm, refuses a link but takes a withdrawal (ADR 297): its
        // send is tried first, so the withdrawal does not change the state the walk began in.
        const stoppedRound = stage === "declined" || stage === "awaiting-countersignature";
        const order = stoppedRound
          ? PROBES.filter((p) => p.action !== "withdraw").flatMap((p) =>
              p.action === "send" ? [p, ...PROBES.filter((w) => w.action === "withdraw")] : [p],
            )
          : PROBES;
        for (const probe of order) {
          const res = await probe.send(f);
          const body = (await res.json().catch(() => ({}))) as { error?: string; outcome?: string };
          // The request and the engagement say first; a subscription's own refusal says its dates.
          const why = lifecycleRefusal({ ...state, subscription: null }, probe.action);
          const subscriptionWhy = why ?? lifecycleRefusal(state, probe.action);
          const row = {
            action: probe.action,
            status: res.status,
            expected: why ?? subscriptionWhy ?? "allowed",
          };
          walked.push(row);
          if (probe.action === "pay") {
            expect({ ...row, outcome: body.outcome }).toEqual({
              ...row,
              status: 200,
              outcome: subscriptionWhy ? "unmatched" : "recorded",
            });
          } else if (stage === "draft" && CLIENT_SESSION.includes(probe.action)) {
            // No session outlives a withdrawn letter: the client is signed out before any table is asked.
            expect(row.status).toBe(401);
          } else if (why) {
            expect({ action: probe.action, status: res.status, error: body.error }).toEqual({
              action: probe.action,
              status: 409,
              error: why,
            });
          } else if (subscriptionWhy) {
            expect({ action: probe.action, status: res.status }).toEqual({
              action: probe.action,
              status: 409,
            });
            expect(body.error).toMatch(/^(Monitoring|Notice)/);
          } else {
            expect({ action: probe.action, status: res.status, error: body.error }).not.toMatchObject({
              status: 409,
            });
          }
        }
        expect(walked.length).toBe(PROBES.length);
      });
});

describe("the jobs skip what the table refuses", () => {
  test("a month later the calendar charges the open request's monitoring, not a closed or a declined one's", async () => {
    const monitored = [
      await fixture("open", "engaged", 100),
      await fixture("closed", "engaged", 101),
      await fixture("declined", "engaged", 102),
    ];
    const charges = (f: Fixture) =>
      (
        t.db
          .query("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ? AND kind = 'charge'")
          .get(f.engagementId) as { n: number }
      ).n;
    const sweeps = (f: Fixture) =>
      (
        t.db
          .query(
            "SELECT count(*) AS n FROM subscription_sweeps WHERE subscription_id = (SELECT id FROM subscriptions WHERE engagement_id = ?)",
          )
          .get(f.engagementId) as { n: number }
      ).n;
    const before = monitored.map((f) => ({ charges: charges(f), sweeps: sweeps(f) }));
    clock.at = new Date("2027-02-20T15:00:00.000Z");
    t.app.decorator.subscriptionJobs.runFor("2027-02-20");
    for (const [i, f] of monitored.entries()) {
      const now = { phase: f.phase, charges: charges(f), sweeps: sweeps(f) };
      if (lifecycleRefusal(stateOf(f), "charge")) expect(now).toEqual({ phase: f.phase, ...before[i]! });
      else {
        expect(now.charges).toBeGreaterThan(before[i]!.charges);
        expect(now.sweeps).toBeGreaterThan(before[i]!.sweeps);
      }
    }
    // The desk's dashboard owes the open request's sweeps only: a closed one's could not be delivered.
    admin = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
    const owed = (await (await t.request("/api/admin/subscriptions/sweeps", withCookie(admin))).json()) as {
      sweeps: { submissionId: number }[];
    };
    expect(
      [...new Set(owed.sweeps.map((w) => w.submissionId))].filter((id) =>
        monitored.some((f) => f.submission.id === id),
      ),
    ).toEqual([monitored[0]!.submission.id]);
    // And a closed request's monitoring, reopened later, is not billed for the months it was closed.
    const closed = monitored[1] as Fixture;
    await must(
      t.request(
        `${API}/${closed.submission.id}`,
        withCookie(admin, { ...post({ status: "in-review" }), method: "PATCH" }),
      ),
      200,
      "reopen",
    );
    t.app.decorator.subscriptionJobs.runFor("2027-02-21");
    expect(charges(closed)).toBe(before[1]!.charges);
  });
});
