import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ServicesMenu } from "./services-menu";

const trigger = () => screen.getByRole("button", { name: "Services" });
const panel = () => document.getElementById(trigger().getAttribute("aria-controls") ?? "") as HTMLElement;

describe("ServicesMenu", () => {
  test("starts closed, with the panel tied to the button", () => {
    render(<ServicesMenu />);
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(panel().hidden).toBe(true);
  });

  test("opens on mouse hover and closes shortly after the pointer leaves", async () => {
    render(<ServicesMenu />);
    const wrapper = trigger().parentElement as HTMLElement;
    fireEvent.pointerEnter(wrapper, { pointerType: "mouse" });
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    expect(panel().hidden).toBe(false);
    const names = [...panel().querySelectorAll("a")].map((a) => a.querySelector("span")?.textContent);
    expect(names).toEqual(["Asset Map", "Transaction Trace", "Judgment Intel"]);
    // Each service has a short description under its name.
    for (const a of panel().querySelectorAll("a"))
      expect(a.querySelectorAll("span")[1]?.textContent?.length).toBeGreaterThan(20);
    fireEvent.pointerLeave(wrapper, { pointerType: "mouse" });
    // Not at once (a pointer crossing the gap to the panel keeps it), but shortly.
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(trigger().getAttribute("aria-expanded")).toBe("false"), { timeout: 1000 });
  });

  test("a click right after hovering keeps it open", () => {
    render(<ServicesMenu />);
    fireEvent.pointerEnter(trigger().parentElement as HTMLElement, { pointerType: "mouse" });
    fireEvent.click(trigger());
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
  });

  test("the button toggles it; Escape closes it and returns focus to the button", () => {
    render(<ServicesMenu />);
    fireEvent.click(trigger());
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    const firstLink = panel().querySelector("a") as HTMLAnchorElement;
    firstLink.focus();
    fireEvent.keyDown(firstLink, { key: "Escape" });
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(trigger());
    fireEvent.click(trigger());
    fireEvent.click(trigger());
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
  });

  test("ArrowDown on the button opens it", () => {
    render(<ServicesMenu />);
    fireEvent.keyDown(trigger(), { key: "ArrowDown" });
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
  });

  test("touch does not open it by hover (a tap is a click)", () => {
    render(<ServicesMenu />);
    fireEvent.pointerEnter(trigger().parentElement as HTMLElement, { pointerType: "touch" });
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
  });
});
