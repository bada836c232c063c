import { Menu } from "lucide-react";
import { type ComponentProps, type ComponentType, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";
import { HEADER_LINKS, isCurrent } from "../content/navigation";
import { loadOnce } from "../lib/load-once";
import { LogoMark } from "./logo-mark";
import { MenuButton, useMenuOpen } from "./menu-button";
import type { MobileMenuDialog } from "./mobile-menu-dialog";

export const MOBILE_MENU_ID = "mobile-menu";

type Dialog = ComponentType<ComponentProps<typeof MobileMenuDialog>>;

/**
 * Most visits never open the menu: its dialog (mobile-menu-dialog.tsx) is a chunk of its own, fetched when the
 * button is first pressed or focused, so it has usually arrived by the time the press ends (ADR 011 item 5). A
 * failed download is tried again on the next press.
 */
let loaded: Dialog | undefined;
const loadDialog = loadOnce(
  () => import("./mobile-menu-dialog"),
  (m) => {
    loaded = m.MobileMenuDialog;
    return loaded;
  },
);

/**
 * The small-screen menu's button, and the menu's dialog once it has been opened. The dialog's first row and
 * links repeat the header's: they are handed to it from here, so its chunk shares no module with the header
 * that would otherwise leave the entry for a chunk of its own.
 */
export function MobileMenu() {
  const [open, setOpen] = useMenuOpen();
  const [Dialog, setDialog] = useState<Dialog | undefined>(() => loaded);
  const [location] = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const fallbackRef = useRef<HTMLDetailsElement>(null);
  // The server's page (and the first render in the browser) holds the menu as a plain disclosure, which opens
  // without scripts; once hydrated it becomes the button and its modal dialog.
  const [hydrated, setHydrated] = useState(false);

  const prefetch = () => {
    loadDialog().catch(() => {});
  };
  const openMenu = () => {
    if (Dialog) {
      setOpen(true);
      return;
    }
    loadDialog().then(
      (component) => {
        setDialog(() => component);
        setOpen(true);
      },
      // Nothing opens; the next press tries again.
      () => {},
    );
  };

  // A tap before the scripts ran is kept: the menu opened then opens as the dialog, and focus on the plain
  // disclosure's toggle moves to the button that replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const fallback = fallbackRef.current;
    const wasOpen = fallback?.open ?? false;
    const hadFocus = fallback?.contains(document.activeElement) ?? false;
    setHydrated(true);
    if (wasOpen) openMenu();
    else if (hadFocus) requestAnimationFrame(() => toggleRef.current?.focus());
  }, []);

  if (!hydrated) return <MenuBeforeScripts detailsRef={fallbackRef} location={location} />;

  return (
    <div className="lg:hidden">
      <MenuButton
        buttonRef={toggleRef}
        controls={MOBILE_MENU_ID}
        open={open}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={openMenu}
      />
      {Dialog && (
        <Dialog
          id={MOBILE_MENU_ID}
          open={open}
          onClose={() => setOpen(false)}
          toggleRef={toggleRef}
          brandMark={<LogoMark className="size-8" />}
          lists={(close) => <MenuLists location={location} onFollow={close} />}
        />
      )}
    </div>
  );
}

/**
 * The menu as the server sends it: a disclosure of the same links, which a phone opens with a tap before the
 * scripts have run, or without them.
 */
/** The menu's lists: the services, then the header's links, each marked when it is the current page. */
function MenuLists({ location, onFollow }: { location: string; onFollow?: () => void }) {
  const linkClass =
    "block rounded-md px-3 py-3 text-base font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:bg-white/10 aria-[current=page]:text-gold";
  const current = (href: string) => (isCurrent(href, location) ? "page" : undefined);
  return (
    <>
      <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wider text-mist">Services</p>
      <ul>
        {ATTORNEY_SERVICES.map((s) => (
          <li key={s.id}>
            <Link href={s.path} onClick={onFollow} aria-current={current(s.path)} className={linkClass}>
              {s.name}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="mt-2 border-t border-white/15 pt-2">
        {HEADER_LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} onClick={onFollow} aria-current={current(l.href)} className={linkClass}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function MenuBeforeScripts({
  detailsRef,
  location,
}: {
  detailsRef: RefObject<HTMLDetailsElement | null>;
  location: string;
}) {
  return (
    <details ref={detailsRef} className="lg:hidden">
      <summary className="flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-white hover:bg-white/10 [&::-webkit-details-marker]:hidden">
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Open menu</span>
      </summary>
      <nav
        aria-label="Main"
        className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/15 bg-navy pb-6 pt-2 shadow-xl"
      >
        <div className="container">
          <MenuLists location={location} />
          <Link href={PATHS.contact} className="btn-gold mt-4 w-full">
            Request Intake
          </Link>
        </div>
      </nav>
    </details>
  );
}
