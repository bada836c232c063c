import type { Config } from "../../config";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { FirmCalendar, PersonOf } from "../desk";
import { portalMailLinks } from "../engagements";
import type { MailOutbox } from "../mail";
import { createStatementJobs } from "./jobs";
import { statementMailRenderers } from "./mail";
import type { StatementLedger } from "./model";
import { type StatementFailure, statementFailuresRepo } from "./repo/failures";
import { statementPortalRoutes, statementStaffRoutes } from "./routes";
import { createStatementsService, type StatementsServiceDeps } from "./service";

export { STATEMENTS_HELP, statementsCli } from "./cli";
export { type Failed, type MonthlyRun, STATEMENTS_JOB } from "./jobs";
export type { LedgerEntry, LedgerView, Retainer, StatementLedger } from "./model";
export type { StatementFailure } from "./repo/failures";
export { STATEMENT_ISSUED_MAIL, type StatementsService } from "./service";

/**
 * Statements of account as the app composes them (issue 30; ADRs 254 and 255): the service, the desk's and the
 * client's routes, the client's mail and the monthly run. The ledger is read through what it exports; the
 * calendar is the desk's business clock; the portal session comes from the portal through the app.
 */
export function createStatements(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  calendar: FirmCalendar;
  ledger: StatementLedger;
  /** Engagements with ledger entries: the ones the monthly run looks at. */
  engagementIds: () => readonly number[];
  engagements: StatementsServiceDeps["engagements"];
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake">;
  /** The engagement of the request's portal session, or the portal's 401 (src/modules/engagements). */
  requireSession: (request: Request) => number;
  personOf: PersonOf;
  logger: Logger;
  now: () => Date;
}) {
  const service = createStatementsService(deps);
  for (const [kind, render] of Object.entries(
    statementMailRenderers(
      deps.config,
      service,
      deps.personOf,
      portalMailLinks(deps.store, deps.config, deps.now),
    ),
  ))
    deps.outbox.register(kind, render);
  return {
    service,
    jobs: createStatementJobs({ ...deps, service }),
    staffRoutes: statementStaffRoutes({ service, auth: deps.auth, trustProxy: deps.config.trustProxy }),
    portalRoutes: statementPortalRoutes({ service, requireEngagement: deps.requireSession }),
  };
}

export type Statements = ReturnType<typeof createStatements>;

/**
 * The engagements whose last statement failed (ADR 282), oldest failure first: for the dashboard, the digest or
 * the metrics, read from the store without the rest of the feature.
 */
export const failedStatements = (store: Pick<DataStore, "db">): StatementFailure[] =>
  statementFailuresRepo(store).all();
