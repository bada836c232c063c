import type { Config } from "../../config";
import type { PageContent } from "../../contracts/page-data";
import { PATHS } from "../../contracts/paths";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import { privacyRoutes } from "./routes";
import { createDataRequests } from "./service/data-requests";
import { createRetention } from "./service/retention";

/**
 * Data and privacy: the retention policy with its daily purge, and data-rights requests. `module` is the admin
 * API; `pageContent` gives the privacy page the live policy; `retention.startDaily()` is the server's timer.
 */
export function createPrivacy(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  logger?: Logger;
  now: () => Date;
  /** The privacy page states the policy: a change must reach it at once (the page cache is cleared). */
  onPolicyChanged?: () => void;
}) {
  const retention = createRetention({ ...deps, timeZone: deps.config.desk.timeZone });
  const requests = createDataRequests({
    store: deps.store,
    dataDir: deps.config.dataDir,
    now: deps.now,
    timeZone: deps.config.desk.timeZone,
    firm: deps.config.brand.name,
  });
  return {
    module: privacyRoutes({ config: deps.config, auth: deps.auth, retention, requests }),
    retention,
    /** The privacy page's database content: the policy its retention sentences state. */
    pageContent: (pathname: string): PageContent | undefined =>
      pathname === PATHS.privacy ? { path: pathname, retention: retention.policy() } : undefined,
  };
}

export type Privacy = ReturnType<typeof createPrivacy>;

export { RETENTION_HELP, retentionCli } from "./cli";
// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { dataRequestsRepo } from "./repo/data-requests";
export { DATA_REQUESTS_API, RETENTION_API } from "./routes";
