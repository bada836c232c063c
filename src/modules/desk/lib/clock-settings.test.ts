import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../../config";
import { describeHours } from "./business-clock";

const load = (env: Record<string, string>) => loadConfig(env, "/srv/tracewell");

describe("the desk clock's settings at start", () => {
  test("defaults: New York, Mon-Fri 09:00-17:00, US holidays, 8 business hours", () => {
    const { desk } = load({});
    expect(desk.timeZone).toBe("America/New_York");
    expect(describeHours(desk.hours)).toBe("Mon-Fri 9:00 AM-5:00 PM");
    expect(desk.holidays).toEqual({ country: "US" });
    expect(desk.slaHours).toBe(8);
  });

  test("values an operator sets are read", () => {
    const { desk } = load({
      FIRM_TIMEZONE: "Europe/London",
      BUSINESS_HOURS: "Mon-Thu 08:30-17:30, Fri 08:30-13:00",
      HOLIDAYS: "gb-eng",
      RESPONSE_SLA_HOURS: " 16 ",
    });
    expect(desk).toMatchObject({ timeZone: "Europe/London", holidays: { country: "GB", state: "ENG" } });
    expect(describeHours(desk.hours)).toBe("Mon-Thu 8:30 AM-5:30 PM, Fri 8:30 AM-1:00 PM");
    expect(desk.slaHours).toBe(16);
    expect(load({ HOLIDAYS: "none" }).desk.holidays).toBeNull();
    // As docker --env-file passes a quoted value from .env.example.
    expect(describeHours(load({ BUSINESS_HOURS: '"Mon-Fri 08:00-16:00"' }).desk.hours)).toBe(
      "Mon-Fri 8:00 AM-4:00 PM",
    );
  });

  test.each([
    [{ FIRM_TIMEZONE: "Eastern" }, "FIRM_TIMEZONE", "IANA time zone"],
    [{ FIRM_TIMEZONE: "" }, "FIRM_TIMEZONE", "IANA time zone"],
    [{ BUSINESS_HOURS: "9 to 5" }, "BUSINESS_HOURS", "Mon-Fri 09:00-17:00"],
    [{ BUSINESS_HOURS: "Mon-Fri 18:00-09:00" }, "BUSINESS_HOURS", "closes before it opens"],
    [{ HOLIDAYS: "Atlantis" }, "HOLIDAYS", "country code"],
    [{ HOLIDAYS: "US-XX" }, "HOLIDAYS", "not a state"],
    [{ RESPONSE_SLA_HOURS: "one day" }, "RESPONSE_SLA_HOURS", "whole number"],
    [{ RESPONSE_SLA_HOURS: "0" }, "RESPONSE_SLA_HOURS", "between 1 and 200"],
  ])("a bad value stops the start naming the variable: %o", (env, variable, words) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(`Invalid ${variable}: `);
    expect(() => load(env)).toThrow(words);
  });
});
