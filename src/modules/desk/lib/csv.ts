/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF between rows). A cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so intake text typed by anyone on the internet is never executed on a staff machine.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The header row, then one row per record. A byte-order mark lets Excel read the file as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) => cells.map((c) => csvCell(c as string)).join(",");
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
