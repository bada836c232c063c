/**
 * Business constants and interface defaults (SPEC.md section 9), written once. Copy, service data, the
 * database defaults and the toast store all read from here.
 */
export const RESPONSE_SLA = "one business day";
export const EXPEDITE_HOURS = 72;
export const CONSULTATION_MINUTES = 15;
export const RECORDS_RETENTION_YEARS = 7;
export const DATA_RIGHTS_RESPONSE_DAYS = 30;
export const JUDGMENT_INTEL_CANCELLATION_DAYS = 30;
export const LOOK_BACK_YEARS = "3–5";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

export const DEFAULT_READING_TIME = "5 min read";
export const DEFAULT_RESOURCE_CATEGORY = "general";

/** Pricing rules of SPEC.md section 9, for copy that states them (service prices live in services.ts). */
export const FLAT_RATE_RANGE = "$1,500–$5,000";
export const ASSET_MAP_RUSH_FEE = "$1,000";
export const ASSET_MAP_JURISDICTION_ADD_ON = "$500–$1,000";
export const PUBLIC_DATA_CURRENCY_DAYS = "30–90";
export const TRANSACTION_TRACE_HOURLY_RATE = "$350";
export const ENCRYPTION_AT_REST = "AES-256";
