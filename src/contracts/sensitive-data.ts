/**
 * The intake form promises it holds no sensitive data, so free text is checked for the three things people
 * most often paste by mistake: Social Security numbers, payment card numbers and bank routing numbers given
 * with an account number. The same function runs in the browser (warning on blur) and on the server
 * (refusing the request), so both always agree.
 *
 * Each rule needs structure, not just digits, so what attorneys routinely write passes: phone numbers
 * (3-3-4), dates, dollar amounts, case, docket and parcel numbers.
 */
export type SensitiveKind = "ssn" | "card" | "bank";

const WHY =
  "This form is not a secure channel; we collect sensitive identifiers only after engagement, through our secure portal.";

export const SENSITIVE_MESSAGES: Record<SensitiveKind, string> = {
  ssn: `Please remove the Social Security number. ${WHY}`,
  card: `Please remove the payment card number. ${WHY}`,
  bank: `Please remove the bank routing and account numbers. ${WHY}`,
};

/** The first kind of sensitive data found in the text, or null. */
export function findSensitiveData(text: string): SensitiveKind | null {
  if (containsSsn(text)) return "ssn";
  if (containsCardNumber(text)) return "card";
  if (containsRoutingWithAccount(text)) return "bank";
  return null;
}

// --- Social Security numbers -----------------------------------------------------------------------------

/** 3-2-4 digits with the same separator (dash, space or dot) both times, not part of a longer number. */
const SSN_FORMATTED = /(?<![\d-])(\d{3})([- .])(\d{2})\2(\d{4})(?![\d-])/g;
/** Nine bare digits are only an SSN when the text says so nearby. */
const SSN_KEYWORD =
  /\b(?:ssn|ss#|soc(?:ial)?\.?\s*sec(?:urity)?\.?(?:\s*(?:no|number|#))?|taxpayer id|tin)\b/i;
const NINE_DIGITS = /(?<![\d-])(\d{3})(\d{2})(\d{4})(?![\d-])/g;

function plausibleSsn(area: string, group: string, serial: string): boolean {
  if (area === "000" || area === "666" || area.startsWith("9")) return false;
  return group !== "00" && serial !== "0000";
}

function containsSsn(text: string): boolean {
  for (const m of text.matchAll(SSN_FORMATTED)) {
    if (plausibleSsn(m[1]!, m[3]!, m[4]!)) return true;
  }
  for (const m of text.matchAll(NINE_DIGITS)) {
    if (!plausibleSsn(m[1]!, m[2]!, m[3]!)) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (SSN_KEYWORD.test(before)) return true;
  }
  return false;
}

// --- Payment cards -----------------------------------------------------------------------------------------

/** 13 to 19 digits, optionally grouped by single spaces or dashes, not part of a longer number. */
const CARD_CANDIDATE = /(?<![\d.,/-])\d(?:[ -]?\d){12,18}(?![\d/]|[.,-]\d)/g;

/** Issuer prefixes of the networks in use (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay). */
const CARD_PREFIX =
  /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|3(?:0[0-5]|[68])|35|6(?:011|5|4[4-9]|2))/;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function containsCardNumber(text: string): boolean {
  for (const m of text.matchAll(CARD_CANDIDATE)) {
    const raw = m[0];
    // Grouped numbers use one separator style throughout (4111 1111 1111 1111 or 4111-1111-1111-1111).
    if (raw.includes(" ") && raw.includes("-")) continue;
    const digits = raw.replace(/\D/g, "");
    if (digits.length < 13 || digits.length > 19) continue;
    if (/^(\d)\1+$/.test(digits)) continue;
    if (CARD_PREFIX.test(digits) && luhnValid(digits)) return true;
  }
  return false;
}

// --- Bank routing (ABA) with an account number ------------------------------------------------------------

const BARE_NUMBER = /(?<![\d.,/$-])\d{4,17}(?![\d/]|[.,-]\d)/g;
const BANK_WORDS = /\b(?:routing|aba|rtn|account|acct|a\/c|checking|savings|wire|ach|bank)\b/i;
/** Federal Reserve routing symbols: 00-12, 21-32 (thrifts), 61-72 (electronic), 80 (traveller's cheques). */
const ROUTING_PREFIX = /^(?:0\d|1[0-2]|2[1-9]|3[0-2]|6[1-9]|7[0-2]|80)/;

export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || !ROUTING_PREFIX.test(digits) || /^0+$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/**
 * A checksum-valid routing number alone is too common by chance (one nine-digit number in ten passes), so it
 * counts only with an account-like number (5 to 17 bare digits) within 80 characters and a banking word.
 */
function containsRoutingWithAccount(text: string): boolean {
  if (!BANK_WORDS.test(text)) return false;
  const numbers = [...text.matchAll(BARE_NUMBER)].map((m) => ({ value: m[0], at: m.index }));
  for (const routing of numbers) {
    if (routing.value.length !== 9 || !abaValid(routing.value)) continue;
    const account = numbers.find(
      (n) => n !== routing && n.value.length >= 5 && Math.abs(n.at - routing.at) <= 80,
    );
    if (account) return true;
  }
  return false;
}
