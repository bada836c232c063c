import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { engagementDefaults } from "../../../src/contracts/engagement-defaults";
import type { EngagementView } from "../../../src/contracts/portal";
import { SERVICES } from "../../../src/contracts/services";
import { useToastStore } from "../../lib/toast-store";
import { EngagementPanel } from "./engagement-panel";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

/** Answers the panel's requests in turn, as the server would, and keeps what was sent. */
function answers(...replies: { status: number; body: unknown }[]) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? "GET",
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const { status, body } = replies.shift() ?? { status: 500, body: { error: "Unexpected" } };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return sent;
}

const asset = SERVICES[0];
const base: EngagementView = {
  reference: "IR-261124-ABCD",
  service: asset?.name ?? "",
  scope: "Asset search on one subject across three states.",
  feeCents: 350_000,
  feeKind: "flat",
  hourlyRateCents: null,
  turnaroundBusinessDays: 10,
  expedite: false,
  monthly: null,
  subscription: null,
  firmToday: "2026-11-24",
  status: "draft",
  sentAt: null,
  linkExpiresAt: null,
  consentedAt: null,
  signedAt: null,
  signedName: null,
  signedCopyMailedAt: null,
  letterSha256: null,
  payments: [],
  paidCents: 0,
  outstandingCents: 350_000,
  workStartedAt: null,
  deliveryDueAt: null,
  deliveredAt: null,
  events: [],
};

