import { lazy, type RefObject, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TOAST_HOTKEY } from "../../src/contracts/constants";
import { clearEdge, TOAST_AVOID_SELECTOR, type ToastEdge, topInset } from "../lib/toast-edge";
import { type Toast, useToastStore } from "../lib/toast-store";

// Most visits never raise a toast: the card's code loads with the first one (the live regions are here from
// the start, so what it shows is still announced).
const ToastCard = lazy(() => import("./toast-card").then((m) => ({ default: m.ToastCard })));

/**
 * The one notification region. Two live regions stay in the page from the start so screen readers announce
 * what is put in them: polite for ordinary toasts, assertive for destructive ones. F8 moves focus here.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== TOAST_HOTKEY) return;
      e.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const open = toasts.filter((t) => t.open);
  const edge = useClearEdge(regionRef, open[0]?.edge);
  const top = edge === "top";
  // A toast at the top starts below the header where it is on screen, so it never lies over the navigation either (set through
  // the DOM, not a style prop, so nothing inline reaches the server HTML).
  useLayoutEffect(() => {
    const region = regionRef.current;
    if (region) region.style.top = top ? `${topInset()}px` : "";
  }, [top]);
  return (
    <section
      ref={regionRef}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      data-edge={top ? "top" : "bottom"}
      className={`pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-4 sm:w-96 ${
        top ? "sm:mt-4" : "bottom-0 sm:bottom-4"
      }`}
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full">
        <Cards toasts={open.filter((t) => t.variant === "default")} />
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full">
        <Cards toasts={open.filter((t) => t.variant === "destructive")} />
      </div>
    </section>
  );
}

/**
 * The toast's edge, moved to the other one while it would lie over a confirmation the page marks
 * (`data-toast-avoid`): on /thanks the intake's toast came down over the "Confirmation sent" card. Checked again
 * as the page changes under it (the next page renders after the toast opened; the card's code loads late), on
 * scrolling and on resizing, for as long as a toast is open.
 */
function useClearEdge(
  regionRef: RefObject<HTMLElement | null>,
  chosen: ToastEdge | undefined,
): ToastEdge | undefined {
  const [edge, setEdge] = useState(chosen);
  useLayoutEffect(() => {
    setEdge(chosen);
    const region = regionRef.current;
    if (!chosen || !region) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const marked = [...document.querySelectorAll(TOAST_AVOID_SELECTOR)].map((el) =>
          el.getBoundingClientRect(),
        );
        const { left, right, height } = region.getBoundingClientRect();
        setEdge(clearEdge(chosen, { left, right, height }, marked));
      });
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    const resized = new ResizeObserver(check);
    resized.observe(region);
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resized.disconnect();
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [chosen, regionRef]);
  return chosen ? edge : undefined;
}

function Cards({ toasts }: { toasts: Toast[] }) {
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {toasts.map((t) => (
        <ToastCard key={t.id} toast={t} />
      ))}
    </Suspense>
  );
}
