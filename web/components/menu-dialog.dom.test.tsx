import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Link } from "wouter";
import { ADMIN_MENU_ID, AdminMenu } from "../admin/shared/admin-menu";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";

/** Both modal menus, each as its page renders it. */
const MENUS = [
  {
    name: "the public site's phone menu",
    id: MOBILE_MENU_ID,
    label: "Menu",
    link: "Process",
    ui: () => <MobileMenu />,
  },
  {
    name: "the admin's menu",
    id: ADMIN_MENU_ID,
    label: "Admin menu",
    link: "Desk",
    ui: () => (
      <AdminMenu>
        {(close) => (
          <nav aria-label="Admin">
            <Link href="/admin/desk" onClick={close}>
              Desk
            </Link>
          </nav>
        )}
      </AdminMenu>
    ),
  },
] as const;

for (const m of MENUS) {
  describe(m.name, () => {
    async function openMenu(): Promise<HTMLDialogElement> {
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
        await import("./mobile-menu-dialog");
      });
      return waitFor(() => {
        const menu = document.getElementById(m.id) as HTMLDialogElement | null;
        if (!menu?.open) throw new Error("the menu is not open yet");
        return menu;
      });
    }

    test("opens as a modal dialog named for the toggle, with focus on Close menu", async () => {
      render(m.ui());
      const toggle = screen.getByRole("button", { name: "Open menu" });
      expect(toggle.getAttribute("aria-controls")).toBe(m.id);
      expect(toggle.getAttribute("aria-haspopup")).toBe("dialog");
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      const menu = await openMenu();
      expect(menu.tagName).toBe("DIALOG");
      expect(menu.getAttribute("aria-label")).toBe(m.label);
      expect(menu.classList.contains("mobile-menu")).toBe(true);
      expect(toggle.getAttribute("aria-expanded")).toBe("true");
      expect(document.activeElement).toBe(within(menu).getByRole("button", { name: "Close menu" }));
    });

    test("Escape closes it and puts focus back on the toggle", async () => {
      render(m.ui());
      const toggle = screen.getByRole("button", { name: "Open menu" });
      const menu = await openMenu();
      fireEvent.keyDown(within(menu).getByRole("button", { name: "Close menu" }), { key: "Escape" });
      fireEvent(menu, new Event("close"));
      expect(menu.open).toBe(false);
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      expect(document.activeElement).toBe(toggle);
    });

    test("Tab from the last stop goes round to the first, Shift+Tab from the first to the last", async () => {
      render(m.ui());
      const menu = await openMenu();
      const stops = [...menu.querySelectorAll<HTMLElement>("a[href], button")];
      const first = stops[0] as HTMLElement;
      const last = stops[stops.length - 1] as HTMLElement;
      expect(first).not.toBe(last);
      last.focus();
      fireEvent.keyDown(last, { key: "Tab" });
      expect(document.activeElement).toBe(first);
      fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
      expect(document.activeElement).toBe(last);
    });

    test("a click on the backdrop closes it; a click inside does not", async () => {
      render(m.ui());
      const menu = await openMenu();
      fireEvent.click(within(menu).getByText(m.label === "Menu" ? "Services" : "Menu"));
      expect(menu.open).toBe(true);
      fireEvent.click(menu);
      fireEvent(menu, new Event("close"));
      expect(menu.open).toBe(false);
    });

    test("following a link closes it", async () => {
      render(m.ui());
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole("link", { name: m.link }));
      fireEvent(menu, new Event("close"));
      expect(menu.open).toBe(false);
      expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
      window.history.replaceState(null, "", "/");
    });
  });
}
