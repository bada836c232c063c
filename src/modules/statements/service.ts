import type { Config } from "../../config";
import { ConflictError, IntegrityError, InvalidError, NotFoundError } from "../../contracts/errors";
import { payInstructions, payLink } from "../../contracts/payments";
import { sha256 } from "../../lib/hash";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Actor } from "../audit";
import { appendAudit } from "../audit";
import type { FirmCalendar, PersonOf } from "../desk";
import { sumCents } from "../ledger";
import { renderStatement } from "./lib/statement-pdf";
import {
  asStated,
  dayAfter,
  entriesToState,
  type LedgerEntry,
  STATEMENT_MESSAGES as M,
  replenishDue,
  type StatementLedger,
} from "./model";
import { type StatementFailure, statementFailuresRepo } from "./repo/failures";
import { type StatementRow, statementsRepo } from "./repo/statements";

/** The client is told a statement was issued (ref_id: the statement). */
export const STATEMENT_ISSUED_MAIL = "statement-issued";

/** An engagement as statements know it: which request it is. */
export type EngagementRef = { id: number; submissionId: number };

/** Who issues: staff (audited under their name) or the monthly run. */
export type IssuingParty = { by: "staff"; actor: Actor } | { by: "schedule" };

export type StatementsOutbox = {
  enqueue(mail: { kind: string; submissionId?: number | null; refId?: number | null }): number | null;
  wake(): void;
};

export type Issued = { id: number; engagementId: number; number: number; throughOn: string };

export type StatementsServiceDeps = {
  store: DataStore;
  config: Pick<Config, "brand" | "portal" | "statements">;
  calendar: FirmCalendar;
  ledger: StatementLedger;
  /** The engagement of a request, or of an id (the portal's). */
  engagements: {
    ofSubmission(submissionId: number): EngagementRef | null;
    byId(engagementId: number): EngagementRef | null;
  };
  personOf: PersonOf;
  outbox: StatementsOutbox;
  logger?: Logger;
  now: () => Date;
};

/**
 * Statements of account (issue 30, ADR 254): the next numbered statement of an engagement, made from its ledger
 * through a day, kept as issued and told to the client; the list and the PDFs either side reads.
 */
