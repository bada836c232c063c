/** GET /api/admin/setup: what the firm has still to set up before the product works for it in full. */
export const SETUP_API = "/api/admin/setup";

export const SETUP_STEP_IDS = ["people", "address", "letterTerms", "payment", "mail", "backups"] as const;
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
};

export type SetupList = { done: boolean; steps: SetupStep[] };
