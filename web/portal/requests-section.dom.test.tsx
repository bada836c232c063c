import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PortalDocumentRequests, RequestItemView } from "../../src/contracts/document-requests";
import { RequestsSection } from "./requests-section";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const item = (over: Partial<RequestItemView>): RequestItemView => ({
  id: 1,
  title: "Bank statements",
  description: "Every account, every month.",
  period: "36 months",
  dueOn: "2026-12-08",
  required: true,
  state: "requested",
  note: null,
  reason: null,
  overdue: false,
  files: [],
  ...over,
});

test("each item says what is asked, when, where it stands and its files; 'I don't have this' sends a note", async () => {
  const list: PortalDocumentRequests = {
    items: [
      item({
        id: 1,
        state: "revision-requested",
        reason: "Page 3 is missing.",
        overdue: true,
        dueOn: "2026-11-20",
      }),
      item({
        id: 2,
        title: "Tax returns",
        state: "accepted",
        files: [
          {
            id: "f1",
            name: "2023 return.pdf",
            size: 51_200,
            receivedAt: "2026-11-18T15:00:00.000Z",
            checking: false,
          },
        ],
      }),
    ],
    progress: { received: 1, asked: 2, overdue: 1 },
  };
  const sent: { url: string; body: unknown }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    }
    return new Response(JSON.stringify(list), { status: 200 });
  }) as unknown as typeof fetch;
  render(<RequestsSection />);
  const region = await screen.findByRole("region", { name: "What we need from you" });
  expect(region.textContent).toContain("1 of 2 received (1 overdue)");
  const statements = within(region).getByRole("article", { name: "Bank statements" });
  expect(statements.textContent).toContain("Sent back");
  expect(statements.textContent).toContain("We sent this back: Page 3 is missing.");
  expect(statements.textContent).toContain("Due:20 Nov 2026 (overdue)");
  expect(statements.textContent).toContain("Period:36 months");
  const returns = within(region).getByRole("article", { name: "Tax returns" });
  expect(returns.textContent).toContain("Accepted");
  expect(returns.textContent).toContain("2023 return.pdf");
  // An accepted item asks for nothing more.
  expect(within(returns).queryByRole("button")).toBeNull();

  fireEvent.click(within(statements).getByRole("button", { name: "I don't have this" }));
  fireEvent.change(within(statements).getByLabelText("Why not, and where might it be found?"), {
    target: { value: "The bank closed that account in 2022." },
  });
  fireEvent.click(within(statements).getByRole("button", { name: "Send the answer" }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    url: "/api/portal/document-requests/1/unavailable",
    body: { note: "The bank closed that account in 2022." },
  });
});

test("nothing shows while nothing is asked", async () => {
  let asked = 0;
  globalThis.fetch = (async () => {
    asked++;
    return new Response(JSON.stringify({ items: [], progress: { received: 0, asked: 0, overdue: 0 } }), {
      status: 200,
    });
  }) as unknown as typeof fetch;
  const { container } = render(<RequestsSection />);
  await waitFor(() => expect(asked).toBe(1));
  expect(container.textContent).toBe("");
});

test("a file waiting for its virus scan reads as received and being checked, and does not provide its item", async () => {
  const list: PortalDocumentRequests = {
    items: [
      item({
        files: [
          {
            id: "f2",
            name: "October.pdf",
            size: 204_800,
            receivedAt: "2026-11-18T15:00:00.000Z",
            checking: true,
          },
        ],
      }),
    ],
    progress: { received: 0, asked: 1, overdue: 0 },
  };
  globalThis.fetch = (async () =>
    new Response(JSON.stringify(list), { status: 200 })) as unknown as typeof fetch;
  render(<RequestsSection />);
  const region = await screen.findByRole("region", { name: "What we need from you" });
  const statements = within(region).getByRole("article", { name: "Bank statements" });
  expect(statements.textContent).toContain("October.pdf200 KB · received, being checked for viruses");
  expect(region.textContent).toContain("0 of 1 received");
});
