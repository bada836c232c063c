import type { KeyboardEvent } from "react";

/**
 * Tab from a modal menu's last stop goes round to its first, Shift+Tab from the first to the last: focus never
 * leaves an open menu (the public site's phone menu and the admin's share this).
 */
export function keepTabInside(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== "Tab") return;
  const stops = [...e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
