import type { EngagementDraft, EngagementView } from "../../../src/contracts/portal";
import { SUBMISSIONS_API as DESK_API } from "../../../src/contracts/submissions";

/** The desk's engagement calls, under the request they belong to. */
export const engagementApi = {
  one: (id: number) => `${DESK_API}/${id}/engagement`,
  letter: (id: number) => `${DESK_API}/${id}/engagement/letter.pdf`,
  /** The PDF a preview showed: the draft laid out at the preview's instant, the very bytes a send with it sends. */
  previewLetter: (id: number, dated: string) =>
    `${DESK_API}/${id}/engagement/letter.pdf?dated=${encodeURIComponent(dated)}`,
  preview: (id: number) => `${DESK_API}/${id}/engagement/preview`,
  send: (id: number) => `${DESK_API}/${id}/engagement/send`,
  withdraw: (id: number) => `${DESK_API}/${id}/engagement/withdraw`,
  countersign: (id: number) => `${DESK_API}/${id}/engagement/countersign`,
  payments: (id: number) => `${DESK_API}/${id}/engagement/payments`,
  access: (id: number) => `${DESK_API}/${id}/engagement/access`,
  device: (id: number, deviceId: number) => `${DESK_API}/${id}/engagement/access/devices/${deviceId}`,
  passkey: (id: number, passkeyId: number) => `${DESK_API}/${id}/engagement/access/passkeys/${passkeyId}`,
};

/**
 * GET .../engagement: the engagement, or what the desk pre-fills from the request's service; and the server's
 * settings a letter cannot be sent without that are missing (their variable names).
 */
export type EngagementAnswer = (
  | { engagement: EngagementView }
  | { engagement: null; defaults: EngagementDraft }
) & { missingSettings?: string[] };

/** "1500" or "1,500.50" typed as dollars, in cents; NaN when it is not an amount. */
export function centsOf(dollars: string): number {
  const clean = dollars.replaceAll(",", "").replace(/^\$/, "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

export const EVENT_LABELS: Record<string, string> = {
  sent: "Link emailed",
  withdrawn: "Letter withdrawn",
  opened: "Portal opened",
  "letter-opened": "Letter opened",
  consented: "Consent given",
  signed: "Letter signed",
  countersigned: "Countersigned for the firm",
  declined: "Letter declined",
  reminded: "Reminder emailed",
  expired: "Letter expired unsigned",
  payment: "Payment recorded",
  "work-started": "Work started",
  "device-kept": "Device kept signed in",
  "device-opened": "Portal opened on a kept device",
  "passkey-added": "Passkey added",
  "passkey-opened": "Portal opened with a passkey",
};
