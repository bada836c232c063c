import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { CLOSURE_MESSAGES, type ClosureList } from "../../../src/contracts/desk";
import { useToastStore } from "../../lib/toast-store";
import { BusinessHoursPanel } from "./business-hours-panel";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

/** Answers the panel's requests in turn, as the server would. */
function answers(...replies: { status: number; body: unknown }[]) {
  globalThis.fetch = (async () => {
    const { status, body } = replies.shift() ?? { status: 500, body: { error: "Unexpected" } };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
}

const LIST: ClosureList = {
  closures: [{ date: "2026-12-24", note: "Office party" }],
  settings: {
    timeZone: "America/New_York",
    businessHours: "Mon-Fri 9:00 AM-5:00 PM",
    holidays: "US",
    slaHours: 8,
  },
  upcomingHolidays: [],
};

test("a failed load says so instead of loading for ever", async () => {
  answers({ status: 500, body: { error: "Internal error" } });
  render(<BusinessHoursPanel />);
  expect(await screen.findByText("The business hours could not be loaded.", { exact: false })).toBeTruthy();
  expect(screen.queryByText("Loading the business hours...")).toBeNull();
});

test("a day already closed is refused under the date field, with a toast pointing at it", async () => {
  answers(
    { status: 200, body: LIST },
    { status: 409, body: { errors: { date: [CLOSURE_MESSAGES.exists] } } },
  );
  render(<BusinessHoursPanel />);
  const date = (await screen.findByLabelText("Date closed")) as HTMLInputElement;
  fireEvent.change(date, { target: { value: "2026-12-24" } });
  fireEvent.click(screen.getByRole("button", { name: "Add Closure" }));
  expect(await screen.findByText(CLOSURE_MESSAGES.exists)).toBeTruthy();
  expect(date.getAttribute("aria-invalid")).toBe("true");
  expect(useToastStore.getState().toasts[0]).toMatchObject({
    title: "Closure Not Added",
    description: "Check the message under the field.",
    variant: "destructive",
  });
});
