import { expect, test } from "bun:test";
import { render, screen, within } from "@testing-library/react";
import type { PortalEngagement } from "../../src/contracts/portal";
import { PaymentSection } from "./payment-section";

/** A flat-fee engagement signed at 15:10 UTC, nothing paid yet. */
const signed = {
  reference: "IR-261116-3KX7",
  service: "Asset Map",
  scope: "A sourced map of real property.",
  feeCents: 350_000,
  feeKind: "flat",
  hourlyRateCents: null,
  turnaroundBusinessDays: 10,
  expedite: false,
  monthly: null,
  subscription: null,
  firmToday: "2026-11-16",
  status: "signed",
  consentedAt: "2026-11-16T15:00:00.000Z",
  signedAt: "2026-11-16T15:10:00.000Z",
  signedCopyMailedAt: null,
  paidCents: 0,
  outstandingCents: 350_000,
  money: { balanceCents: 350_000, paidCents: 0, retainer: null, lastPayment: null, disputes: [] },
  workStartedAt: null,
  deliveryDueAt: null,
  deliveredAt: null,
  letterSha256: "a".repeat(64),
  clientName: "Dana Whitfield",
  letter: null,
  disclosure: [],
  payment: null,
} satisfies PortalEngagement;

test("until the mail server took the sealed copy, the page points to its download and says nothing was e-mailed", () => {
  render(<PaymentSection engagement={signed} />);
  expect(screen.getByText(/Your sealed copy is ready to download with the letter above\.$/)).toBeTruthy();
  expect(screen.queryByText(/emailed/)).toBeNull();
});

test("once the mail server took it, the page says it was e-mailed", () => {
  render(<PaymentSection engagement={{ ...signed, signedCopyMailedAt: "2026-11-16T15:11:00.000Z" }} />);
  expect(screen.getByText(/A sealed copy was emailed to you\.$/)).toBeTruthy();
  expect(screen.queryByText(/ready to download/)).toBeNull();
});

test("the money card says what is owed and by when, the retainer held, drawn and remaining, and the last payment", () => {
  render(
    <PaymentSection
      engagement={{
        ...signed,
        feeKind: "retainer",
        feeCents: 500_000,
        paidCents: 500_000,
        outstandingCents: 20_000,
        money: {
          balanceCents: 20_000,
          paidCents: 500_000,
          retainer: { heldCents: 500_000, drawnCents: 500_000, remainingCents: 0 },
          lastPayment: { on: "2026-11-16", amountCents: 500_000 },
          disputes: [],
        },
        payment: { amountDueCents: 20_000, dueOn: null, payUrl: null, instructions: "Wire to account 123." },
      }}
    />,
  );
  const card = screen.getByRole("article", { name: "Payments" });
  const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
  expect(value("Amount due")).toBe("$200");
  expect(value("Due by")).toBe("Billed monthly");
  expect(value("Last payment")).toBe("$5,000 on 16 Nov 2026");
  const retainer = within(card).getByRole("region", { name: "Retainer" });
  const held = (label: string) => within(retainer).getByText(label).nextElementSibling?.textContent;
  expect([held("Held"), held("Drawn"), held("Remaining")]).toEqual(["$5,000", "$5,000", "$0"]);
  expect(within(card).queryByText("Next monitoring charge")).toBeNull();
});

test("a monthly engagement's card names monitoring's next charge; nothing paid yet says so", () => {
  render(
    <PaymentSection
      engagement={{
        ...signed,
        subscription: {
          state: "active",
          subjects: ["Harrowgate Pellucid Trust"],
          cadence: "monthly",
          monthlyCents: 150_000,
          startedOn: "2026-11-16",
          paidThrough: "2026-12-15",
          nextChargeOn: "2026-12-16",
          nextSweepDueOn: "2026-12-16",
          pausedOn: null,
          cancelNoticeOn: null,
          endsOn: null,
          sweeps: [],
          charges: [],
        },
      }}
    />,
  );
  const card = screen.getByRole("article", { name: "Payments" });
  expect(within(card).getByText("Next monitoring charge").nextElementSibling?.textContent).toBe(
    "$1,500 on 16 Dec 2026",
  );
  expect(within(card).getByText("Last payment").nextElementSibling?.textContent).toBe("None yet");
  expect(within(card).queryByRole("region", { name: "Retainer" })).toBeNull();
});
