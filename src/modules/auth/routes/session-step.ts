import type { SessionStep } from "../service";

/** Sends the session cookie a step opened, renewed or cleared, and answers with its result. */
export const withSession = <T>(set: { headers: Record<string, unknown> }, step: SessionStep<T>): T => {
  if (step.setCookie) set.headers["set-cookie"] = step.setCookie;
  return step.result;
};
