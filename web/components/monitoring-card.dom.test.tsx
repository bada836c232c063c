import { expect, test } from "bun:test";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { SubscriptionView } from "../../src/contracts/subscriptions";
import { MonitoringCard } from "./monitoring-card";

const view: SubscriptionView = {
  state: "active",
  subjects: ["Harbor Lane Holdings LLC"],
  cadence: "quarterly",
  monthlyCents: 150_000,
  startedOn: "2026-11-19",
  paidThrough: "2027-03-18",
  nextChargeOn: "2027-03-19",
  nextSweepDueOn: "2027-08-19",
  pausedOn: null,
  cancelNoticeOn: null,
  endsOn: null,
  sweeps: [
    {
      dueOn: "2027-02-19",
      deliveredAt: "2027-02-22T15:00:00.000Z",
      receivedAt: "2027-02-24T02:30:00.000Z",
      deliveredOn: "2027-02-22",
      receivedOn: "2027-02-23",
    },
    {
      dueOn: "2027-05-19",
      deliveredAt: "2027-05-19T14:00:00.000Z",
      receivedAt: null,
      deliveredOn: "2027-05-19",
      receivedOn: null,
    },
  ],
  charges: [],
};

test("each sweep report is listed with its due and delivered dates and its receipt, or that it is not downloaded yet", () => {
  render(
    <MonitoringCard subscription={view} today="2027-05-20" act={async () => ({ ok: false, error: "" })} />,
  );
  const card = screen.getByRole("region", { name: "Monitoring" });
  const reports = within(card)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
  expect(reports).toContain("Sweep due 19 Feb 2027: delivered 22 Feb 2027, received 23 Feb 2027");
  expect(reports).toContain("Sweep due 19 May 2027: delivered 19 May 2027, not downloaded yet");
});

test("Tab and Shift+Tab go round the confirmation's buttons: focus never leaves the open dialog", () => {
  render(
    <MonitoringCard subscription={view} today="2027-05-20" act={async () => ({ ok: false, error: "" })} />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Pause" }));
  const keep = screen.getByRole("button", { name: "Keep as it is", hidden: true });
  const yes = screen.getByRole("button", { name: /^Yes, /, hidden: true });
  const dialog = keep.closest("dialog") as HTMLDialogElement;
  yes.focus();
  fireEvent.keyDown(yes, { key: "Tab" });
  expect(document.activeElement).toBe(keep);
  fireEvent.keyDown(keep, { key: "Tab", shiftKey: true });
  expect(document.activeElement).toBe(yes);
  expect(dialog.contains(document.activeElement)).toBe(true);
});
