import { afterEach, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterPress } from "../../lib/after-press";
import { toast, useToastStore } from "../../lib/toast-store";
import { TextField } from "./text-field";

afterEach(() => useToastStore.setState({ toasts: [] }));

/** A one-field form whose message follows the field as focus leaves it, like the admin forms'. */
function CodeForm({ initial }: { initial?: string }) {
  const [value, setValue] = useState("12345");
  const [error, setError] = useState(initial);
  return (
    <form>
      <TextField
        id="code"
        label="Code"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setError(/^\d{6}$/.test(value) ? undefined : "Enter the 6-digit code")}
        hint={value.length === 6 ? "Six digits" : undefined}
        error={error}
      />
      <button type="submit">Confirm</button>
    </form>
  );
}

/** Until the press under way is over: the click follows the release in the same task, the press ends a task later. */
const afterRelease = () => act(() => new Promise<void>((resolve) => afterPress(resolve)));
/**
 * One task later: when the release's zero timeout would have ended a press nothing kept going. Waiting that one
 * task is the test where a press must last: there is no end to wait for.
 */
const aTaskLater = () => act(() => new Promise((r) => setTimeout(r, 0)));

test("a message that appears as focus leaves the field waits for the release of the press", async () => {
  render(<CodeForm />);
  const button = screen.getByRole("button", { name: "Confirm" });
  fireEvent.pointerDown(button);
  fireEvent.blur(screen.getByLabelText("Code"));
  expect(screen.queryByText("Enter the 6-digit code")).toBeNull();
  expect(screen.getByLabelText("Code").getAttribute("aria-invalid")).toBeNull();
  fireEvent.pointerUp(button);
  await afterRelease();
  expect(screen.getByText("Enter the 6-digit code")).toBeTruthy();
  expect(screen.getByLabelText("Code").getAttribute("aria-invalid")).toBe("true");
});

test("a message and hint that go as focus leaves the field stay until the release", async () => {
  render(<CodeForm initial="Enter the 6-digit code" />);
  const code = screen.getByLabelText("Code");
  fireEvent.change(code, { target: { value: "123456" } });
  expect(screen.getByText("Six digits")).toBeTruthy();
  const button = screen.getByRole("button", { name: "Confirm" });
  // A tap: the mouse events a browser makes of it come after its pointer events.
  fireEvent.pointerDown(button);
  fireEvent.pointerUp(button);
  fireEvent.mouseDown(button);
  fireEvent.blur(code);
  expect(screen.getByText("Enter the 6-digit code")).toBeTruthy();
  await aTaskLater();
  expect(screen.getByText("Enter the 6-digit code")).toBeTruthy();
  fireEvent.mouseUp(button);
  await afterRelease();
  expect(screen.queryByText("Enter the 6-digit code")).toBeNull();
  expect(screen.getByText("Six digits")).toBeTruthy();
});

test("outside a press, a message shows at once", () => {
  render(<CodeForm />);
  fireEvent.blur(screen.getByLabelText("Code"));
  expect(screen.getByText("Enter the 6-digit code")).toBeTruthy();
});

test("a toast raised during a press waits for its release; outside one it shows at once", async () => {
  render(<CodeForm />);
  const button = screen.getByRole("button", { name: "Confirm" });
  fireEvent.pointerDown(button);
  toast({ title: "Saved" });
  expect(useToastStore.getState().toasts).toHaveLength(0);
  fireEvent.pointerUp(button);
  await afterRelease();
  expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(["Saved"]);
  toast({ title: "Saved again" });
  expect(useToastStore.getState().toasts[0]?.title).toBe("Saved again");
});
