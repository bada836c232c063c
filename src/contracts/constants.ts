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
export const TOAST_SWIPE_DIRECTION = "right";
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const DEFAULT_READING_TIME = "5 min read";
export const DEFAULT_RESOURCE_CATEGORY = "general";
