import { expect, test } from "bun:test";
import { render, screen, within } from "@testing-library/react";
import type { DeskOverview } from "../../../src/contracts/desk";
import { DeliveriesPanel } from "./morning-view";

const overview = (deliveries: DeskOverview["deliveries"], overdue: number) =>
  ({
    deliveries,
    counts: {
      newToday: 0,
      waiting: 0,
      overdue: 0,
      deliveriesDue: deliveries.length,
      deliveriesOverdue: overdue,
    },
  }) as unknown as DeskOverview;

test("the dashboard names each delivery owed with its due label, and says how many are overdue", () => {
  render(
    <DeliveriesPanel
      overview={overview(
        [
          {
            id: 4,
            reference: "IR-261116-ABCD",
            name: "Dana Whitfield",
            desiredService: "asset-map",
            deliveryDueAt: "2026-11-17T15:00:00.000Z",
            due: {
              state: "overdue",
              label: "overdue by 2 business hours",
              dueText: "Tue 17 Nov 2026, 10:00 AM EST",
              late: false,
            },
          },
        ],
        1,
      )}
    />,
  );
  const panel = screen.getByRole("region", { name: "Deliveries due" });
  expect(within(panel).getByRole("link", { name: "Dana Whitfield" }).getAttribute("href")).toBe(
    "/admin/submissions/4",
  );
  expect(within(panel).getByText("Delivery overdue by 2 business hours")).toBeTruthy();
  expect(within(panel).getByText(/1 owed, 1 overdue/)).toBeTruthy();
});

test("with nothing owed the panel says so", () => {
  render(<DeliveriesPanel overview={overview([], 0)} />);
  expect(screen.getByText(/No delivery is owed/)).toBeTruthy();
});
