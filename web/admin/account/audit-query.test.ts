import { expect, test } from "bun:test";
import { readAuditFilters } from "./audit-query";

test("a day in the address that does not exist is no filter, not the day it would roll over to", () => {
  expect(readAuditFilters("?from=2026-02-30&to=2026-13-01")).toMatchObject({ from: "", to: "" });
  expect(readAuditFilters("?from=2024-02-29&to=2026-04-30")).toMatchObject({
    from: "2024-02-29",
    to: "2026-04-30",
  });
});
