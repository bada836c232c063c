import { describe, expect, test } from "bun:test";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  test("quotes every cell and doubles quotes inside", () => {
    expect(csvCell("Whitfield & Moss LLP")).toBe('"Whitfield & Moss LLP"');
    expect(csvCell('The "lake house" LLC')).toBe('"The ""lake house"" LLC"');
    expect(csvCell("line one\nline two, with a comma")).toBe('"line one\nline two, with a comma"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  test("a cell a spreadsheet would run as a formula starts with an apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}HYPERLINK("http://evil.example")`)).toBe(
        `"'${start}HYPERLINK(""http://evil.example"")"`,
      );
    }
    expect(csvCell("+1 312 555 0199")).toBe(`"'+1 312 555 0199"`);
  });

  test("a plain number, negative included, is left as the number a spreadsheet reads", () => {
    expect(csvCell("-1250.00")).toBe('"-1250.00"');
    expect(csvCell(-42)).toBe('"-42"');
    expect(csvCell("350.00")).toBe('"350.00"');
    // Only a whole number with optional decimals: anything more after the sign is still guarded.
    expect(csvCell("-1250.00+cmd|' /C calc'!A0")).toBe(`"'-1250.00+cmd|' /C calc'!A0"`);
    expect(csvCell("-1e5")).toBe(`"'-1e5"`);
    expect(csvCell("+1250.00")).toBe(`"'+1250.00"`);
  });

  test("ordinary text is left alone", () => {
    expect(csvCell("Dana = partner")).toBe('"Dana = partner"');
    expect(csvCell("(312) 555-0199")).toBe('"(312) 555-0199"');
  });
});

test("toCsv: byte-order mark, header, CRLF rows", () => {
  expect(toCsv(["A", "B"], [["1", "=2"]])).toBe('\uFEFF"A","B"\r\n"1","\'=2"\r\n');
});
