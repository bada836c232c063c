import { expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterPress } from "../../lib/after-press";
import { EditorActions } from "./editor-controls";

test("Save keeps its label while Delete beside it is pressed, so Delete does not move", async () => {
  const onDelete = () => {};
  const { rerender } = render(<EditorActions pending saveLabel="Save Article" onDelete={onDelete} />);
  const remove = screen.getByRole("button", { name: "Delete" });
  fireEvent.pointerDown(remove);
  // The save answers during the press.
  rerender(<EditorActions pending={false} saveLabel="Save Article" onDelete={onDelete} />);
  expect(screen.getByRole("button", { name: "Saving..." })).toBeTruthy();
  fireEvent.pointerUp(remove);
  // Until the press is over (a task after its release).
  await act(() => new Promise<void>((resolve) => afterPress(resolve)));
  expect(screen.getByRole("button", { name: "Save Article" })).toBeTruthy();
});
