/** The portal's calls, through the one client: a GET without a body, a POST with one; the answer says what went wrong. */
import type { PortalEngagement } from "../../src/contracts/portal";
import { type Answer, apiAnswer } from "../lib/api";

export type { Answer, PortalEngagement };

export const portalCall = <T>(path: string, body?: unknown, method?: "DELETE"): Promise<Answer<T>> =>
  apiAnswer<T>(method ?? (body === undefined ? "GET" : "POST"), `/api/portal${path}`, body);
