import { daysBetween } from "../../../contracts/firm-calendar";
import { type IntakeReceipt, isIntakeReceipt } from "../../../contracts/intake";
import { formatTime, formatWeekday, formatWeekdayDateTime } from "../../../contracts/time-format";
import type { BusinessClock } from "../../desk";

/**
 * The receipt of a filed request (ADR 098): its reference and when the firm answers, computed on the desk's
 * business clock from an injected now. /thanks reads it back from a short-lived cookie of its own, sent only to
 * /thanks and only by the browser that filed the request; the URL never carries it.
 */
export const RECEIPT_COOKIE = "tw_intake_receipt";
/** Long enough to read the page and reload it; the confirmation e-mail keeps the reference for good. */
export const RECEIPT_MAX_AGE_S = 30 * 60;

/**
 * A due time on the firm's clock as the sender reads it on the day they write, in the one formatter's words
 * (ADR 266): "5:00 PM EST today", "Tuesday 12:51 PM EST" within the coming week, "Monday, 4 Jan 2027, 5:00 PM
 * EST" beyond it.
 */
export function respondByText(clock: BusinessClock, due: Date, now: Date): string {
  const at = clock.local(due);
  const zone = clock.settings.timeZone;
  const time = formatTime(due, zone);
  const today = clock.local(now).date;
  if (at.date === today) return `${time} today`;
  const days = daysBetween(today, at.date);
  if (days > 0 && days < 7) return `${formatWeekday(at.date, "long")} ${time}`;
  return formatWeekdayDateTime(due, zone, "long");
}

/** The receipt of a request that arrived at `arrival`. */
export function makeReceipt(
  clock: BusinessClock,
  input: { reference: string; arrival: Date; confirmation: IntakeReceipt["confirmation"] },
): IntakeReceipt {
  const due = clock.dueAt(input.arrival);
  return {
    reference: input.reference,
    respondBy: due.toISOString(),
    respondByText: respondByText(clock, due, input.arrival),
    confirmation: input.confirmation,
  };
}

/**
 * The Set-Cookie header for a receipt: the reference, the due instant and the mail state, nothing the sender
 * typed. Path=/thanks and SameSite=Strict: no other page and no other site's request carries it.
 */
export function receiptCookie(receipt: IntakeReceipt, secure: boolean): string {
  const value = `${receipt.reference}~${Date.parse(receipt.respondBy)}~${receipt.confirmation}`;
  return [
    `${RECEIPT_COOKIE}=${value}`,
    "Path=/thanks",
    `Max-Age=${RECEIPT_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

const COOKIE_VALUE = /^(IR-\d{6}-[2-9A-Z]{4})~(\d{1,15})~(queued|delayed)$/;

/**
 * The receipt a request's Cookie header holds, its due time written for `now`; null when there is none or it
 * is not one of ours. Nothing is looked up: the page shows what the cookie says and no stored request.
 */
export function receiptFromCookie(
  header: string | null,
  clock: BusinessClock,
  now: Date,
): IntakeReceipt | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== RECEIPT_COOKIE) continue;
    const m = COOKIE_VALUE.exec(rest.join("="));
    if (!m) return null;
    const due = new Date(Number(m[2]));
    const receipt = {
      reference: m[1],
      respondBy: Number.isNaN(due.getTime()) ? "" : due.toISOString(),
      respondByText: Number.isNaN(due.getTime()) ? "" : respondByText(clock, due, now),
      confirmation: m[3],
    };
    return isIntakeReceipt(receipt) ? receipt : null;
  }
  return null;
}
