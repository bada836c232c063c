/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF between rows). A cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so intake text typed by anyone on the internet is never executed on a staff machine. A negative
 * number and nothing else ("-1250.00", the ledger's amounts) is left as it is: no formula can hide in it, and an
 * accountant's importer must read it as the number.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The header row, then one row per record. A byte-order mark lets Excel read the file as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) => cells.map((c) => csvCell(c as string)).join(",");
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
