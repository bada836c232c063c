import { ChevronDown } from "lucide-react";
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";

/**
 * The header's Services disclosure. Opens on mouse hover, and from the keyboard with Enter or Space on its
 * button (ArrowDown also moves into it); Escape closes it and returns focus to the button.
 *
 * Before the scripts run (or without them) the stylesheet opens it on hover and on keyboard focus inside it
 * (`data-disclosure` in uno.config.ts); once hydrated, a pointer already over it or focus already in it keeps it
 * open, so nothing a visitor did in the first second is undone.
 */
export function ServicesMenu() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openedByHover = useRef(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inSection = location.startsWith("/services/");

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => setOpen(false), [location]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // What the stylesheet showed before hydration stays shown: the pointer over it, or focus inside it.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    if (wrapper.matches(":hover")) openedByHover.current = true;
    if (wrapper.matches(":hover") || wrapper.matches(":focus-within")) setOpen(true);
  }, []);

  const focusFirstLink = () => requestAnimationFrame(() => panelRef.current?.querySelector("a")?.focus());

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === "ArrowDown" && e.target === buttonRef.current) {
      e.preventDefault();
      setOpen(true);
      focusFirstLink();
    }
  };

  const onBlur = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and key handling for the disclosure it wraps
    <div
      ref={wrapperRef}
      data-disclosure
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={(e) => {
        if (e.pointerType !== "mouse") return;
        clearTimeout(closeTimer.current);
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== "mouse") return;
        closeTimer.current = setTimeout(() => {
          openedByHover.current = false;
          setOpen(false);
        }, 150);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // A click right after hover-opening keeps it open instead of toggling it shut.
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((o) => !o);
        }}
        className={`flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 ${
          inSection ? "text-gold underline decoration-2 underline-offset-8" : "text-white"
        }`}
      >
        Services
        <ChevronDown
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        data-disclosure-panel
        className="absolute left-0 top-full z-50 w-96 pt-2"
      >
        <ul className="rounded-lg border border-line bg-white p-2 text-ink shadow-xl">
          {ATTORNEY_SERVICES.map((s) => (
            <li key={s.id}>
              <Link
                href={s.path}
                aria-current={location === s.path ? "page" : undefined}
                className="block rounded-md px-3 py-2.5 no-underline hover:bg-paper-deep aria-[current=page]:bg-gold-light"
              >
                <span className="block font-semibold text-navy">{s.name}</span>
                <span className="block text-sm text-ink-muted">{s.tagline}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
