import { type ReactNode, useRef } from "react";
import { MenuButton, useMenuOpen } from "../../components/menu-button";
import { MenuDialog } from "../../components/menu-dialog";

export const ADMIN_MENU_ID = "admin-menu";

/**
 * The admin's navigation below 1024 px: a button that opens it in the same modal menu as the public site's phone
 * menu (menu-dialog.tsx), from the right edge.
 */
export function AdminMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useMenuOpen();
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="lg:hidden">
      <MenuButton buttonRef={toggleRef} controls={ADMIN_MENU_ID} open={open} onClick={() => setOpen(true)} />
      <MenuDialog
        id={ADMIN_MENU_ID}
        label="Admin menu"
        open={open}
        onClose={() => setOpen(false)}
        toggleRef={toggleRef}
        className="ml-auto h-dvh w-[min(20rem,100vw)]"
        headClassName="border-b border-white/15 px-4"
        head={() => <p className="font-serif text-lg font-bold">Menu</p>}
      >
        {(close) => <div className="px-3 py-4">{open && children(close)}</div>}
      </MenuDialog>
    </div>
  );
}
