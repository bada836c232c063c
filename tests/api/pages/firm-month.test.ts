import { expect, test } from "bun:test";
import { PATHS } from "../../../src/contracts/paths";
import { makeTestApp } from "../../helpers/app";

/**
 * The copyright year and the privacy policy's "Last Updated" month are the firm's (ADR 280): on a New York
 * evening the UTC date is already tomorrow's, and at New Year's Eve already next year's.
 */
const text = async (request: (p: string) => Promise<Response>, path: string) =>
  (await (await request(path)).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

test("at 9 PM in New York on New Year's Eve the footer still says this year and the policy this month", async () => {
  // 31 Dec 2026, 9 PM EST: 02:00 on 1 Jan 2027 in UTC.
  const { request } = makeTestApp(
    { FIRM_TIMEZONE: "America/New_York" },
    { now: () => new Date("2027-01-01T02:00:00Z") },
  );
  const page = await text(request, PATHS.privacy);
  expect(page).toMatch(/Last Updated ?: Dec 2026/);
  expect(page).toContain("© 2026 ");
  expect(page).not.toContain("© 2027");
});

test("in Berlin the new year has begun an hour before UTC's", async () => {
  // 1 Jan 2027, 00:30 CET: 23:30 on 31 December in UTC.
  const { request } = makeTestApp(
    { FIRM_TIMEZONE: "Europe/Berlin" },
    { now: () => new Date("2026-12-31T23:30:00Z") },
  );
  const page = await text(request, PATHS.privacy);
  expect(page).toMatch(/Last Updated ?: Jan 2027/);
  expect(page).toContain("© 2027 ");
});
