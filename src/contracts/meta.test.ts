import { expect, test } from "bun:test";
import { fullTitle } from "./meta";

test("a title without the brand name gets the brand suffix", () => {
  expect(fullTitle("Our Process", "Tracewell")).toBe("Our Process | Tracewell");
});

test("a title that already names the brand is left alone, whatever its case", () => {
  expect(fullTitle("Tracewell: Forensic Accounting", "Tracewell")).toBe("Tracewell: Forensic Accounting");
  expect(fullTitle("About TRACEWELL", "Tracewell")).toBe("About TRACEWELL");
});

test("the suffix follows the configured brand", () => {
  expect(fullTitle("About", "Ledger & Lens")).toBe("About | Ledger & Lens");
});
