import { Elysia } from "elysia";
import {
  type FailedStatement,
  PORTAL_STATEMENTS_API,
  portalStatementPdf,
  STATEMENT_FAILURES_API,
  type StatementSummary,
  staffStatementPdf,
} from "../../contracts/statements";
import { SUBMISSIONS_API } from "../../contracts/submissions";
import { actorFrom, requireId } from "../../http/admin-http";
import type { Auth } from "../auth";
import {
  IssueBody,
  STATEMENT_MESSAGES as M,
  PortalStatementParams,
  StatementParams,
  SubmissionParams,
  statementIdOf,
} from "./model";
import type { StatementRow } from "./repo/statements";
import type { StatementsService } from "./service";

const STAFF_API = SUBMISSIONS_API;

const summary = (row: StatementRow, pdfPath: string): StatementSummary => ({
  id: row.id,
  number: row.number,
  fromOn: row.fromOn,
  throughOn: row.throughOn,
  balanceCents: row.balanceCents,
  replenish: row.replenish,
  issuedAt: row.issuedAt,
  pdfPath,
});

/** A statement's PDF, saved as a file and never cached (its path is a download's, src/http/security.ts). */
const pdfResponse = ({ bytes, filename }: { bytes: Uint8Array; filename: string }) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });

const noStore = (set: { headers: Record<string, unknown> }) => {
  set.headers["cache-control"] = "no-store";
};

/**
 * The desk's statements of a request: the list, the next one issued, each PDF; and, for the dashboard, the
 * engagements whose last statement failed.
 */
export function statementStaffRoutes(deps: {
  service: StatementsService;
  auth: Pick<Auth, "requireAdmin">;
  trustProxy: boolean;
}) {
  const { service } = deps;
  const actor = actorFrom(deps.trustProxy);
  const submission = (raw: string) => requireId(raw, M.noEngagement);
  const failed = new Elysia({ name: "statements-failed" })
    .use(deps.auth.requireAdmin)
    .get(STATEMENT_FAILURES_API, ({ set }): { failed: FailedStatement[] } => {
      noStore(set);
      return {
        failed: service.failures().map(({ engagementId: _, failedAt: __, ...f }) => f),
      };
    });
  const submissions = new Elysia({ name: "statements-submissions", prefix: STAFF_API })
    .use(deps.auth.requireAdmin)
    .get(
      "/:id/statements",
      ({ params, set }) => {
        noStore(set);
        const id = submission(params.id);
        return {
          statements: service.listForSubmission(id).map((s) => summary(s, staffStatementPdf(id, s.id))),
        };
      },
      { params: SubmissionParams },
    )
    .post(
      "/:id/statements",
      async ({ admin, request, server, params, body, set }) => {
        const id = submission(params.id);
        const issued = await service.issueForSubmission(id, body.through, actor(admin, request, server));
        set.status = 201;
        return { statement: issued };
      },
      { params: SubmissionParams, body: IssueBody },
    )
    .get(
      "/:id/statements/:file",
      ({ params }) =>
        pdfResponse(service.pdfForSubmission(submission(params.id), requireId(pdfId(params.file), M.none))),
      { params: StatementParams },
    );
  return new Elysia({ name: "statements-staff" }).use(submissions).use(failed);
}

/** "12.pdf" as the id's digits, anything else as what requireId refuses. */
const pdfId = (file: string) => String(statementIdOf(file) ?? "");

/**
 * The client's statements: the list and each PDF, found from the portal session's engagement only, so one
 * engagement's session never reads another's statement (its id answers 404).
 */
export function statementPortalRoutes(deps: {
  service: StatementsService;
  requireEngagement: (request: Request) => number;
}) {
  const { service, requireEngagement } = deps;
  return new Elysia({ name: "statements-portal", prefix: PORTAL_STATEMENTS_API })
    .get("/", ({ request, set }) => {
      noStore(set);
      const engagementId = requireEngagement(request);
      return { statements: service.list(engagementId).map((s) => summary(s, portalStatementPdf(s.id))) };
    })
    .get(
      "/:file",
      ({ request, params }) => {
        const engagementId = requireEngagement(request);
        return pdfResponse(service.pdf(engagementId, requireId(pdfId(params.file), M.none)));
      },
      { params: PortalStatementParams },
    );
}
