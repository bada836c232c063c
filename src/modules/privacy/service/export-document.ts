import {
  MATTER_TYPE_LABELS,
  ROLE_LABELS,
  SERVICE_LABELS,
  SUBJECT_TYPE_LABELS,
} from "../../../contracts/intake-labels";
import { MAIL_KIND_LABELS } from "../../../contracts/mail-kinds";
import { money } from "../../../contracts/money";
import { DATA_REQUEST_KIND_LABELS } from "../../../contracts/privacy";
import { formatDateTime, formatDay } from "../../../contracts/time-format";

/**
 * What a data-rights export gives the person (issue 45): a document they can read, and the same facts as JSON for
 * another service to take in. Neither carries the firm's plumbing: the outbox's row ids, attempt counts, retry
 * times and errors, keyed hashes, tokens, each row's own id. Those are how the server works, not data about them;
 * what each mail was, and whether and when it went, is. (A payment's `submissionId` stays: it says which of their
 * requests the payment went to, and the JSON's reader needs that link.)
 */

/** Keys that name the server's machinery, never a fact about the person. */
const INTERNAL = new Set([
  "id",
  "attempts",
  "nextAttemptAt",
  "lastError",
  "keyWait",
  "emailHash",
  "hash",
  "token",
  "tokenHash",
  "emailError",
  "sessionId",
]);
const isInternal = (key: string) => INTERNAL.has(key) || /(Hash|Token)$/.test(key);

/** A copy of the export with the machinery's keys left out, at every depth. */
export function personFacing(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(personFacing);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !isInternal(k) && v !== undefined)
        .map(([k, v]) => [k, personFacing(v)]),
    );
  }
  return value;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The labels the intake form shows, for the fields it asked. */
const CHOICES: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  matterType: MATTER_TYPE_LABELS,
  subjectType: SUBJECT_TYPE_LABELS,
  desiredService: SERVICE_LABELS,
  kind: { ...MAIL_KIND_LABELS, ...DATA_REQUEST_KIND_LABELS },
};

const MAIL_STATES: Record<string, string> = {
  pending: "Not sent yet",
  sent: "Sent",
  failed: "Could not be delivered",
};

/** "receivedAt" → "Received at"; "desiredService" → "Desired service". */
const labelOf = (key: string) => {
  const words = key
    .replace(/(Cents|Base64)$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One value as the person reads it: dates in the firm's zone, amounts in dollars, choices by their labels. */
function valueText(key: string, value: unknown, timeZone: string): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return key.endsWith("Cents") ? money(value) : String(value);
  if (typeof value === "string") {
    // A PDF carried in the JSON is unreadable as text: the document says where it is.
    if (key.endsWith("Base64")) return "A PDF, included in the JSON file beside this document (base64).";
    const label = CHOICES[key]?.[value];
    if (label) return label;
    if (key === "state" && MAIL_STATES[value]) return MAIL_STATES[value];
    if (INSTANT.test(value)) return formatDateTime(value, timeZone);
    if (DAY.test(value)) return formatDay(value);
    return value;
  }
  return "";
}

/** A record's plain fields as a definition list; its lists and records below it, each under its own heading. */
function recordHtml(record: Record<string, unknown>, timeZone: string, depth: number): string {
  const plain = Object.entries(record).filter(([, v]) => v === null || typeof v !== "object");
  const nested = Object.entries(record).filter(([, v]) => v !== null && typeof v === "object");
  const rows = plain
    .map(
      ([k, v]) =>
        `<dt>${escapeHtml(labelOf(k))}</dt><dd>${escapeHtml(valueText(k, v, timeZone)).replace(/\n/g, "<br>")}</dd>`,
    )
    .join("");
  const heading = `h${Math.min(6, depth)}`;
  const below = nested
    .map(
      ([k, v]) =>
        `<section><${heading}>${escapeHtml(labelOf(k))}</${heading}>${blockHtml(v, timeZone, depth + 1)}</section>`,
    )
    .join("");
  return `${rows ? `<dl>${rows}</dl>` : ""}${below}`;
}

function blockHtml(value: unknown, timeZone: string, depth: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "<p>None.</p>";
    return `<ol>${value
      .map((item) =>
        item && typeof item === "object"
          ? `<li>${recordHtml(item as Record<string, unknown>, timeZone, depth)}</li>`
          : `<li>${escapeHtml(valueText("", item, timeZone))}</li>`,
      )
      .join("")}</ol>`;
  }
  if (value && typeof value === "object")
    return recordHtml(value as Record<string, unknown>, timeZone, depth);
  return `<p>${escapeHtml(valueText("", value, timeZone))}</p>`;
}

/** What each part of an intake's record is, in the person's words. */
const PARTS: [key: string, title: string][] = [
  ["submission", "What you told us"],
  ["replies", "Our replies to you"],
  ["responses", "How we answered you another way"],
  ["mail", "Emails about this request"],
  ["notes", "Notes our staff made"],
  ["engagement", "Your engagement"],
  ["consultations", "Consultations"],
  ["documents", "Documents (the files are in this archive, where each one says)"],
];

/**
 * The export as one HTML document the person opens in any browser: who asked and when, then each request they
 * made with what they told the firm, the firm's replies, mail, notes, engagement, consultations and documents,
 * then their payments. Takes the person-facing copy (personFacing), so it shows nothing the JSON leaves out.
 */
export function exportHtml(
  doc: {
    exportedAt: string;
    request: Record<string, unknown>;
    intakes: Record<string, unknown>[];
    payments: unknown;
  },
  opts: { firm: string; timeZone: string },
): string {
  const { firm, timeZone } = opts;
  const intakes = doc.intakes
    .map((intake) => {
      const submission = (intake.submission ?? {}) as Record<string, unknown>;
      const title = `Request ${String(submission.reference ?? "")}`.trim();
      const parts = PARTS.filter(([key]) => key in intake)
        .map(
          ([key, heading]) =>
            `<section><h3>${escapeHtml(heading)}</h3>${
              intake[key] === null ? "<p>None.</p>" : blockHtml(intake[key], timeZone, 4)
            }</section>`,
        )
        .join("");
      return `<section><h2>${escapeHtml(title)}</h2>${parts}</section>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data held by ${escapeHtml(firm)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a2233; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3, h4 { color: #13233f; } h2 { border-top: 1px solid #ccd; padding-top: 1rem; margin-top: 2rem; }
dl { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: .25rem 1rem; }
dt { color: #4a5468; } dd { margin: 0; overflow-wrap: anywhere; } ol { padding-left: 1.25rem; } li { margin-bottom: .75rem; }
</style>
</head>
<body>
<h1>Your data held by ${escapeHtml(firm)}</h1>
<p>Everything ${escapeHtml(firm)} holds that came from, or is about, the address below, as of ${escapeHtml(
    formatDateTime(doc.exportedAt, timeZone),
  )}. Times are in the firm's time zone. The same facts are in the JSON file beside this one, for another service to read.</p>
${blockHtml(doc.request, timeZone, 2)}
${intakes || "<p>No intake requests were found from this address.</p>"}
<section><h2>Payments</h2>${blockHtml(doc.payments, timeZone, 3)}</section>
</body>
</html>
`;
}
