import { expect, test } from "bun:test";
import { formatDate, formatDateTime, formatLongDate } from "./dates";

const AT = "2026-03-10T14:05:00.000Z";

test("a long date reads the same in every zone", () => {
  expect(formatLongDate("2026-03-10")).toBe("March 10, 2026");
  expect(formatLongDate(AT)).toBe("March 10, 2026");
});

test("a date and time in the browser's zone, medium date and short time", () => {
  expect(formatDateTime(AT)).toBe(
    new Date(AT).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
  );
  expect(formatDateTime(AT)).toMatch(/^Mar 1[01], 2026, \d{1,2}:\d{2}\s[AP]M$/);
  expect(formatDate(AT)).toMatch(/^Mar 1[01], 2026$/);
});