test("a request without an engagement is pre-filled with its service's published price and turnaround, and saved in cents", async () => {
  const defaults = engagementDefaults(asset?.id ?? "");
  const sent = answers(
    { status: 200, body: { engagement: null, defaults } },
    { status: 200, body: { engagement: { ...base, feeCents: 360_050 } } },
  );
  render(<EngagementPanel submissionId={7} />);
  const fee = (await screen.findByLabelText("Fee (US dollars)")) as HTMLInputElement;
  expect(fee.value).toBe(String(asset?.offer.minPrice));
  expect((screen.getByLabelText("Turnaround (business days)") as HTMLInputElement).value).toBe(
    String(defaults.turnaroundBusinessDays),
  );
  fireEvent.change(fee, { target: { value: "3,600.50" } });
  fireEvent.click(screen.getByRole("button", { name: "Save Draft" }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toEqual({
    url: "/api/admin/submissions/7/engagement",
    method: "PUT",
    body: { ...defaults, feeCents: 360_050 },
  });
  expect(await screen.findByRole("link", { name: "View the Letter (PDF)" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "View the Letter (PDF)" }).getAttribute("href")).toBe(
    "/api/admin/submissions/7/engagement/letter.pdf",
  );
});

test("a bad fee is named under its field with the contract's message, and nothing is sent", async () => {
  const sent = answers({ status: 200, body: { engagement: base } });
  render(<EngagementPanel submissionId={7} />);
  const fee = await screen.findByLabelText("Fee (US dollars)");
  fireEvent.change(fee, { target: { value: "0" } });
  fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText("Fee must be at least 1")).toBeTruthy();
  expect(fee.getAttribute("aria-invalid")).toBe("true");
  expect(sent).toHaveLength(1);
});

test("sending shows until when the link works; a payment shows paid and outstanding; the work clock and the letter's hash are shown", async () => {
  const linkExpiresAt = "2026-12-08T15:00:00.000Z";
  const sentView = { ...base, status: "sent", sentAt: "2026-11-24T15:00:00.000Z", linkExpiresAt } as const;
  const signedView: EngagementView = {
    ...sentView,
    status: "signed",
    signedAt: "2026-11-24T16:00:00.000Z",
    signedName: "Dana Client",
    letterSha256: "a".repeat(64),
    events: [
      { kind: "sent", at: "2026-11-24T15:00:00.000Z" },
      { kind: "letter-opened", at: "2026-11-24T15:30:00.000Z" },
      { kind: "signed", at: "2026-11-24T16:00:00.000Z" },
    ],
  };
  const engagedView: EngagementView = {
    ...signedView,
    status: "engaged",
    payments: [{ id: 1, amountCents: 350_000, receivedOn: "2026-11-24", method: "Wire", recordedAt: "" }],
    paidCents: 350_000,
    outstandingCents: 0,
    workStartedAt: "2026-11-24T17:00:00.000Z",
    deliveryDueAt: "2026-12-08T17:00:00.000Z",
  };
  const preview = {
    dated: "2026-11-24T14:59:00.000Z",
    sha256: "b".repeat(64),
    letter: { title: "Engagement letter", subtitle: "Reference TW-1", blocks: [] },
  };
  const sent = answers(
    { status: 200, body: { engagement: base } },
    { status: 200, body: preview },
    { status: 200, body: { status: "sent", linkExpiresAt } },
    { status: 200, body: { engagement: sentView } },
    // The panel reads itself again after the change the server accepted (issue 44).
    { status: 200, body: { engagement: sentView } },
  );
  const { unmount } = render(<EngagementPanel submissionId={7} clientName="Dana Client" />);
  // "Send to the Client" opens the look before sending: the letter and the PDF that will go, then Send.
  fireEvent.click(await screen.findByRole("button", { name: "Send to the Client" }));
  expect(await screen.findByText(/This is the letter Dana Client will receive/)).toBeTruthy();
  expect(screen.getByRole("link", { name: "Open the PDF That Will Be Sent" }).getAttribute("href")).toBe(
    `/api/admin/submissions/7/engagement/letter.pdf?dated=${encodeURIComponent(preview.dated)}`,
  );
  fireEvent.click(screen.getByRole("button", { name: "Send This Letter" }));
  expect(await screen.findByText("Link works until")).toBeTruthy();
  expect(screen.getByText("Link works until").nextElementSibling?.querySelector("time")?.dateTime).toBe(
    linkExpiresAt,
  );
  expect(sent[2]).toMatchObject({
    url: "/api/admin/submissions/7/engagement/send",
    method: "POST",
    body: { letterSha256: preview.sha256, dated: preview.dated },
  });
  unmount();

  const paid = answers(
    { status: 200, body: { engagement: signedView } },
    { status: 201, body: { engagement: engagedView } },
  );
  render(<EngagementPanel submissionId={7} />);
  expect(await screen.findByText("a".repeat(64))).toBeTruthy();
  expect(screen.getByText("Letter opened")).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/^Method/), { target: { value: "Wire" } });
  fireEvent.click(screen.getByRole("button", { name: "Record Payment" }));
  await waitFor(() => expect(paid).toHaveLength(2));
  expect(paid[1]?.body).toMatchObject({ amountCents: 350_000, method: "Wire" });
  const section = screen.getByRole("region", { name: "Engagement" });
  expect(await within(section).findByText("Work started")).toBeTruthy();
  expect(within(section).getByText("Delivery due").nextElementSibling?.querySelector("time")?.dateTime).toBe(
    engagedView.deliveryDueAt ?? "",
  );
  expect(within(section).getByText(/Paid/).textContent).toContain("outstanding $0");
  // Nothing outstanding: no amount is suggested for another receipt.
  expect((within(section).getByLabelText("Amount (US dollars)") as HTMLInputElement).value).toBe("");
});

