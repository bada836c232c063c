import type { Config } from "./config";
import { type contactSubmissions, createDueService } from "./modules/desk";
import { confirmationMessageId } from "./modules/mail";
import { engagementFacts } from "./modules/portal";
import type { DataStore } from "./store";

/**
 * What the server (src/app.ts) and the operator's commands (src/cli) build alike from one data store, built here
 * once so a command runs a job with the same pieces the server's timer does.
 */

/** The desk's due times on the firm's business clock (its `clock` is the firm's calendar every job reads). */
export const dueServiceOf = (store: DataStore, config: Config) =>
  createDueService({ store, config, now: store.clock, engagements: engagementFacts(store.db) });

/** Who a request's mail goes to, and the thread it joins: the consultation's, subscription's and statement's alike. */
export function personOfRequests(
  submissions: Pick<ReturnType<typeof contactSubmissions>, "byId">,
  config: Pick<Config, "publicUrl">,
) {
  return (submissionId: number) => {
    const s = submissions.byId(submissionId);
    return s
      ? {
          name: s.name,
          email: s.email,
          reference: s.reference,
          thread: confirmationMessageId(s.reference, config),
        }
      : null;
  };
}
