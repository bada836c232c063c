import { expect, test } from "bun:test";
import { balanceWords, runningWords } from "./ledger";

test("a client in credit reads as in credit, never as a negative amount owed", () => {
  expect(balanceWords(-500_000)).toEqual({ label: "In credit", amount: "$5,000.00" });
  expect(balanceWords(125_050)).toEqual({ label: "Balance owed", amount: "$1,250.50" });
  expect(balanceWords(0)).toEqual({ label: "Balance", amount: "$0.00, nothing owed" });
  expect(runningWords(-448_750)).toEqual({ amount: "$4,487.50", credit: true });
  expect(runningWords(60_000)).toEqual({ amount: "$600.00", credit: false });
});
