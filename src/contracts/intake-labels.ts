import type { DESIRED_SERVICES, MATTER_TYPES, ROLES, SUBJECT_TYPES } from "./intake";
import { SERVICES } from "./services";

/**
 * The intake's choices as people read them: the form, the desk, its CSV and the mails all show these words.
 * The values are the contract's (intake.ts); only their labels live here.
 */
export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  attorney: "Attorney",
  fiduciary: "Fiduciary (executor, administrator, trustee)",
  individual: "Individual",
};

export const MATTER_TYPE_LABELS: Record<(typeof MATTER_TYPES)[number], string> = {
  "family-law": "Family law (divorce)",
  "probate-estate": "Probate / estate",
  commercial: "Commercial dispute",
  other: "Other",
};

export const SUBJECT_TYPE_LABELS: Record<(typeof SUBJECT_TYPES)[number], string> = {
  individual: "An individual",
  entity: "An entity (company, trust, partnership)",
  both: "Both",
};

export const SERVICE_LABELS: Record<(typeof DESIRED_SERVICES)[number], string> = {
  ...(Object.fromEntries(SERVICES.map((s) => [s.id, s.name])) as Record<
    Exclude<(typeof DESIRED_SERVICES)[number], "other">,
    string
  >),
  other: "Not sure yet / other",
};
