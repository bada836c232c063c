import { describe, expect, test } from "bun:test";
import { formatDuration, DURATION_MESSAGES as M, parseDuration } from "./duration";

const minutes = (typed: string) => {
  const read = parseDuration(typed);
  return read.ok ? read.minutes : read.message;
};

describe("time worked as staff type it", () => {
  test("hours and minutes, decimal hours, hours with minutes, and minutes all read as whole minutes", () => {
    expect(minutes("1:30")).toBe(90);
    expect(minutes("0:45")).toBe(45);
    expect(minutes("12:05")).toBe(725);
    expect(minutes("1.5 h")).toBe(90);
    expect(minutes("1.5h")).toBe(90);
    expect(minutes("1.25 hours")).toBe(75);
    expect(minutes(".5 hr")).toBe(30);
    expect(minutes("2 h")).toBe(120);
    expect(minutes("0.1 h")).toBe(6);
    expect(minutes("1 h 30 min")).toBe(90);
    expect(minutes("1h30m")).toBe(90);
    expect(minutes("90 min")).toBe(90);
    expect(minutes("90min")).toBe(90);
    expect(minutes("90 minutes")).toBe(90);
    expect(minutes("90")).toBe(90);
    expect(minutes("  1.5  H ")).toBe(90);
  });

  test("what is not a duration is refused with a message that shows how to write one", () => {
    for (const typed of ["", "abc", "1,5 h", "-30", "1:3", "h", "1.5", "one hour", "1:30 h", "90 s"])
      expect({ typed, read: minutes(typed) }).toEqual({ typed, read: M.format });
    expect(minutes("1:75")).toBe(M.clock);
    expect(minutes("1 h 75 min")).toBe(M.clock);
  });

  test("decimal hours that are not whole minutes are refused, not rounded", () => {
    expect(minutes("1.33 h")).toBe(M.whole("1.33 h"));
    expect(minutes("0.01 h")).toBe(M.whole("0.01 h"));
  });

  test("from one minute to a day's work", () => {
    expect(minutes("0")).toBe(M.range);
    expect(minutes("0:00")).toBe(M.range);
    expect(minutes("24:00")).toBe(1440);
    expect(minutes("24:01")).toBe(M.range);
    expect(minutes("1441")).toBe(M.range);
    expect(minutes("25 h")).toBe(M.range);
  });

  test("minutes written back as the ledger shows them", () => {
    expect(formatDuration(90)).toBe("1 h 30 min");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(120)).toBe("2 h");
  });
});
