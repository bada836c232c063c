import { afterEach, expect, test } from "bun:test";
import { render, screen, waitFor, within } from "@testing-library/react";
import type { StatementSummary } from "../../src/contracts/statements";
import { StatementsSection } from "./statements-section";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const statement = (over: Partial<StatementSummary>): StatementSummary => ({
  id: 1,
  number: 1,
  fromOn: null,
  throughOn: "2026-11-30",
  balanceCents: 20_000,
  replenish: false,
  issuedAt: "2026-12-01T14:00:00.000Z",
  pdfPath: "/api/portal/statements/1.pdf",
  ...over,
});

test("the firm's statements are 'Statements of account', each with its period and amount, apart from documents", async () => {
  globalThis.fetch = (async () =>
    new Response(
      JSON.stringify({
        statements: [
          statement({
            id: 3,
            number: 3,
            fromOn: "2027-01-01",
            throughOn: "2027-01-31",
            balanceCents: -417_400,
          }),
          statement({ id: 2, number: 2, fromOn: "2026-12-01", throughOn: "2026-12-31", balanceCents: 0 }),
          statement({}),
        ],
      }),
      { status: 200 },
    )) as unknown as typeof fetch;
  render(<StatementsSection />);
  const region = screen.getByRole("region", { name: "Statements of account" });
  expect(within(region).getByText(/Records you send us are under Documents/)).toBeTruthy();
  await waitFor(() => expect(within(region).getAllByRole("listitem")).toHaveLength(3));
  const [third, second, first] = within(region).getAllByRole("listitem");
  // A credit reads as one, never as a negative balance (ADR 292).
  expect(third?.textContent).toContain("In credit $4,174.00");
  expect(third?.textContent).not.toContain("-$");
  expect(second?.textContent).toContain("1 Dec 2026 to 31 Dec 2026");
  expect(second?.textContent).toContain("Balance $0.00, nothing owed");
  expect(first?.textContent).toContain("Through 30 Nov 2026");
  expect(first?.textContent).toContain("Balance owed $200.00");
  expect(within(region).getAllByRole("link", { name: /Download Statement/ })).toHaveLength(3);
});
