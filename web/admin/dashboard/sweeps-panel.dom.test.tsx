import { afterEach, expect, test } from "bun:test";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import type { SweepsDue } from "../../../src/contracts/subscriptions";
import { SweepsPanel } from "./sweeps-panel";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const serve = (answer: SweepsDue) => {
  const asked: string[] = [];
  globalThis.fetch = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as unknown as typeof fetch;
  return asked;
};

test("each sweep owed is named by its request's reference, its standing in words and its date", async () => {
  const asked = serve({
    today: "2027-02-22",
    soonDays: 14,
    sweeps: [
      { submissionId: 4, reference: "IR-261116-ABCD", dueOn: "2027-02-19", standing: "overdue" },
      { submissionId: 9, reference: "IR-261201-WXYZ", dueOn: "2027-02-22", standing: "due" },
      { submissionId: 12, reference: "IR-261210-KLMN", dueOn: "2027-03-01", standing: "due-soon" },
    ],
  });
  render(<SweepsPanel />);
  const panel = await screen.findByRole("region", { name: "Sweeps due" });
  expect(asked).toEqual(["/api/admin/subscriptions/sweeps"]);
  const rows = within(panel).getAllByRole("listitem");
  expect(rows).toHaveLength(3);
  expect(
    within(rows[0] as HTMLElement)
      .getByRole("link", { name: "IR-261116-ABCD" })
      .getAttribute("href"),
  ).toBe("/admin/submissions/4");
  expect(rows.map((r) => r.textContent)).toEqual([
    "IR-261116-ABCDOverdue since Fri 19 Feb 2027",
    "IR-261201-WXYZDue today, Mon 22 Feb 2027",
    "IR-261210-KLMNDue soon, Mon 1 Mar 2027",
  ]);
  expect(within(panel).getByText(/3 owed or due within 14 days, 1 overdue/)).toBeTruthy();
});

test("with no sweep owed or coming the panel is not there at all", async () => {
  const asked = serve({ today: "2027-02-22", soonDays: 14, sweeps: [] });
  const { container } = render(<SweepsPanel />);
  await waitFor(() => expect(asked).toHaveLength(1));
  // The answer is read and rendered once the request settles: nothing to wait on but that.
  await act(async () => {});
  expect(container.innerHTML).toBe("");
  expect(screen.queryByRole("region", { name: "Sweeps due" })).toBeNull();
});
