import { expect, test } from "bun:test";
import { lastDayOfPreviousMonth } from "./statements";

test("the next statement is first set through the last day of the previous month on the firm's calendar", () => {
  expect(lastDayOfPreviousMonth("2026-12-02")).toBe("2026-11-30");
  expect(lastDayOfPreviousMonth("2026-03-01")).toBe("2026-02-28");
  expect(lastDayOfPreviousMonth("2028-03-31")).toBe("2028-02-29");
  expect(lastDayOfPreviousMonth("2027-01-15")).toBe("2026-12-31");
});
