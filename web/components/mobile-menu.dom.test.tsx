import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";

/** Presses the menu button and waits for the dialog (its code loads with the first press). */
async function openMenu(): Promise<HTMLDialogElement> {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    await import("./mobile-menu-dialog");
  });
  return waitFor(() => {
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement | null;
    if (!menu?.open) throw new Error("the menu is not open yet");
    return menu;
  });
}

describe("MobileMenu", () => {
  // Another test may already have pressed a menu and so loaded the dialog's code: this one takes a copy of the
  // menu's module of its own, which has not loaded it yet, as a page has not on its first visit.
  test("the dialog is not in the page until the first press, which loads and opens it", async () => {
    const firstVisit = "./mobile-menu.tsx?first-visit";
    const { MobileMenu: FreshMenu }: typeof import("./mobile-menu") = await import(firstVisit);
    render(<FreshMenu />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(document.getElementById(MOBILE_MENU_ID)).toBeNull();
    const menu = await openMenu();
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(within(menu).getByRole("button", { name: "Close menu" }));
  });

  test("the toggle opens the menu as a modal dialog, whose own button closes it", async () => {
    render(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-controls")).toBe(MOBILE_MENU_ID);
    expect(toggle.getAttribute("aria-haspopup")).toBe("dialog");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const menu = await openMenu();
    expect(menu.tagName).toBe("DIALOG");
    expect(menu.getAttribute("aria-label")).toBe("Menu");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(menu.open).toBe(true);
    const close = within(menu).getByRole("button", { name: "Close menu" });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    fireEvent(menu, new Event("close"));
    expect(menu.open).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  test("holds the same links as the header plus Request Intake", async () => {
    render(<MobileMenu />);
    const menu = within(await openMenu());
    const links = menu.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Tracewell", "/"],
      ["Asset Map", "/services/asset-map"],
      ["Transaction Trace", "/services/transaction-trace"],
      ["Judgment Intel", "/services/judgment-intel"],
      ["Process", "/process"],
      ["Compliance", "/compliance"],
      ["Articles", "/articles"],
      ["About", "/about"],
      ["For Individuals", "/for-individuals"],
      ["(555) 010-0142", "tel:5550100142"],
      ["Request Intake", "/contact"],
    ]);
  });
});
