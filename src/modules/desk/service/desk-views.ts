import type { Database } from "bun:sqlite";
import {
  DESK_VIEWS,
  type DeskView,
  type DeskViewCounts,
  isStageView,
  VIEW_STAGES,
} from "../../../contracts/desk-views";
import type { EngagementStage } from "../../../contracts/submissions";
import { deskViewFacts } from "../repo/desk-views";

/**
 * The desk's saved views (ADR 301). One query reads the open requests' facts and one read of their engagements
 * gives each its stage, through the same function the list's Engagement column uses (the portal's
 * engagementStagesOf): the counts and the lists are the same sets, so a view never lists other than it counts.
 */
export function createDeskViews(deps: {
  db: Database;
  now: () => Date;
  engagementStagesOf?: (submissionIds: readonly number[]) => Map<number, EngagementStage>;
}) {
  const facts = deskViewFacts(deps.db);

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
    /** The requests a view holds for `username`: the list takes them as its selection of ids. */
    idsOf: (view: DeskView, username: string): number[] => sets(username)[view],
  };
}

export type DeskViews = ReturnType<typeof createDeskViews>;
