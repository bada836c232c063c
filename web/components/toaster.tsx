import { X } from "lucide-react";
import { type PointerEvent, useEffect, useRef } from "react";
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "../../src/contracts/constants";
import { type Toast, useToastStore } from "../lib/toast-store";

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
  return (
    <section
      ref={regionRef}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-4 sm:top-20 sm:w-96"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full">
        {open
          .filter((t) => t.variant === "default")
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full">
        {open
          .filter((t) => t.variant === "destructive")
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
    </section>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const swipeStart = useRef<number | null>(null);

  const startTimer = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismiss(toast.id), toast.duration);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per toast, started when it appears
  useEffect(() => {
    startTimer();
    return () => clearTimeout(timer.current);
  }, [toast.id]);

  // Swipe right to dismiss: the card follows the pointer (set through the DOM, not a style prop, so nothing
  // inline reaches the server HTML) and goes once it has travelled past the threshold.
  const setOffset = (px: number) => {
    if (ref.current) ref.current.style.transform = px ? `translateX(${px}px)` : "";
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    swipeStart.current = e.clientX;
    clearTimeout(timer.current);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, e.clientX - swipeStart.current));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const travelled = e.clientX - swipeStart.current;
    swipeStart.current = null;
    if (travelled > TOAST_SWIPE_THRESHOLD_PX) dismiss(toast.id);
    else {
      setOffset(0);
      startTimer();
    }
  };

  const destructive = toast.variant === "destructive";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: swipe is a pointer shortcut; the button dismisses for everyone else
    <div
      ref={ref}
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => clearTimeout(timer.current)}
      onMouseLeave={startTimer}
      className={`pointer-events-auto relative w-full touch-pan-y select-none rounded-lg border p-4 pr-11 shadow-lg transition-transform ${
        destructive ? "border-danger bg-danger text-white" : "border-line bg-white text-ink"
      }`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Dismiss notification"
        className={`absolute right-2 top-2 flex size-8 items-center justify-center rounded-md ${
          destructive ? "text-white hover:bg-white/15" : "text-ink-muted hover:bg-paper-deep"
        }`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
