import { expect, test } from "bun:test";
import { auditApiQuery, readAuditFilters } from "./audit-query";

test("a day in the address that does not exist is no filter, not the day it would roll over to", () => {
  expect(readAuditFilters("?from=2026-02-30&to=2026-13-01")).toMatchObject({ from: "", to: "" });
  expect(readAuditFilters("?from=2024-02-29&to=2026-04-30")).toMatchObject({
    from: "2024-02-29",
    to: "2026-04-30",
  });
});

test("the chosen days are the firm's, whatever the browser's zone: from its midnight to the next", () => {
  const query = new URLSearchParams(
    auditApiQuery({ ...readAuditFilters("?from=2026-11-30&to=2026-11-30") }, "America/New_York"),
  );
  expect(query.get("since")).toBe("2026-11-30T05:00:00.000Z");
  expect(query.get("until")).toBe("2026-12-01T05:00:00.000Z");
  // The spring-forward day is 23 hours long, and Berlin's midnight is its own.
  const spring = new URLSearchParams(
    auditApiQuery({ ...readAuditFilters("?from=2026-03-29&to=2026-03-29") }, "Europe/Berlin"),
  );
  expect([spring.get("since"), spring.get("until")]).toEqual([
    "2026-03-28T23:00:00.000Z",
    "2026-03-29T22:00:00.000Z",
  ]);
});
