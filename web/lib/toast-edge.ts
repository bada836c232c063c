import { recentPress } from "./after-press";

export type ToastEdge = "top" | "bottom";

/** How long a press still tells where the person is working: a refusal's toast follows its press at once. */
const PRESS_MEMORY_MS = 30_000;

/** Matches the Toaster's classes: full width on a phone, a 384 px column 16 px from the right from `sm` up. */
const WIDE = "(min-width: 640px)";
const WIDE_COLUMN_PX = 16 + 384 + 16;

/**
 * Which edge a new toast takes. It sits at the bottom, out of the way of the navigation, unless that is where
 * the person is working: a refusal's toast at the bottom of a phone lay over the Save button just pressed, took
 * the next press, and the fixed form was never sent (issue 17). The point is the last press, or the focused
 * control when the keyboard sent the form.
 */
export function toastEdge(): ToastEdge {
  if (typeof window === "undefined") return "bottom";
  const point = recentPress(PRESS_MEMORY_MS) ?? focusedPoint();
  if (!point) return "bottom";
  const underColumn = !window.matchMedia(WIDE).matches || point.x >= window.innerWidth - WIDE_COLUMN_PX;
  return underColumn && point.y > window.innerHeight / 2 ? "top" : "bottom";
}

function focusedPoint(): { x: number; y: number } | undefined {
  const el = document.activeElement;
  if (!el || el === document.body) return undefined;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * The bottom of the page's header where it is on screen (sticky, or not yet scrolled away): a toast at the top
 * goes below it, so it never lies over the navigation.
 */
export function topInset(): number {
  let inset = 0;
  for (const el of document.querySelectorAll<HTMLElement>("header, [data-sticky-top]")) {
    // An article's or a card's own header is content, not the page's banner.
    if (el.parentElement?.closest("main, article, section, dialog")) continue;
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.bottom > inset && r.top < window.innerHeight / 2) inset = r.bottom;
  }
  return Math.max(0, Math.ceil(inset));
}

/** What a page marks as its own confirmation (`data-toast-avoid`): a toast is never laid over it (issue 45). */
export const TOAST_AVOID_SELECTOR = "[data-toast-avoid]";

type Box = { top: number; bottom: number; left: number; right: number };

/** The area of a box the page's marked confirmations share with it, in square pixels. */
export function coveredArea(box: Box, marked: readonly Box[]): number {
  return marked.reduce((sum, m) => {
    const w = Math.min(box.right, m.right) - Math.max(box.left, m.left);
    const h = Math.min(box.bottom, m.bottom) - Math.max(box.top, m.top);
    return sum + (w > 0 && h > 0 ? w * h : 0);
  }, 0);
}

/**
 * The edge a toast takes so it lies over none of the page's marked confirmations: the edge it chose when it opened
 * while that one is clear, else the other edge when it covers less. `region` is the toast region's width where it
 * is and its height; its box at either edge follows from them.
 */
export function clearEdge(
  chosen: ToastEdge,
  region: { left: number; right: number; height: number },
  marked: readonly Box[],
): ToastEdge {
  if (marked.length === 0) return chosen;
  const { left, right, height } = region;
  const inset = topInset();
  const at = (edge: ToastEdge): Box =>
    edge === "top"
      ? { left, right, top: inset, bottom: inset + height }
      : { left, right, top: window.innerHeight - height, bottom: window.innerHeight };
  const other: ToastEdge = chosen === "top" ? "bottom" : "top";
  const here = coveredArea(at(chosen), marked);
  return here > 0 && coveredArea(at(other), marked) < here ? other : chosen;
}
