import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";

describe("MobileMenu", () => {
  test("the toggle opens the menu as a modal dialog, whose own button closes it", () => {
    render(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-controls")).toBe(MOBILE_MENU_ID);
    expect(toggle.getAttribute("aria-haspopup")).toBe("dialog");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement;
    expect(menu.tagName).toBe("DIALOG");
    expect(menu.getAttribute("aria-label")).toBe("Menu");
    expect(menu.open).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(menu.open).toBe(true);
    const close = within(menu).getByRole("button", { name: "Close menu" });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    fireEvent(menu, new Event("close"));
    expect(menu.open).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  test("holds the same links as the header plus Request Intake", () => {
    render(<MobileMenu />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = within(document.getElementById(MOBILE_MENU_ID) as HTMLElement);
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

  test("Escape closes it and puts focus back on the toggle", () => {
    render(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement;
    fireEvent.keyDown(within(menu).getByRole("button", { name: "Close menu" }), { key: "Escape" });
    fireEvent(menu, new Event("close"));
    expect(menu.open).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  test("Tab from the last stop goes round to the first, Shift+Tab from the first to the last", () => {
    render(<MobileMenu />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement;
    const stops = [...menu.querySelectorAll<HTMLElement>("a[href], button")];
    const first = stops[0] as HTMLElement;
    const last = stops[stops.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  test("following a link closes it", () => {
    render(<MobileMenu />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement;
    fireEvent.click(within(menu).getByRole("link", { name: "Process" }));
    fireEvent(menu, new Event("close"));
    expect(menu.open).toBe(false);
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    window.history.replaceState(null, "", "/");
  });
});
