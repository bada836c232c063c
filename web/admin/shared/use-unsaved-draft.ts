import { useCallback, useEffect, useRef, useState } from "react";

/** Every draft kept in this browser starts with this, so signing out can remove them all. */
const PREFIX = "tracewell:draft:";
const GUARD = "tracewellLeaveGuard";
const LEAVE_QUESTION = "You have unsaved changes. Leave this page and lose them?";

type Stored<T> = { savedAt: number; values: T };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function read<T>(key: string): Stored<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    const parsed = raw ? (JSON.parse(raw) as Stored<T>) : null;
    return parsed && typeof parsed.savedAt === "number" && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

function write(key: string, values: unknown, now: number) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: now, values }));
  } catch {
    // A full or disabled storage only loses the crash copy; the leave guard still asks.
  }
}

function remove(key: string) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** Removes every draft this browser keeps: staff's unsent words must not outlive their session. */
export function forgetAllDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * Never lose what was typed (issue 21). While `values` differ from `saved` (what the server holds; null while
 * it loads) they are kept in this browser under `key` (the kind and the item's id, or "new"), and leaving
 * asks first: a link inside the admin, Back, closing or reloading the tab. Leaving on purpose drops the copy;
 * a crash or reload keeps it, and the next visit offers it back (`offer`) until restored or discarded. The
 * copy goes once the values are saved (they equal `saved`) or when staff sign out. `now` is the clock.
 */
export function useUnsavedDraft<T>(opts: {
  key: string;
  values: T;
  saved: T | null;
  onRestore: (values: T) => void;
  now?: () => number;
}) {
  const { key, values, saved } = opts;
  const now = opts.now ?? Date.now;
  const [offer, setOffer] = useState<Stored<T> | null>(null);
  const [asked, setAsked] = useState(false);
  const dirty = saved !== null && !same(values, saved);

  // Once what is saved is known, a kept copy that differs from it is offered back, once.
  useEffect(() => {
    if (saved === null || asked) return;
    setAsked(true);
    const kept = read<T>(key);
    if (kept && !same(kept.values, saved)) setOffer(kept);
    else if (kept) remove(key);
  }, [key, saved, asked]);

  // Keep the copy current; the offered copy stays untouched until staff answer it.
  useEffect(() => {
    if (!asked || offer) return;
    if (dirty) write(key, values, now());
    else remove(key);
  }, [key, values, dirty, asked, offer, now]);

  useLeaveGuard(dirty, () => remove(key));

  const restore = useCallback(() => {
    if (offer) opts.onRestore(offer.values);
    setOffer(null);
  }, [offer, opts.onRestore]);
  const discard = useCallback(() => {
    remove(key);
    setOffer(null);
  }, [key]);
  const clear = useCallback(() => remove(key), [key]);
  return { dirty, offer, restore, discard, clear };
}

/**
 * While `dirty`, every way out of the page asks first. Links are caught before the router sees the click.
 * Back is caught with an entry of the same address put on the history: Back lands on that same address,
 * which the router ignores, and staff are asked; staying puts the entry back, leaving goes back once more.
 * `onLeave` runs when staff choose to leave.
 */
export function useLeaveGuard(dirty: boolean, onLeave: () => void) {
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    if (!dirty) return;
    let leaving = false;
    const here = location.href;
    const guard = () => history.pushState({ ...history.state, [GUARD]: true }, "", here);
    guard();
    const ask = () => {
      if (leaving) return true;
      leaving = window.confirm(LEAVE_QUESTION);
      if (leaving) leave.current();
      return leaving;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
        return;
      const to = new URL(link.href, location.href);
      if (
        to.origin !== location.origin ||
        (to.pathname === location.pathname && to.search === location.search)
      )
        return;
      if (!ask()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onPopState = () => {
      if (leaving || location.href !== here) return;
      if (ask()) history.back();
      else guard();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving) return;
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = "";
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
      window.removeEventListener("beforeunload", onBeforeUnload);
      // Saved while still here: take the extra entry away, so Back means Back again.
      if (!leaving && history.state?.[GUARD] && location.href === here) history.back();
    };
  }, [dirty]);
}
