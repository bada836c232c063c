import { beforeAll, describe, expect, test } from "bun:test";
import { FIRST_SWEEP_BUSINESS_DAYS } from "../../../src/contracts/subscriptions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";

/**
 * Letters that say one thing (issue 44, ADR 297): each fee kind's letter, read as pdftotext reads it, states its
 * own terms and none of another kind's. Monitoring has its cadence with its price and no consultation, no
 * turnaround and no final report; a flat fee has no retainer or months; a retainer no flat fee or months.
 */
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ...NEW_YORK_DESK, TRUST_PROXY: "1" }, { now: () => clock.at });
let owner = "";
beforeAll(async () => {
  owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
});

const BASE = {
  scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
  feeCents: 350_000,
  turnaroundBusinessDays: 5,
  expedite: false,
};
const KINDS = {
  flat: {
    draft: { ...BASE, feeKind: "flat" },
    says: [
      "a flat fee of $3,500",
      "Delivery is due 5 business days",
      "-minute consultation to walk through the findings after delivery",
    ],
    never: ["retainer", "per subject per month", "sweep", "Monitoring begins"],
  },
  retainer: {
    draft: { ...BASE, feeKind: "retainer", hourlyRateCents: 35_000 },
    says: ["drawn from a retainer of $3,500", "$350 per hour", "Delivery is due 5 business days"],
    never: ["flat fee", "per subject per month", "sweep", "non-refundable once work begins"],
  },
  monthly: {
    draft: {
      ...BASE,
      feeCents: 75_000,
      feeKind: "monthly",
      subjects: ["Vexhollow Parnaby", "Quarrendel Estates LLC"],
      cadence: "quarterly",
      signers: [
        { role: "counsel", name: "Dana Whitfield" },
        { role: "client", name: "Harlan Reyes", email: "harlan@reyes.example" },
      ],
    },
    says: [
      "$750 per subject per month",
      // The first sweep inside the first month paid, as the subscription's calendar makes it due (ADR 306).
      `The first sweep is delivered within ${FIRST_SWEEP_BUSINESS_DAYS} business days of the day monitoring begins, and within the first month paid; after it we sweep every three months (quarterly), counted from the day of the first sweep.`,
      `Sweeps: The first within ${FIRST_SWEEP_BUSINESS_DAYS} business days of the start, inside the first month paid; then quarterly`,
      "directed by counsel, named above, who receives every sweep report",
      "Monitoring begins when we receive the signed letter, the first month's fee",
    ],
    never: [
      "consultation",
      "Turnaround",
      "Delivery is due",
      "flat fee",
      "retainer",
      "deliver a written report",
      "Work begins",
      "Please read it with your attorney",
      // Nothing that puts the first sweep a cadence after the start.
      "quarterly) from the day monitoring begins",
    ],
  },
} as const;

describe("every kind's letter states its own terms and none that contradict them", () => {
  for (const [kind, { draft, says, never }] of Object.entries(KINDS))
    test(kind, async () => {
      const submission = await fileIntake(t, clock.at, {
        role: "attorney",
        name: "Dana Whitfield",
        email: `dana.${kind}@whitfieldmoss.example`,
      });
      const base = `/api/admin/submissions/${submission.id}/engagement`;
      expect((await t.request(base, withCookie(owner, { ...post(draft), method: "PUT" }))).status).toBe(200);
      const pdf = new Uint8Array(
        await (await t.request(`${base}/letter.pdf`, withCookie(owner))).arrayBuffer(),
      );
      const text = pdfText(pdf).replace(/\s+/g, " ");
      for (const phrase of says)
        expect({ kind, phrase, found: text.includes(phrase) }).toEqual({ kind, phrase, found: true });
      for (const phrase of never)
        expect({ kind, phrase, found: text.includes(phrase) }).toEqual({ kind, phrase, found: false });
    });
});
