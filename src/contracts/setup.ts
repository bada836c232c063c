/** GET /api/admin/setup: what the firm has still to set up before the product works for it in full. */
export const SETUP_API = "/api/admin/setup";

/** POST: the owner's word that a copy of the data key the server made is kept off this machine (ADR 286). */
export const SETUP_DATA_KEY_COPY_API = `${SETUP_API}/data-key-copy`;

export const SETUP_STEP_IDS = [
  "dataKey",
  "people",
  "address",
  "letterTerms",
  "payment",
  "consultationPlace",
  "mail",
  "scanning",
  "backups",
] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

export type SetupStep = {
  id: SetupStepId;
  title: string;
  done: boolean;
  /** What is missing (or, once done, what was found), in a sentence. */
  detail: string;
  /** The admin screen where it is done, when it is done in the admin. */
  href?: string;
  /** The server settings that do it, when it is done in the server's environment file. */
  settings?: string[];
  /** An action the owner takes on the step itself (the data key's "a copy is kept elsewhere"). */
  action?: { label: string; api: string };
};

export type SetupList = { done: boolean; steps: SetupStep[] };