test("a sent letter's terms are frozen: the panel offers to withdraw it, after a confirmation, and the draft is editable again", async () => {
  const sentView: EngagementView = {
    ...base,
    status: "sent",
    sentAt: "2026-11-24T15:00:00.000Z",
    linkExpiresAt: "2026-12-08T15:00:00.000Z",
    letterSha256: "b".repeat(64),
    events: [{ kind: "sent", at: "2026-11-24T15:00:00.000Z" }],
  };
  const withdrawn: EngagementView = {
    ...base,
    events: [...sentView.events, { kind: "withdrawn", at: "2026-11-24T16:00:00.000Z" }],
  };
  const sent = answers(
    { status: 200, body: { engagement: sentView, missingSettings: [] } },
    { status: 200, body: { engagement: withdrawn } },
  );
  render(<EngagementPanel submissionId={7} />);
  expect(await screen.findByText(/The terms are frozen/)).toBeTruthy();
  expect(screen.queryByLabelText("Fee (US dollars)")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Withdraw to Change the Terms" }));
  // Nothing is withdrawn until the confirmation.
  expect(sent).toHaveLength(1);
  fireEvent.click(screen.getByRole("button", { name: "Withdraw the Letter", hidden: true }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toMatchObject({ url: "/api/admin/submissions/7/engagement/withdraw", method: "POST" });
  expect(await screen.findByLabelText("Fee (US dollars)")).toBeTruthy();
  expect(screen.getByText("Letter withdrawn")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Send to the Client" })).toBeTruthy();
});

test("while the server lacks a setting the letter needs, the panel names it and sending waits", async () => {
  answers({ status: 200, body: { engagement: base, missingSettings: ["FIRM_VENUE", "FIRM_GOVERNING_LAW"] } });
  render(<EngagementPanel submissionId={7} />);
  const notice = await screen.findByRole("status");
  expect(notice.textContent).toContain("FIRM_VENUE and FIRM_GOVERNING_LAW");
  expect((screen.getByRole("button", { name: "Send to the Client" }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  expect(screen.queryByRole("link", { name: "View the Letter (PDF)" })).toBeNull();
});

test("after the signature the desk can still send a fresh link; a closed request's panel offers none and says why", async () => {
  const signedView: EngagementView = {
    ...base,
    status: "engaged",
    sentAt: "2026-11-24T15:00:00.000Z",
    signedAt: "2026-11-24T16:00:00.000Z",
    signedName: "Dana Client",
    letterSha256: "a".repeat(64),
    workStartedAt: "2026-11-24T17:00:00.000Z",
    deliveredAt: "2026-12-01T17:00:00.000Z",
  };
  const linkExpiresAt = "2026-12-16T15:00:00.000Z";
  const sent = answers(
    { status: 200, body: { engagement: signedView } },
    { status: 200, body: { status: "sent", linkExpiresAt } },
    { status: 200, body: { engagement: { ...signedView, linkExpiresAt } } },
  );
  const { unmount } = render(<EngagementPanel submissionId={7} requestStatus="engaged" />);
  fireEvent.click(await screen.findByRole("button", { name: "Send a Fresh Link" }));
  await waitFor(() => expect(sent).toHaveLength(3));
  expect(sent[1]).toMatchObject({ url: "/api/admin/submissions/7/engagement/send", method: "POST" });
  expect(await screen.findByText("Link works until")).toBeTruthy();
  unmount();

  answers({ status: 200, body: { engagement: signedView } });
  render(<EngagementPanel submissionId={7} requestStatus="closed" />);
  expect(
    await screen.findByText("The request is closed: the client's portal is closed and no link can be sent."),
  ).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Send/ })).toBeNull();
});

test("once the report is delivered the panel shows when, and no delivery as due", async () => {
  const delivered: EngagementView = {
    ...base,
    status: "engaged",
    sentAt: "2026-11-24T15:00:00.000Z",
    signedAt: "2026-11-24T16:00:00.000Z",
    signedName: "Dana Whitfield",
    paidCents: 350_000,
    outstandingCents: 0,
    workStartedAt: "2026-11-24T17:00:00.000Z",
    deliveryDueAt: "2026-12-08T17:00:00.000Z",
    deliveredAt: "2026-12-04T15:00:00.000Z",
  };
  answers({ status: 200, body: { engagement: delivered } });
  render(<EngagementPanel submissionId={7} />);
  const section = await screen.findByRole("region", { name: "Engagement" });
  expect(await within(section).findByText("Delivered")).toBeTruthy();
  expect(within(section).getByText("Delivered").nextElementSibling?.querySelector("time")?.dateTime).toBe(
    delivered.deliveredAt ?? "",
  );
  expect(within(section).queryByText("Delivery due")).toBeNull();
});
