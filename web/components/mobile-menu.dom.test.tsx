import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";

describe("MobileMenu", () => {
  test("the toggle controls the menu and reports its state", () => {
    render(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-controls")).toBe(MOBILE_MENU_ID);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLElement;
    expect(menu.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(menu.hidden).toBe(false);
    fireEvent.click(toggle);
    expect(menu.hidden).toBe(true);
  });

  test("holds the same links as the header plus Request Intake", () => {
    render(<MobileMenu />);
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const menu = within(document.getElementById(MOBILE_MENU_ID) as HTMLElement);
    const links = menu.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
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
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  test("following a link closes it", () => {
    render(<MobileMenu />);
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    fireEvent.click(screen.getByRole("link", { name: "Process" }));
    expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
    window.history.replaceState(null, "", "/");
  });
});
