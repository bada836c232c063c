import { Elysia } from "elysia";
import { actorFrom, attachment, requireId } from "../../http/admin-http";
import type { Auth } from "../auth";
import { toCsv } from "../desk";
import {
  AdjustmentSchema,
  ExpenseEntrySchema,
  LedgerCsvQuery,
  SubmissionParams,
  TimeEntrySchema,
} from "./model";
import type { LedgerService, StaffWrite } from "./service";

export const LEDGER_CSV_API = "/api/admin/ledger.csv";
/** The accountant's columns, in the order QuickBooks' and Xero's importers map them (ADR 252). */
export const LEDGER_CSV_HEADER = ["Date", "Client", "Reference", "Type", "Description", "Amount"] as const;

/**
 * The desk's ledger of a request's engagement, and the accountant's file of every entry. A route with a body
 * checks its request first (the transform hook runs ahead of the schema): an unknown request or one without an
 * engagement is the 404, whatever was sent with it. Every write is audited under the admin's name.
 */
export function ledgerRoutes(deps: {
  service: LedgerService;
  auth: Pick<Auth, "requireAdmin">;
  trustProxy: boolean;
}) {
  const { service } = deps;
  const actor = actorFrom(deps.trustProxy);
  const engagementFirst = ({ params }: { params: { id: string } }) =>
    service.requireEngagement(requireId(params.id));
  /** 201 for the press that wrote the entry; 200 for the same press arriving again (the entry it wrote). */
  const answer = (set: { status?: number | string }, write: StaffWrite) => {
    set.status = write.created ? 201 : 200;
    return write.view;
  };

  const submissions = new Elysia({ name: "ledger-staff", prefix: "/api/admin/submissions/:id" })
    .use(deps.auth.requireAdmin)
    .get(
      "/ledger",
      ({ params, set }) => {
        set.headers["cache-control"] = "no-store";
        return service.forSubmission(requireId(params.id));
      },
      { params: SubmissionParams },
    )
    .post(
      "/time",
      ({ admin, request, server, params, body, set }) => {
        return answer(set, service.recordTime(requireId(params.id), body, actor(admin, request, server)));
      },
      { params: SubmissionParams, body: TimeEntrySchema, transform: engagementFirst },
    )
    .post(
      "/expenses",
      ({ admin, request, server, params, body, set }) => {
        return answer(set, service.recordExpense(requireId(params.id), body, actor(admin, request, server)));
      },
      { params: SubmissionParams, body: ExpenseEntrySchema, transform: engagementFirst },
    )
    .post(
      "/ledger/adjustments",
      ({ admin, request, server, params, body, set }) => {
        return answer(set, service.adjust(requireId(params.id), body, actor(admin, request, server)));
      },
      { params: SubmissionParams, body: AdjustmentSchema, transform: engagementFirst },
    );

  const accountant = new Elysia({ name: "ledger-csv" }).use(deps.auth.requireAdmin).get(
    LEDGER_CSV_API,
    ({ admin, request, server, query }) => {
      const rows = service.csvRows(query.from, query.to, actor(admin, request, server));
      return attachment(
        toCsv(LEDGER_CSV_HEADER, rows),
        "text/csv; charset=utf-8",
        `ledger-${query.from}-to-${query.to}.csv`,
      );
    },
    { query: LedgerCsvQuery },
  );

  return new Elysia({ name: "ledger" }).use(submissions).use(accountant);
}
