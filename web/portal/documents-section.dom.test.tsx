import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { DocumentView, PortalDocuments } from "../../src/contracts/documents";
import { DocumentsSection } from "./documents-section";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers the section's requests in turn, as the server would, and keeps what was asked. */
function answers(...replies: { status: number; body: unknown }[]) {
  const sent: { url: string; method: string }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? "GET" });
    const { status, body } = replies.shift() ?? { status: 500, body: { error: "Unexpected" } };
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return sent;
}

const doc = (over: Partial<DocumentView>): DocumentView => ({
  id: "a",
  direction: "client",
  name: "statement.pdf",
  kind: "pdf",
  size: 150_000,
  received: 150_000,
  sha256: "4f6d005e6ad446954019a53abe206b9124d444c8bb1417cb9c5b0f1963fcfe2c",
  createdAt: "2026-11-16T15:00:00.000Z",
  heldAt: null,
  completedAt: "2026-11-16T15:00:01.000Z",
  expiresAt: null,
  openedAt: null,
  reportAt: null,
  sweepAt: null,
  receivedAt: null,
  ...over,
});
const limits = { maxBytes: 250 * 1024 * 1024, maxTotalBytes: 2 * 1024 ** 3 };
const listed = (documents: DocumentView[]): { status: number; body: PortalDocuments } => ({
  status: 200,
  body: { documents, limits },
});

test("the report comes first with its download; the limits are the server's; only an unopened file can be removed", async () => {
  const opened = doc({ id: "opened", name: "Chase 2024.pdf", openedAt: "2026-11-16T16:00:00.000Z" });
  const fresh = doc({ id: "fresh", name: "ledger.csv", kind: "csv" });
  const report = doc({
    id: "report",
    direction: "firm",
    name: "Asset map report.pdf",
    reportAt: "2026-11-20T15:00:00.000Z",
  });
  const sent = answers(
    listed([opened, fresh, report]),
    { status: 204, body: null },
    listed([opened, report]),
  );
  render(<DocumentsSection />);

  const card = await screen.findByRole("article", { name: "Asset map report.pdf" });
  expect(within(card).getByRole("link", { name: "Download the report" }).getAttribute("href")).toBe(
    "/api/portal/documents/report",
  );
  expect(screen.getByText(/up to 250 MB a file and 2 GB for all of this engagement's files/)).toBeTruthy();
  expect(screen.getAllByText("4f6d005e6ad4…").length).toBe(3);
  expect(screen.queryByRole("button", { name: /Remove Chase 2024\.pdf/ })).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: /Remove ledger\.csv/ }));
  await waitFor(() => expect(sent.length).toBe(3));
  await waitFor(() => expect(screen.queryByRole("link", { name: "ledger.csv" })).toBeNull());
  expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
    "GET /api/portal/documents",
    "DELETE /api/portal/documents/fresh",
    "GET /api/portal/documents",
  ]);
});

test("a list that cannot be loaded says so instead of showing an empty drop zone", async () => {
  answers({ status: 401, body: { error: "Open the portal with the link from your email." } });
  render(<DocumentsSection />);
  expect((await screen.findByRole("alert")).textContent).toBe(
    "Open the portal with the link from your email.",
  );
  expect(screen.queryByRole("button", { name: "Choose files" })).toBeNull();
});

test("a removal the server refuses (the firm opened the file meanwhile) shows its reason", async () => {
  const fresh = doc({ id: "fresh", name: "ledger.csv", kind: "csv" });
  const reason =
    "The firm has opened this file, so it stays with the engagement. Ask us if it should be removed.";
  answers(
    listed([fresh]),
    { status: 409, body: { error: reason } },
    listed([{ ...fresh, openedAt: "2026-11-16T16:00:00.000Z" }]),
  );
  render(<DocumentsSection />);
  fireEvent.click(await screen.findByRole("button", { name: /Remove ledger\.csv/ }));
  expect((await screen.findByRole("alert")).textContent).toBe(reason);
  await waitFor(() => expect(screen.queryByRole("button", { name: /Remove ledger\.csv/ })).toBeNull());
});
