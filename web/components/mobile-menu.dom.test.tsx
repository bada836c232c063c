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
  // First in the file: the dialog's code is loaded once per module, and stays loaded for the tests after it.
  test("the dialog is not in the page until the first press, which loads and opens it", async () => {
    render(<MobileMenu />);
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

  test("Escape closes it and puts focus back on the toggle", async () => {
    render(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const menu = await openMenu();
    fireEvent.keyDown(within(menu).getByRole("button", { name: "Close menu" }), { key: "Escape" });
    fireEvent(menu, new Event("close"));
    expect(menu.open).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  test("Tab from the last stop goes round to the first, Shift+Tab from the first to the last", async () => {
    render(<MobileMenu />);
    const menu = await openMenu();
    const stops = [...menu.querySelectorAll<HTMLElement>("a[href], button")];
    const first = stops[0] as HTMLElement;
    const last = stops[stops.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  test("following a link closes it", async () => {
    render(<MobileMenu />);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole("link", { name: "Process" }));
    fireEvent(menu, new Event("close"));
    expect(menu.open).toBe(false);
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    window.history.replaceState(null, "", "/");
  });
});
