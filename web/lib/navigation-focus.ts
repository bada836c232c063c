/**
 * Where a client-side navigation leaves the reader (issue 45): at the top of the new page, with focus on its
 * heading, so a screen reader starts with the title and a sighted reader sees it. A navigation that ends as a full
 * load (a page whose data comes with its document) is remembered for the loaded page, and the browser is told not
 * to restore the old scroll position on that reload: the article opened from /articles opened 1,338 px down.
 */
const KEY = "tracewell:navigated-to";

/** Before reloading the address a client navigation reached: the loaded page starts where a navigation does. */
export function rememberNavigation(location: string) {
  try {
    sessionStorage.setItem(KEY, location);
    history.scrollRestoration = "manual";
  } catch {
    // Storage refused (a private window's quota): the page still loads, at the browser's scroll position.
  }
}

/** Whether this document was loaded to finish a client navigation to `location` (and forgets it). */
export function finishesNavigation(location: string): boolean {
  try {
    const remembered = sessionStorage.getItem(KEY);
    if (remembered === null) return false;
    sessionStorage.removeItem(KEY);
    // Back and Forward restore positions again from here on.
    history.scrollRestoration = "auto";
    return remembered === location;
  } catch {
    return false;
  }
}

/** Focus on the page's heading (its h1), else on the main region: what a navigation lands on. */
export function focusPageHeading(main: HTMLElement | null) {
  const heading = main?.querySelector<HTMLElement>("h1");
  if (!heading) {
    main?.focus({ preventScroll: true });
    return;
  }
  // Focusable by script only, out of the Tab order (the stylesheet draws no ring for tabindex="-1").
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}