export function createStatementsService(deps: StatementsServiceDeps) {
  const { store, config, calendar, ledger, engagements, personOf, outbox, now } = deps;
  const { db } = store;
  const repo = statementsRepo(store);
  const failures = statementFailuresRepo(store);
  const today = () => calendar.local(now()).date;

  /** What the next statement through `through` would show, or null when nothing new was recorded by then. */
  function pending(engagementId: number, through: string) {
    // Every figure as the ledger stood at the end of `through`: what was recorded for later days is not in it.
    const standing = ledger.asOf(engagementId, through);
    const issued = repo.list(engagementId);
    const [last] = issued;
    const unstated = entriesToState(standing.entries, repo.statedEntries(engagementId), through);
    if (unstated.length === 0) return null;
    const { balanceCents } = standing;
    const stated = sumCents(unstated);
    // The period starts the day after the last one ended: periods follow each other and never overlap. An entry
    // recorded late for a day the last statement covered is listed here, marked late (ADR 292).
    const entries = asStated(unstated, standing.entries, issued);
    return {
      fromOn: last ? dayAfter(last.throughOn) : null,
      last: last ?? null,
      number: (last?.number ?? 0) + 1,
      entries,
      balanceCents,
      openingCents: balanceCents - stated,
      retainer: standing.retainer,
      due: standing.due ?? { amountDueCents: 0, dueOn: null },
    };
  }

  function requireEngagementOf(submissionId: number): EngagementRef {
    const engagement = engagements.ofSubmission(submissionId);
    if (!engagement) throw new NotFoundError(M.noEngagement);
    return engagement;
  }

  async function issue(engagement: EngagementRef, through: string, party: IssuingParty): Promise<Issued> {
    const firmToday = today();
    if (through > firmToday) throw new InvalidError({ through: [M.future(firmToday)] });
    const next = pending(engagement.id, through);
    const lastThrough = repo.list(engagement.id)[0]?.throughOn;
    if (lastThrough && through < lastThrough)
      throw new InvalidError({ through: [M.beforeLast(lastThrough)] });
    if (!next) throw new ConflictError(M.nothingNew(through), "through");
    const person = personOf(engagement.submissionId);
    if (!person) throw new NotFoundError(M.noEngagement);
    const at = now();
    const percent = config.statements.replenishPercent;
    const replenish = replenishDue(next.retainer, percent);
    const { due } = next;
    const pdf = await renderStatement(
      config.brand,
      {
        number: next.number,
        reference: person.reference,
        clientName: person.name,
        fromOn: next.fromOn,
        throughOn: through,
        issuedOn: firmToday,
        entries: next.entries,
        openingCents: next.openingCents,
        balanceCents: next.balanceCents,
        retainer: next.retainer,
        replenish: replenish ? { percent } : null,
        payment: {
          ...due,
          url:
            due.amountDueCents > 0
              ? payLink(config.portal.paymentUrl, person.reference, due.amountDueCents)
              : null,
          instructions: payInstructions(
            config.portal.paymentInstructions,
            person.reference,
            due.amountDueCents,
          ),
        },
      },
      at,
    );
    // The PDF took a moment: a statement issued meanwhile (a second press, the monthly run) wins, this one is
    // refused, so no number is given twice and no entry is stated twice.
    const id = db.transaction(() => {
      if ((repo.list(engagement.id)[0]?.number ?? 0) !== next.number - 1) throw new ConflictError(M.raced);
      const id = repo.insert({
        engagementId: engagement.id,
        submissionId: engagement.submissionId,
        number: next.number,
        fromOn: next.fromOn,
        throughOn: through,
        entryIds: next.entries.map((e) => e.id),
        balanceCents: next.balanceCents,
        replenish,
        pdf,
        issuedBy: party.by,
        issuedAt: at,
      });
      appendAudit(db, {
        event: "statement.issued",
        ...(party.by === "staff"
          ? {
              userId: party.actor.id,
              username: party.actor.username,
              clientAddress: party.actor.clientAddress,
            }
          : {}),
        detail: {
          submissionId: engagement.submissionId,
          statement: next.number,
          through,
          ...(party.by === "schedule" ? { by: "schedule" } : {}),
        },
        at,
      });
      outbox.enqueue({ kind: STATEMENT_ISSUED_MAIL, submissionId: engagement.submissionId, refId: id });
      // Stated at last: a failure the monthly run recorded for it is over.
      failures.clear(engagement.id);
      return id;
    })();
    outbox.wake();
    return { id, engagementId: engagement.id, number: next.number, throughOn: through };
  }

  /** The PDF exactly as issued; bytes that no longer match what was issued are refused, never served. */
  function pdfOf(row: StatementRow): { bytes: Buffer; filename: string } {
    const bytes = repo.pdf(row.id);
    if (!bytes || sha256(bytes) !== row.sha256) {
      deps.logger?.error("statement_integrity_failed", { statementId: row.id });
      throw new IntegrityError("This statement's stored copy failed its check. The firm has been told.", {
        statementId: row.id,
      });
    }
    const reference = personOf(row.submissionId)?.reference ?? "statement";
    return { bytes, filename: `${reference}-statement-${row.number}.pdf` };
  }

  return {
    today,
    /** Staff issue the next statement of a request's engagement through a day that has passed. */
    issueForSubmission: (submissionId: number, through: string, actor: Actor) =>
      issue(requireEngagementOf(submissionId), through, { by: "staff", actor }),
    issue,
    /** The engagement's statements, newest first. */
    list: (engagementId: number) => repo.list(engagementId),
    listForSubmission: (submissionId: number) => {
      const engagement = engagements.ofSubmission(submissionId);
      return engagement ? repo.list(engagement.id) : [];
    },
    /** One statement's PDF, only when it is the engagement's (another's id is not found). */
    pdf(engagementId: number, statementId: number) {
      const row = repo.find(engagementId, statementId);
      if (!row) throw new NotFoundError(M.none);
      return pdfOf(row);
    },
    pdfForSubmission(submissionId: number, statementId: number) {
      const engagement = engagements.ofSubmission(submissionId);
      const row = engagement ? repo.find(engagement.id, statementId) : null;
      if (!row) throw new NotFoundError(M.none);
      return pdfOf(row);
    },
    /** Whether the engagement has entries through `through` that no statement showed yet. */
    hasNew: (engagementId: number, through: string) => pending(engagementId, through) !== null,
    /** The entries the next statement through `through` would show (the monthly run's dry run). */
    pendingEntries: (engagementId: number, through: string): readonly LedgerEntry[] =>
      pending(engagementId, through)?.entries ?? [],
    /** A statement and its request, for the mail that tells the client (ref_id). */
    byId: (id: number) => repo.byId(id),
    engagementRef: (engagementId: number) => engagements.byId(engagementId),
    /** The monthly run could not state an engagement: kept until its next statement, for the run and the desk. */
    recordFailure: (engagementId: number, f: { throughOn: string; reason: string }) =>
      failures.record(engagementId, { ...f, failedOn: today(), failedAt: now() }),
    /** Nothing is left to state for it (stated meanwhile, or gone): its failure is over. */
    clearFailure: (engagementId: number) => failures.clear(engagementId),
    /** The engagements whose last statement failed, oldest first, with their request's reference. */
    failures(): (StatementFailure & { submissionId: number; reference: string })[] {
      return failures.all().flatMap((f) => {
        const engagement = engagements.byId(f.engagementId);
        if (!engagement) return [];
        // What failed may be the request's own record: the list still names the request by its id.
        let reference = "";
        try {
          reference = personOf(engagement.submissionId)?.reference ?? "";
        } catch {}
        return [{ ...f, submissionId: engagement.submissionId, reference }];
      });
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
