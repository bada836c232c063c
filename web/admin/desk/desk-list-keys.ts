import { useShortcuts } from "../shared/keyboard";

/** The request links of the list on screen (the table at desk width, the cards on a phone), top to bottom. */
export const visibleRows = (): HTMLAnchorElement[] =>
  [...document.querySelectorAll<HTMLAnchorElement>("a[data-desk-open]")].filter(
    (a) => a.offsetParent !== null,
  );

/**
 * `/` searches, `j`/`k` move through the list by focusing each request's link (so Enter opens it, as any link),
 * `x` ticks the focused request's box.
 */
export function useDeskListKeys() {
  const move = (by: number) => {
    const rows = visibleRows();
    if (rows.length === 0) return;
    const at = rows.indexOf(document.activeElement as HTMLAnchorElement);
    const next = at === -1 ? (by > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + by));
    rows[next]?.focus();
    rows[next]?.scrollIntoView({ block: "nearest" });
  };
  useShortcuts({
    "/": () => document.getElementById("desk-q")?.focus(),
    j: () => move(1),
    k: () => move(-1),
    x: () => {
      const id = (document.activeElement as HTMLElement | null)?.dataset.deskOpen;
      if (!id) return;
      const boxes = document.querySelectorAll<HTMLInputElement>(`input[data-desk-select="${id}"]`);
      [...boxes].find((b) => b.offsetParent !== null)?.click();
    },
  });
}
