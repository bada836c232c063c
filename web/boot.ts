/**
 * The one script a page names in its head: it starts the page's real script (the entry and the page's own
 * chunks) once the first contentful paint has been presented, so the download of some 80 KB of script never
 * shares the first round trips with the document and the heading's face (ADR 215). The pages work before it
 * runs: links navigate, the intake form posts. Kept to a few lines: it counts against every page's JavaScript
 * budget (ADR 011).
 *
 * The build defines ENTRY, the entry's URL; the page's own chunks come from this script's tag
 * (`data-chunks`), since they differ per page. The entry's imports are found once the entry arrives.
 */
declare const ENTRY: string;

let started = false;
function start() {
  if (started) return;
  started = true;
  const chunks = document.querySelector<HTMLScriptElement>("script[data-chunks]")?.dataset.chunks ?? "";
  // At low priority, like the rest of the page's script (ADR 168).
  for (const href of [ENTRY, ...chunks.split(" ").filter(Boolean)]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.fetchPriority = "low";
    link.href = href;
    document.head.append(link);
  }
  import(ENTRY);
}

// A tab opened in the background paints nothing until it is shown: it starts at once. Should the paint never
// be reported, the page starts all the same after three seconds.
if (document.visibilityState === "visible" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver(
    (list) => list.getEntriesByName("first-contentful-paint").length && start(),
  ).observe({
    type: "paint",
    buffered: true,
  });
  setTimeout(start, 3000);
} else start();
