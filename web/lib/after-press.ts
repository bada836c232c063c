import { useCallback, useEffect, useRef } from "react";

/**
 * Holds back updates that move the layout while a mouse button or finger is down. Pressing a button moves
 * focus out of the field before it; if that field's message appeared at once, it could push the button from
 * under the pointer before the release, and the click would never happen (issue 13). Whatever is deferred runs
 * once the press is over and its click has been dispatched; outside a press it runs at once.
 *
 * Returns `afterPress(fn)`.
 */
export function useAfterPress(): (fn: () => void) => void {
  const state = useRef({ pressed: false, waiting: [] as (() => void)[] });

  useEffect(() => {
    const s = state.current;
    const press = () => {
      s.pressed = true;
    };
    // The click follows the release within the same task, so a zero timeout runs after it.
    const release = () =>
      setTimeout(() => {
        s.pressed = false;
        for (const fn of s.waiting.splice(0)) fn();
      }, 0);
    document.addEventListener("pointerdown", press, true);
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
    // A release outside the window may never reach the page; leaving the window ends the press too.
    window.addEventListener("blur", release);
    return () => {
      document.removeEventListener("pointerdown", press, true);
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
      window.removeEventListener("blur", release);
    };
  }, []);

  return useCallback((fn: () => void) => {
    if (state.current.pressed) state.current.waiting.push(fn);
    else fn();
  }, []);
}
