import type { Config } from "../../config";
import type { Database } from "../../db/index";
import { documentFiles } from "./file-store";
import { portalDocumentRoutes } from "./portal-routes";
import { createDocumentsService } from "./service";

/** The documents feature as the app composes it: the portal's routes, and what other features call. */
export function createDocuments(deps: {
  db: Database;
  config: Config;
  sessionOf: (request: Request) => number | null;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const files = documentFiles(deps.config.dataDir);
  const service = createDocumentsService({ db: deps.db, config: deps.config, files, now });
  return {
    service,
    files,
    portalRoutes: portalDocumentRoutes({ service, sessionOf: deps.sessionOf, now }),
  };
}
