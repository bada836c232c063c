import type { Auth } from "../auth";
import type { SetupSources } from "./model";
import { setupRoutes } from "./routes";
import { createSetupService } from "./service";

export type { SetupSources } from "./model";

/**
 * The firm's setup list (issue 33): people and credentials, address and licences, letter terms, payment link,
 * mail and backups, each read from the feature that owns it. It owns no table.
 */
export function createSetup(deps: {
  auth: Pick<Auth, "requireAdmin">;
  sources: SetupSources;
  /** Records an owner's word that a copy of the data key is kept elsewhere (the database's record, ADR 286). */
  confirmKeyCopy: (by: string) => void;
}) {
  const service = createSetupService(deps.sources);
  return { routes: setupRoutes(deps.auth, service, deps.confirmKeyCopy), service };
}
