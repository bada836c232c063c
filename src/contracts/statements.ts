import { addDays, monthStart } from "./firm-calendar";

/**
 * Statements of account as the desk and the portal read them (issue 30, ADR 254): the list either side gets and
 * where each PDF is downloaded.
 */

/** One issued statement, as listed. Amounts are integer cents; dates are the firm's calendar days. */
export type StatementSummary = {
  id: number;
  /** 1, 2, 3... for the engagement; never given twice. */
  number: number;
  /** The first day the statement covers (the day after the last statement's), null for the first one. */
  fromOn: string | null;
  throughOn: string;
  /** What the client owed on `throughOn`: positive they owe, negative in credit. */
  balanceCents: number;
  /** Whether the statement asks for the retainer to be replenished. */
  replenish: boolean;
  issuedAt: string;
  /** The PDF's path for the side that listed it. */
  pdfPath: string;
};

export const PORTAL_STATEMENTS_API = "/api/portal/statements";
export const staffStatementsApi = (submissionId: number) =>
  `/api/admin/submissions/${submissionId}/statements`;
export const portalStatementPdf = (id: number) => `${PORTAL_STATEMENTS_API}/${id}.pdf`;
export const staffStatementPdf = (submissionId: number, id: number) =>
  `${staffStatementsApi(submissionId)}/${id}.pdf`;

/** The dashboard's list of engagements whose last statement failed (ADR 282). */
export const STATEMENT_FAILURES_API = "/api/admin/statements/failed";

/** An engagement the monthly run could not state: tried again each day until a statement is issued for it. */
export type FailedStatement = {
  submissionId: number;
  reference: string;
  /** The last day the statement was to cover. */
  throughOn: string;
  reason: string;
  /** The firm's day of the last attempt. */
  failedOn: string;
  attempts: number;
};

/** "Statement 3": how a statement is named to the client and the desk. */
export const statementTitle = (number: number) => `Statement ${number}`;

/**
 * The day the desk's next statement is first set to cover through: the last day of the month before the firm's
 * today (ADR 292), the period a monthly statement states.
 */
export const lastDayOfPreviousMonth = (firmToday: string) => addDays(monthStart(firmToday), -1);
