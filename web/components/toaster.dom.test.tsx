import { afterEach, describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { TOAST_DURATION_MS } from "../../src/contracts/constants";
import { afterPress } from "../lib/after-press";
import { toast, useToastStore } from "../lib/toast-store";
import { Toaster } from "./toaster";

afterEach(() => useToastStore.setState({ toasts: [] }));

/** Until the press under way is over (a task after its release): what a toast raised during it waits for. */
const released = () => act(() => new Promise<void>((resolve) => afterPress(resolve)));

/** Raises a toast and waits for its card, whose code loads with the first toast. */
async function show(t: Parameters<typeof toast>[0]) {
  act(() => void toast(t));
  await screen.findByText(t.title);
}

describe("Toaster", () => {
  test("shows a toast's title and description in the polite live region", async () => {
    render(<Toaster />);
    await show({ title: "Request Submitted", description: "We'll respond within one business day." });
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain("Request Submitted");
    expect(status.textContent).toContain("We'll respond within one business day.");
  });

  test("destructive toasts are announced assertively", async () => {
    render(<Toaster />);
    await show({ title: "Submission Failed", description: "Please try again.", variant: "destructive" });
    const alert = screen.getByRole("alert");
    expect(alert.getAttribute("aria-live")).toBe("assertive");
    expect(alert.textContent).toContain("Submission Failed");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  test("at most one toast is shown: a new one replaces the old", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second" });
    });
    await screen.findByText("Second");
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  test("the dismiss button closes it", async () => {
    render(<Toaster />);
    await show({ title: "Logged Out" });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Logged Out")).toBeNull();
  });

  test(`closes by itself after its duration (default ${TOAST_DURATION_MS} ms)`, async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    render(<Toaster />);
    await show({ title: "Short", duration: 30 });
    expect(screen.getByText("Short")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Short") === null).toBe(true), { timeout: 1000 });
    await show({ title: "Default" });
    expect(useToastStore.getState().toasts[0]?.duration).toBe(5000);
  });

  test("a swipe right past 50 px dismisses it; a shorter one does not", async () => {
    render(<Toaster />);
    await show({ title: "Swipe me" });
    const card = screen.getByText("Swipe me").parentElement as HTMLElement;
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 140, pointerId: 1 });
    expect(screen.getByText("Swipe me")).toBeTruthy();
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 160, pointerId: 1 });
    expect(screen.queryByText("Swipe me")).toBeNull();
  });

  test("F8 moves focus to the notification region", () => {
    render(<Toaster />);
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement).toBe(region);
  });
});

describe("a toast keeps clear of where the person is pressing", () => {
  const viewport = (width: number, height: number) =>
    (
      window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
    ).happyDOM.setViewport({
      width,
      height,
    });
  const pressAt = (x: number, y: number) => {
    fireEvent.mouseDown(document.body, { clientX: x, clientY: y });
    fireEvent.mouseUp(document.body, { clientX: x, clientY: y });
  };
  const region = () => screen.getByRole("region", { name: /Notifications/ });

  test("on a phone, a press in the lower half (the form's Save button) sends the toast to the top", async () => {
    viewport(390, 844);
    render(<Toaster />);
    pressAt(130, 800);
    await released();
    await show({ title: "Not Saved", variant: "destructive" });
    expect(region().dataset.edge).toBe("top");
  });

  test("a press in the upper half leaves it at the bottom, away from the navigation", async () => {
    viewport(390, 844);
    render(<Toaster />);
    pressAt(130, 200);
    await released();
    await show({ title: "Saved" });
    expect(region().dataset.edge).toBe("bottom");
  });

  test("on a wide screen only a press under the toasts' right-hand column moves them", async () => {
    viewport(1280, 800);
    render(<Toaster />);
    pressAt(200, 700);
    await released();
    await show({ title: "Left" });
    expect(region().dataset.edge).toBe("bottom");
    act(() => useToastStore.setState({ toasts: [] }));
    pressAt(1100, 700);
    await released();
    await show({ title: "Right" });
    expect(region().dataset.edge).toBe("top");
  });
});
