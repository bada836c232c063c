import { describe, expect, test } from "bun:test";
import {
  addDays,
  addMonths,
  begin,
  businessDayOnOrAfter,
  cancel,
  dueBy,
  firstSweepOn,
  pause,
  pendingSchedule,
  refusal,
  resume,
  type Schedule,
  upcomingCharge,
  upcomingSweep,
  type WorkCalendar,
} from "./model";

/** Weekends closed, and the holidays given (Christmas 2026 is a Friday). */
const calendar = (holidays: string[] = ["2026-12-25", "2027-01-01"]): WorkCalendar => ({
  isBusinessDay: (date) => {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    return day !== 0 && day !== 6 && !holidays.includes(date);
  },
});
const cal = calendar();

const started = (on: string, cadence: "quarterly" | "monthly" = "quarterly") =>
  begin(pendingSchedule({ cadence, monthlyCents: 150_000 }), on, cal);

/** Runs the calendar each day from `from` to `to`, as the daily job does, collecting what it raised. */
function daily(s: Schedule, from: string, to: string) {
  const charges: { from: string; to: string }[] = [];
  const sweeps: string[] = [];
  let schedule = s;
  for (let day = from; day <= to; day = nextDay(day)) {
    const r = dueBy(schedule, day, cal);
    schedule = r.schedule;
    charges.push(...r.charges.map(({ from, to }) => ({ from, to })));
    sweeps.push(...r.sweeps.map((w) => w.dueOn));
  }
  return { schedule, charges, sweeps };
}
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("the calendar of a subscription", () => {
  test("months are counted from the start date; a 31st falls on each month's last day without drifting", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
  });

  test("the first month is billed at the start; each later month on its day, across months and a year end", () => {
    const { schedule, firstCharge } = started("2026-10-31");
    expect(firstCharge).toEqual({ from: "2026-10-31", to: "2026-11-29", amountCents: 150_000 });
    const run = daily(schedule, "2026-10-31", "2027-03-01");
    expect(run.charges).toEqual([
      { from: "2026-11-30", to: "2026-12-30" },
      { from: "2026-12-31", to: "2027-01-30" },
      { from: "2027-01-31", to: "2027-02-27" },
      { from: "2027-02-28", to: "2027-03-30" },
    ]);
    // The first sweep on the tenth business day, inside the month paid; then quarterly from it: 13 February
    // 2027 is a Saturday, due Monday.
    expect(run.sweeps).toEqual(["2026-11-13", "2027-02-15"]);
  });

  test("run once after downtime, the calendar raises every month and sweep missed, and nothing twice", () => {
    const { schedule } = started("2026-06-10", "monthly");
    const once = dueBy(schedule, "2026-10-12", cal);
    expect(once.charges.map((c) => c.from)).toEqual(["2026-07-10", "2026-08-10", "2026-09-10", "2026-10-10"]);
    expect(once.sweeps.map((w) => w.nominalOn)).toEqual([
      "2026-06-24",
      "2026-07-24",
      "2026-08-24",
      "2026-09-24",
    ]);
    const again = dueBy(once.schedule, "2026-10-12", cal);
    expect(again.charges).toEqual([]);
    expect(again.sweeps).toEqual([]);
    // The same as running every day.
    const everyDay = daily(schedule, "2026-06-10", "2026-10-12");
    expect(everyDay.charges.map((c) => c.from)).toEqual(once.charges.map((c) => c.from));
  });

  test("a sweep that falls on a holiday is due the next business day", () => {
    // Started 11 September, first swept 25 September (the tenth business day), then quarterly: the sweep of 25
    // December 2026 (Christmas, a Friday) is due Monday 28th.
    const { schedule } = started("2026-09-11");
    const r = dueBy(schedule, "2026-12-28", cal);
    expect(r.sweeps).toEqual([
      { nominalOn: "2026-09-25", dueOn: "2026-09-25" },
      { nominalOn: "2026-12-25", dueOn: "2026-12-28" },
    ]);
    expect(upcomingSweep(dueBy(schedule, "2026-09-25", cal).schedule, [], cal)).toBe("2026-12-28");
    expect(businessDayOnOrAfter(calendar(["2026-12-25", "2026-12-28"]), "2026-12-25")).toBe("2026-12-29");
  });

  test("a pause spanning a month end: nothing falls due while paused, and the paused days are given back", () => {
    const { schedule } = started("2026-01-10");
    const paused = pause(dueBy(schedule, "2026-01-25", cal).schedule, "2026-01-25");
    expect(upcomingCharge(paused)).toBeNull();
    expect(upcomingSweep(paused, [], cal)).toBeNull();
    // 10 February passes while paused: no charge.
    expect(dueBy(paused, "2026-02-13", cal).charges).toEqual([]);
    // Resumed on 14 February after 20 days: January's month runs to 1 March, the next charge is 2 March.
    const { schedule: resumed, currentMonthEndsOn } = resume(paused, "2026-02-14");
    expect(currentMonthEndsOn).toBe("2026-03-01");
    expect(upcomingCharge(resumed)).toBe("2026-03-02");
    // The first sweep fell on 23 January, before the pause; the next, due 23 April, moves 20 days, to 13 May.
    expect(upcomingSweep(resumed, [], cal)).toBe("2026-05-13");
    const later = daily(resumed, "2026-02-14", "2026-05-15");
    expect(later.charges).toEqual([
      { from: "2026-03-02", to: "2026-04-01" },
      { from: "2026-04-02", to: "2026-05-01" },
      { from: "2026-05-02", to: "2026-06-01" },
    ]);
    expect(later.sweeps).toEqual(["2026-05-13"]);
  });

  test("a cancellation whose 30 days cross two billing dates: both months are billed in full, then it ends", () => {
    const { schedule } = started("2026-01-10", "monthly");
    const noticed = cancel(dueBy(schedule, "2026-02-09", cal).schedule, "2026-02-09");
    expect(noticed).toMatchObject({
      state: "cancelling",
      cancelNoticeOn: "2026-02-09",
      endsOn: "2026-03-11",
    });
    const run = daily(noticed, "2026-02-09", "2026-04-30");
    expect(run.charges).toEqual([
      { from: "2026-02-10", to: "2026-03-09" },
      { from: "2026-03-10", to: "2026-04-09" },
    ]);
    // Sweeps due before the end are still done (23 February; the first was on 23 January); none after.
    expect(run.sweeps).toEqual(["2026-02-23"]);
    expect(run.schedule.state).toBe("ended");
    expect(dueBy(noticed, "2026-03-10", cal).ended).toBe(false);
    expect(dueBy(noticed, "2026-03-11", cal).ended).toBe(true);
  });

  test("the first sweep falls inside the first month paid: notice given on the first day still receives it", () => {
    for (const cadence of ["quarterly", "monthly"] as const) {
      const { schedule, firstCharge } = started("2026-11-19", cadence);
      const noticed = cancel(schedule, "2026-11-19");
      const run = daily(noticed, "2026-11-19", "2027-01-31");
      // Ten business days after Thursday 19 November (no holiday in this calendar): Thursday 3 December.
      expect({ cadence, sweeps: run.sweeps }).toEqual({ cadence, sweeps: ["2026-12-03"] });
      expect((run.sweeps[0] as string) <= firstCharge.to).toBe(true);
      expect(run.schedule.state).toBe("ended");
    }
    // A closure that eats the tenth business day: the month's last business day, never after the month.
    const closed = calendar(Array.from({ length: 40 }, (_, i) => addDays("2026-11-25", i)));
    expect(firstSweepOn("2026-11-19", closed)).toBe("2026-11-24");
    // Closed for the whole month after the first day: its last day.
    expect(
      firstSweepOn("2026-11-19", calendar(Array.from({ length: 60 }, (_, i) => addDays("2026-11-20", i)))),
    ).toBe("2026-12-18");
  });

  test("notice given while paused: it stays paused, nothing more falls due, and it ends on time", () => {
    const { schedule } = started("2026-01-10");
    const noticed = cancel(pause(schedule, "2026-01-20"), "2026-01-25");
    expect(noticed).toMatchObject({ state: "cancelling", pausedOn: "2026-01-20", endsOn: "2026-02-24" });
    const run = daily(noticed, "2026-01-25", "2026-03-01");
    expect(run.charges).toEqual([]);
    expect(run.schedule.state).toBe("ended");
  });

  test("each move not allowed from a state is refused with a reason; the allowed ones are not", () => {
    const pending = pendingSchedule({ cadence: "quarterly", monthlyCents: 1 });
    const active = started("2026-01-10").schedule;
    const paused = pause(active, "2026-01-12");
    const cancelling = cancel(active, "2026-01-12");
    const ended = { ...cancelling, state: "ended" as const };
    const allowed = (s: Schedule) =>
      (["pause", "resume", "cancel"] as const).filter((a) => refusal(a, s) === null);
    expect(allowed(pending)).toEqual([]);
    expect(allowed(active)).toEqual(["pause", "cancel"]);
    expect(allowed(paused)).toEqual(["resume", "cancel"]);
    expect(allowed(cancelling)).toEqual(["resume"]);
    expect(allowed(ended)).toEqual([]);
    expect(refusal("pause", cancelling)).toContain("ends on 2026-02-11");
    expect(refusal("cancel", cancelling)).toContain("already given on 2026-01-12");
    expect(refusal("resume", pending)).toContain("signed");
  });
});
