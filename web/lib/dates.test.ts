import { afterEach, expect, test } from "bun:test";
import { formatDate, formatDateTime, formatLongDate, formatTimeOfDay, setFirmZone } from "./dates";

const AT = "2026-03-10T14:05:00.000Z";
afterEach(() => setFirmZone(undefined));

test("a long date reads the same in every zone", () => {
  expect(formatLongDate("2026-03-10")).toBe("10 Mar 2026");
  expect(formatLongDate(AT)).toBe("10 Mar 2026");
});

test("a date and time is on the firm's clock with its label, not the browser's", () => {
  expect(formatDateTime(AT)).toBe("10 Mar 2026, 10:05 AM EDT");
  expect(formatDate(AT)).toBe("10 Mar 2026");
  setFirmZone("Europe/London");
  expect(formatDateTime(AT)).toBe("10 Mar 2026, 2:05 PM GMT");
  expect(formatLongDate("2026-03-10T23:30:00.000Z")).toBe("10 Mar 2026");
  setFirmZone("Asia/Tokyo");
  expect(formatLongDate("2026-03-10T23:30:00.000Z")).toBe("11 Mar 2026");
});

test("the day and the time of day, shown apart, read as the date and time does", () => {
  expect(formatTimeOfDay(AT)).toBe("10:05 AM EDT");
  for (const zone of ["America/New_York", "Europe/London", "Asia/Tokyo"]) {
    setFirmZone(zone);
    for (const at of [AT, "2026-11-01T05:59:00.000Z", "2026-12-31T23:59:59.000Z"])
      expect(`${formatDate(at)}, ${formatTimeOfDay(at)}`).toBe(formatDateTime(at));
  }
});
