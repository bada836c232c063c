import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { SearchIndexingNotice } from "./search-indexing-notice";

test("says how much of the stored requests the search has read, politely, as a status", () => {
  render(<SearchIndexingNotice progress={{ indexed: 41_200, total: 100_000 }} />);
  const notice = screen.getByRole("status");
  expect(notice.textContent).toContain("Search is still getting ready after a restart");
  expect(notice.textContent).toContain("41,200 of 100,000 requests, newest first");
  expect(notice.textContent).toContain("older matches may be missing");
});
