import { type ComponentProps, type ComponentType, useRef, useState } from "react";
import { useLocation } from "wouter";
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
          links={HEADER_LINKS.map((l) => ({ ...l, current: isCurrent(l.href, location) }))}
        />
      )}
    </div>
  );
}
