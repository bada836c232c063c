import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { StaffRequestItem } from "../../../src/contracts/document-requests";
import { useToastStore } from "../../lib/toast-store";
import { ItemEditForm } from "./item-edit";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

const ITEM: StaffRequestItem = {
  id: 4,
  title: "Bank statements",
  description: "",
  period: "",
  // Overdue: a date before the firm's today, which an edit of the words alone must not send again.
  dueOn: "2026-11-20",
  required: true,
  state: "requested",
  note: null,
  reason: null,
  overdue: true,
  files: [],
  history: [],
};

function server(answer: { status: number; body: unknown }) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? "GET",
      url,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return sent;
}

test("only what changed is sent, so an overdue item's words can change without its date", async () => {
  const sent = server({ status: 200, body: { ok: true } });
  let saved = 0;
  render(
    <ItemEditForm
      submissionId={9}
      item={ITEM}
      today="2026-11-30"
      onSaved={async () => {
        saved++;
      }}
      onCancel={() => {}}
    />,
  );
  fireEvent.change(screen.getByLabelText("Period"), { target: { value: "36 months" } });
  fireEvent.click(screen.getByLabelText("Required"));
  fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
  await waitFor(() => expect(saved).toBe(1));
  expect(sent).toEqual([
    {
      method: "PATCH",
      url: "/api/admin/submissions/9/document-requests/4",
      body: { period: "36 months", required: false },
    },
  ]);
});

test("nothing changed sends nothing; the server's message for a field is shown beside it", async () => {
  const sent = server({
    status: 422,
    body: { errors: { title: ["Give the item a title of 3 to 200 characters"] } },
  });
  render(
    <ItemEditForm
      submissionId={9}
      item={ITEM}
      today="2026-11-30"
      onSaved={async () => {}}
      onCancel={() => {}}
    />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
  expect((await screen.findByRole("alert")).textContent).toBe(
    "Nothing was changed: change a field, or cancel.",
  );
  expect(sent).toEqual([]);

  fireEvent.change(screen.getByLabelText("Title"), { target: { value: "BS" } });
  fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
  await waitFor(() =>
    expect(screen.getByRole("alert").textContent).toBe(
      "Nothing was changed: correct the fields marked above.",
    ),
  );
  const title = screen.getByLabelText("Title");
  expect(title.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(title.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
    "Give the item a title of 3 to 200 characters",
  );
});
