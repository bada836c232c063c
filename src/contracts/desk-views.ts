import type { Awaited, EngagementStageName } from "./submissions";

/**
 * The desk's saved views (issue 45, ADR 301): a way into the list for each kind of work waiting, with how many
 * requests each holds. Every view holds open requests only (not closed, not declined). The stage views read the
 * engagement's stage as the list shows it (the portal's engagementStage, one function), never a second reckoning.
 */
export const DESK_VIEWS = [
  "mine",
  "overdue",
  "awaiting-signature",
  "awaiting-payment",
  "in-work",
  "delivered",
  "monitoring",
] as const;
export type DeskView = (typeof DESK_VIEWS)[number];

export const DESK_VIEW_LABELS: Record<DeskView, string> = {
  mine: "My queue",
  overdue: "Overdue",
  "awaiting-signature": "Awaiting signature",
  "awaiting-payment": "Awaiting payment",
  "in-work": "In work",
  delivered: "Delivered",
  monitoring: "Monitoring",
};

/** What each view holds, in a line under its name (the list's heading says it too). */
export const DESK_VIEW_HINTS: Record<DeskView, string> = {
  mine: "Open requests you replied to, noted or moved",
  overdue: "Past their first-response time with no response",
  "awaiting-signature": "Letter sent, not yet signed",
  "awaiting-payment": "Signed, fee not yet paid",
  "in-work": "Paid, report not yet delivered",
  delivered: "Report delivered, request still open",
  monitoring: "Monthly monitoring running or ending",
};

/** The engagement stages each stage view holds: the same names the list's Engagement column shows. */
export const VIEW_STAGES: Record<Exclude<DeskView, "mine" | "overdue">, readonly EngagementStageName[]> = {
  "awaiting-signature": ["sent"],
  "awaiting-payment": ["signed"],
  "in-work": ["paid"],
  delivered: ["delivered"],
  monitoring: ["monitoring", "monitoring-ending"],
};

export const isStageView = (view: DeskView): view is keyof typeof VIEW_STAGES => view in VIEW_STAGES;

/** GET /api/admin/desk/views: how many open requests each view holds now, for the signed-in member of staff. */
export type DeskViewCounts = { counts: Record<DeskView, number> };
export const DESK_VIEWS_API = "/api/admin/desk/views";
export const DESK_VIEW_MESSAGE = `Choose one of the desk's views: ${DESK_VIEWS.join(", ")}`;

/**
 * The desk's board (issue 45): the open requests by where they stand, left to right as work moves. New and
 * Quoted read the request's status while no letter has been sent (a drafted letter is a quote being written);
 * the rest read the engagement's stage, as the views do.
 */
export const BOARD_COLUMNS = [
  "new",
  "quoted",
  "awaiting-signature",
  "awaiting-payment",
  "in-work",
  "delivered",
] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];
export const BOARD_COLUMN_LABELS: Record<BoardColumn, string> = {
  new: "New",
  quoted: "Quoted",
  "awaiting-signature": "Awaiting signature",
  "awaiting-payment": "Awaiting payment",
  "in-work": "In work",
  delivered: "Delivered",
};
/** How many cards a column shows; its count says how many it holds. */
export const BOARD_CARDS_MAX = 20;
export type BoardCard = {
  id: number;
  reference: string;
  name: string;
  desiredService: string;
  /** A sent letter several sign: who is awaited (ADR 305), as the list's stage says it. */
  awaiting?: Awaited;
};
export type DeskBoard = { columns: { column: BoardColumn; total: number; cards: BoardCard[] }[] };
export const DESK_BOARD_API = "/api/admin/desk/board";
