import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { DocumentView } from "../../../src/contracts/documents";
import { useToastStore } from "../../lib/toast-store";
import { DocumentsPanel } from "./documents-panel";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

/** Answers the panel's requests by address, as the server would, and keeps what was asked. */
function server(state: { documents: DocumentView[] }) {
  const sent: string[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    sent.push(`${method} ${url}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.endsWith("/engagement")) return json({ engagement: { status: "engaged", feeKind: "flat" } });
    if (method === "POST" && url.endsWith("/report")) {
      state.documents = state.documents.map((d) =>
        url.includes(d.id) ? { ...d, reportAt: "2026-11-20T15:00:00.000Z" } : d,
      );
      return json({ document: state.documents.find((d) => url.includes(d.id)) });
    }
    return json({ documents: state.documents });
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

test("both directions are listed with their SHA-256 and downloads; the report is marked only after a confirmation", async () => {
  const sent = server({
    documents: [
      doc({ id: "mine", name: "statement.pdf", openedAt: "2026-11-17T09:00:00.000Z" }),
      doc({ id: "theirs", direction: "firm", name: "Asset map report.pdf" }),
    ],
  });
  render(<DocumentsPanel submissionId={7} />);

  const fromClient = await screen.findByRole("list", { name: "From the client" });
  expect(within(fromClient).getByRole("link", { name: "statement.pdf" }).getAttribute("href")).toBe(
    "/api/admin/submissions/7/documents/mine",
  );
  expect(within(fromClient).getByText(/First opened here/)).toBeTruthy();
  expect(within(fromClient).getByText(doc({}).sha256 as string)).toBeTruthy();
  const fromFirm = screen.getByRole("list", { name: "From the firm" });
  expect(screen.getByLabelText("File for the client's portal")).toBeTruthy();

  fireEvent.click(within(fromFirm).getByRole("button", { name: /Mark as the Report/ }));
  // Nothing is sent until the dialog is confirmed: marking e-mails the client.
  expect(sent.filter((s) => s.startsWith("POST"))).toEqual([]);
  fireEvent.click(screen.getByRole("button", { name: "Deliver the Report", hidden: true }));
  await waitFor(() => expect(within(fromFirm).getByText("Not downloaded yet")).toBeTruthy());
  expect(sent.filter((s) => s.startsWith("POST"))).toEqual([
    "POST /api/admin/submissions/7/documents/theirs/report",
  ]);
  expect(within(fromFirm).getByText("The report")).toBeTruthy();
  expect(within(fromFirm).queryByRole("button", { name: /Mark as the Report/ })).toBeNull();
  // A flat-fee engagement has no subscription, and the panel never asks for one (the answer would be a 404).
  expect(sent.filter((s) => s.includes("/subscription"))).toEqual([]);
});

test("a monthly engagement's file is delivered as the sweep report only while a sweep is owed; the refusal is said at the control", async () => {
  const sent: string[] = [];
  let owed = true;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    sent.push(`${method} ${url}`);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.endsWith("/engagement")) return json({ engagement: { status: "engaged", feeKind: "monthly" } });
    if (url.endsWith("/subscription"))
      return json({
        sweeps: [{ dueOn: "2027-02-19", deliveredAt: owed ? null : "2027-02-22T15:00:00.000Z" }],
      });
    if (method === "POST" && url.endsWith("/sweep-report"))
      return json({ error: "No sweep is owed: every sweep due so far has been delivered." }, 409);
    return json({ documents: [doc({ id: "sweep", direction: "firm", name: "Sweep February.pdf" })] });
  }) as unknown as typeof fetch;
  const { unmount } = render(<DocumentsPanel submissionId={7} />);
  const fromFirm = await screen.findByRole("list", { name: "From the firm" });
  const control = await within(fromFirm).findByRole("button", { name: /Deliver as the Sweep Report/ });
  expect(within(fromFirm).getByRole("button", { name: /Mark as the Report/ })).toBeTruthy();
  fireEvent.click(control);
  const refusal = await within(fromFirm).findByRole("alert");
  expect(refusal.textContent).toBe("No sweep is owed: every sweep due so far has been delivered.");
  expect(sent).toContain("POST /api/admin/submissions/7/documents/sweep/sweep-report");
  unmount();

  // Every sweep delivered: no control.
  owed = false;
  render(<DocumentsPanel submissionId={7} />);
  const again = await screen.findByRole("list", { name: "From the firm" });
  await waitFor(() => expect(sent.filter((s) => s.endsWith("/subscription"))).toHaveLength(2));
  expect(within(again).queryByRole("button", { name: /Deliver as the Sweep Report/ })).toBeNull();
});

test("a file held for its virus scan reads as not yet scanned, with no download and nothing to mark", async () => {
  server({
    documents: [
      doc({ id: "held", name: "October.pdf", completedAt: null, heldAt: "2026-11-16T15:00:01.000Z" }),
      doc({
        id: "held-firm",
        direction: "firm",
        name: "Draft map.pdf",
        completedAt: null,
        heldAt: "2026-11-16T15:00:01.000Z",
      }),
    ],
  });
  render(<DocumentsPanel submissionId={7} />);
  const fromClient = await screen.findByRole("list", { name: "From the client" });
  expect(within(fromClient).queryByRole("link")).toBeNull();
  expect(fromClient.textContent).toContain("not yet scanned");
  const fromFirm = screen.getByRole("list", { name: "From the firm" });
  expect(fromFirm.textContent).toContain("not yet scanned");
  expect(within(fromFirm).queryByRole("button", { name: /Mark as the Report/ })).toBeNull();
});
