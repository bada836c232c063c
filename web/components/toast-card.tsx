import { X } from "lucide-react";
import { type PointerEvent, useEffect, useRef } from "react";
import { TOAST_SWIPE_THRESHOLD_PX } from "../../src/contracts/constants";
import { type Toast, useToastStore } from "../lib/toast-store";

/** One notification: closes by itself after its duration, on its button, or with a swipe to the right. */
export function ToastCard({ toast }: { toast: Toast }) {
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
