import { Menu } from "lucide-react";
import { type ButtonHTMLAttributes, type RefObject, useEffect, useState } from "react";
import { useLocation } from "wouter";

/** From here up the header and the admin's sidebar show their links themselves, and the menu button is gone. */
const WIDE = "(min-width: 64rem)";

/**
 * Whether a modal menu is open: it closes whenever the location changes, and when the window widens past the
 * breakpoint (where its button is gone).
 */
export function useMenuOpen() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);
  return [open, setOpen] as const;
}

/** The button that opens a modal menu (menu-dialog.tsx): "Open menu", naming the dialog it controls. */
export function MenuButton({
  buttonRef,
  controls,
  open,
  ...rest
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  controls: string;
  open: boolean;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "onFocus" | "onPointerDown">) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-haspopup="dialog"
      {...rest}
      className="flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
    >
      <Menu className="size-6" aria-hidden="true" />
      <span className="sr-only">Open menu</span>
    </button>
  );
}
