import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";

/**
 * The page's own intake buttons: any button-styled link in the page's content that leads to the intake form (the
 * hero's "Request Intake", a closing call to action, a package's "Request This Service").
 */
export const IN_PAGE_INTAKE = 'main a[href^="/contact"][class*="btn-"]';

/** Pages that are the intake itself or its answer, or the client's portal: no call to the intake belongs there. */
export const WITHOUT_INTAKE_CALL = new Set<string>([PATHS.contact, PATHS.thanks, PATHS.portal]);

/** The sticky header's height: a button under it is not in view. */
const HEADER_PX = 64;

/**
 * Whether one of the page's own intake buttons is in view. The header's "Start" and the phone's bottom bar step
 * aside while it is, so one call to the intake is in view at a time (ADR 268). Pages render late (lazy pages,
 * client navigation), so the buttons are looked for again whenever the page's content changes.
 */
export function useInPageIntakeInView(): boolean {
  const [location] = useLocation();
  const [inView, setInView] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page may bring a new <main> to watch
  useEffect(() => {
    const main = document.querySelector("main");
    if (!main || typeof IntersectionObserver === "undefined") return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        setInView(visible.size > 0);
      },
      { rootMargin: `-${HEADER_PX}px 0px 0px 0px` },
    );
    const watched = new Set<Element>();
    const scan = () => {
      for (const button of main.querySelectorAll(IN_PAGE_INTAKE)) {
        if (watched.has(button)) continue;
        watched.add(button);
        observer.observe(button);
      }
      for (const button of watched) {
        if (button.isConnected) continue;
        watched.delete(button);
        visible.delete(button);
        observer.unobserve(button);
      }
      setInView(visible.size > 0);
    };
    scan();
    const changes = new MutationObserver(scan);
    changes.observe(main, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      observer.disconnect();
    };
  }, [location]);
  return inView;
}

/** How far the page moves under the sticky header before the floating button takes over from its "Start". */
const SCROLLED_PX = HEADER_PX;

/**
 * Whether the floating "Request Intake" shows from 1024 px up (SPEC.md: "floats at bottom right on desktop"; issue
 * 45, ADR 301): once the page has moved under the header, while none of the page's own intake buttons is in view
 * (`inPage`) and the footer is not (the button would lie over its text at the page's end). While it does not show,
 * the header's "Start" is the call in reach; so one call to the intake stays in view at a time (ADR 268).
 */
export function useFloatingIntake(inPage: boolean): boolean {
  const [location] = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [footerInView, setFooterInView] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page may bring a new footer to watch
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    const footer = document.querySelector("footer");
    const observer =
      footer && typeof IntersectionObserver !== "undefined"
        ? new IntersectionObserver((entries) => setFooterInView(entries.some((e) => e.isIntersecting)))
        : null;
    if (footer) observer?.observe(footer);
    return () => {
      window.removeEventListener("scroll", onScroll);
      observer?.disconnect();
    };
  }, [location]);
  return scrolled && !inPage && !footerInView && !WITHOUT_INTAKE_CALL.has(location);
}
