import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
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
