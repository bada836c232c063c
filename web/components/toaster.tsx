import { lazy, type RefObject, Suspense, useEffect, useRef } from "react";
import { TOAST_HOTKEY } from "../../src/contracts/constants";
import { type Toast, useToastStore } from "../lib/toast-store";

// Most visits never raise a toast: the card's code loads with the first one (the live regions are here from
// the start, so what it shows is still announced).
const ToastCard = lazy(() => import("./toast-card").then((m) => ({ default: m.ToastCard })));

/**
 * The one notification region. On a phone it spans the top of the screen: at the bottom it lay over the
 * place where a form's buttons come to rest when scrolled into view (and the sticky Request Intake bar), and
 * the press after a refusal landed on the refusal's toast instead of Save (issue 17, item 18). Two live regions stay in the page from the start so screen readers announce
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
  useRoomForToasts(regionRef, open.length > 0);
  return (
    <section
      ref={regionRef}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:w-96"
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
 * While a toast is shown on a phone, the page keeps room for it at the top: its height is `--toaster-room`,
 * which the stylesheet adds to the top scroll padding, so a field or button focused or scrolled into view
 * comes to rest below it, never under it. Set through the DOM, not a style prop.
 */
function useRoomForToasts(regionRef: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const region = regionRef.current;
    const root = document.documentElement;
    if (!shown || !region) return;
    const measure = () => root.style.setProperty("--toaster-room", `${region.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(region);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--toaster-room");
    };
  }, [regionRef, shown]);
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
