/**
 * Money as every screen, document, mail and file shows it, from whole cents: integer arithmetic only, so no float
 * ever holds money. Each style has one function; nothing else formats an amount.
 */
const partsOf = (cents: number) => {
  const abs = Math.abs(cents);
  return {
    sign: cents < 0 ? "-" : "",
    whole: (abs - (abs % 100)) / 100,
    cents: abs % 100 === 0 ? "" : String(abs % 100).padStart(2, "0"),
  };
};
const grouped = (whole: number) => whole.toLocaleString("en-US");

/** Prose and cards: "$1,500", "$1,500.50", "-$50". */
export function dollars(cents: number): string {
  const p = partsOf(cents);
  return `${p.sign}$${grouped(p.whole)}${p.cents ? `.${p.cents}` : ""}`;
}

/** Columns of amounts (a ledger, a statement), always to the cent: "-$1,250.00". */
export function money(cents: number): string {
  const p = partsOf(cents);
  return `${p.sign}$${grouped(p.whole)}.${p.cents || "00"}`;
}

/** What a file or a link carries (the accountant's CSV, a pay link's amount): "-1250.00". */
export function decimalDollars(cents: number): string {
  const p = partsOf(cents);
  return `${p.sign}${p.whole}.${p.cents || "00"}`;
}

/** What a form's amount field holds to be typed over: "1500" or "1500.50". */
export function plainDollars(cents: number): string {
  const p = partsOf(cents);
  return `${p.sign}${p.whole}${p.cents ? `.${p.cents}` : ""}`;
}
