import type { Database } from "bun:sqlite";
import {
  BOARD_CARDS_MAX,
  BOARD_COLUMNS,
  type BoardCard,
  type BoardColumn,
  DESK_VIEWS,
  type DeskBoard,
  type DeskView,
  type DeskViewCounts,
  isStageView,
  VIEW_STAGES,
} from "../../../contracts/desk-views";
import type { EngagementStage, EngagementStageName } from "../../../contracts/submissions";
import { deskViewFacts } from "../repo/desk-views";

/** The board's columns that read the engagement's stage, through the views' own stage lists. */
const STAGE_COLUMNS = [
  "awaiting-signature",
  "awaiting-payment",
  "in-work",
  "delivered",
] as const satisfies readonly (BoardColumn & keyof typeof VIEW_STAGES)[];

/**
 * The desk's saved views (ADR 301). One query reads the open requests' facts and one read of their engagements
 * gives each its stage, through the same function the list's Engagement column uses (the portal's
 * engagementStagesOf): the counts and the lists are the same sets, so a view never lists other than it counts.
 */
export function createDeskViews(deps: {
  db: Database;
  now: () => Date;
  engagementStagesOf?: (submissionIds: readonly number[]) => Map<number, EngagementStage>;
  /** The requests' names and references for the board's cards, in the order asked. */
  cardsOf?: (ids: number[]) => BoardCard[];
}) {
  const facts = deskViewFacts(deps.db);

  /** The board's column for an open request: its status while no letter went out, then its engagement's stage. */
  const columnOf = (status: string, stage: EngagementStageName | undefined): BoardColumn | null => {
    if (!stage || stage === "drafted") return status === "quoted" || stage === "drafted" ? "quoted" : "new";
    return STAGE_COLUMNS.find((c) => VIEW_STAGES[c].includes(stage)) ?? null;
  };

  /** Every view's requests for `username`, now. */
  const sets = (username: string): Record<DeskView, number[]> => {
    const open = facts.openRequests(username, deps.now().toISOString());
    const stages = deps.engagementStagesOf?.(open.map((r) => r.id)) ?? new Map<number, EngagementStage>();
    const into = Object.fromEntries(DESK_VIEWS.map((v) => [v, [] as number[]])) as Record<DeskView, number[]>;
    for (const r of open) {
      if (r.mine) into.mine.push(r.id);
      if (r.overdue) into.overdue.push(r.id);
      const stage = stages.get(r.id)?.stage;
      if (!stage) continue;
      for (const view of DESK_VIEWS) {
        if (isStageView(view) && VIEW_STAGES[view].includes(stage)) into[view].push(r.id);
      }
    }
    return into;
  };

  return {
    counts: (username: string): DeskViewCounts => {
      const all = sets(username);
      return {
        counts: Object.fromEntries(DESK_VIEWS.map((v) => [v, all[v].length])) as DeskViewCounts["counts"],
      };
    },
    /**
     * The open requests by column, newest first, each column's first cards named: the same facts and the same
     * stages as the views (monitoring, beyond the board's last column, is left to its view).
     */
    board: (username: string): DeskBoard => {
      const open = facts.openRequests(username, deps.now().toISOString());
      const stages = deps.engagementStagesOf?.(open.map((r) => r.id)) ?? new Map<number, EngagementStage>();
      const ids = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as number[]])) as Record<
        BoardColumn,
        number[]
      >;
      for (const r of open) {
        const column = columnOf(r.status, stages.get(r.id)?.stage);
        if (column) ids[column].push(r.id);
      }
      return {
        columns: BOARD_COLUMNS.map((column) => ({
          column,
          total: ids[column].length,
          cards: (deps.cardsOf?.(ids[column].slice(0, BOARD_CARDS_MAX)) ?? []).map((card) => {
            // Who a letter several sign waits on, from the one stage the list shows (ADR 305).
            const awaiting = stages.get(card.id)?.awaiting;
            return awaiting ? { ...card, awaiting } : card;
          }),
        })),
      };
    },
    /** The requests a view holds for `username`: the list takes them as its selection of ids. */
    idsOf: (view: DeskView, username: string): number[] => sets(username)[view],
  };
}

export type DeskViews = ReturnType<typeof createDeskViews>;
