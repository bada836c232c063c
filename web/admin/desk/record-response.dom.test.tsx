import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RESPONSE_MESSAGES } from "../../../src/contracts/desk";
import type { SubmissionDetail } from "../../../src/contracts/submissions";
import { useToastStore } from "../../lib/toast-store";
import { RecordResponse } from "./record-response";
import { fromLocalInput, toLocalInput } from "./response-time";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

/** Answers the form's requests in turn, as the server would, and keeps what was sent. */
function answers(...replies: { status: number; body: unknown }[]) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? "GET", body: JSON.parse(String(init?.body)) });
    const { status, body } = replies.shift() ?? { status: 500, body: { error: "Unexpected" } };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return sent;
}

const HOUR = 3_600_000;
const submittedAt = new Date(Date.now() - 3 * HOUR).toISOString();
const DETAIL = {
  submission: { id: 7, reference: "IR-261124-ABCD", submittedAt },
} as unknown as SubmissionDetail;

function fill(channel: string, at: Date | string) {
  fireEvent.change(screen.getByLabelText("How"), { target: { value: channel } });
  fireEvent.change(screen.getByLabelText(/^When/), {
    target: { value: typeof at === "string" ? at : toLocalInput(at) },
  });
  fireEvent.click(screen.getByRole("button", { name: "Record Response" }));
}

test("a call an hour ago is sent as an instant with its zone, and the saved request is shown", async () => {
  const saved = { ...DETAIL, responses: [] } as unknown as SubmissionDetail;
  const sent = answers({ status: 201, body: saved });
  const received: SubmissionDetail[] = [];
  render(<RecordResponse detail={DETAIL} onSaved={(d) => received.push(d)} />);
  const anHourAgo = new Date(Date.now() - HOUR);
  fill("call", anHourAgo);
  await waitFor(() => expect(received).toHaveLength(1));
  expect(sent).toEqual([
    {
      url: "/api/admin/submissions/7/responses",
      method: "POST",
      body: { channel: "call", at: fromLocalInput(toLocalInput(anHourAgo)) },
    },
  ]);
  expect(received).toEqual([saved]);
  expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Response Recorded" });
});

test("a time in the future or before the request is named under the field, and nothing is sent", async () => {
  const sent = answers();
  render(<RecordResponse detail={DETAIL} onSaved={() => {}} />);
  fill("meeting", new Date(Date.now() + 2 * HOUR));
  expect(await screen.findByText(RESPONSE_MESSAGES.future)).toBeTruthy();
  expect(screen.getByLabelText(/^When/).getAttribute("aria-invalid")).toBe("true");
  fill("meeting", new Date(Date.now() - 4 * HOUR));
  expect(await screen.findByText(RESPONSE_MESSAGES.beforeRequest)).toBeTruthy();
  fill("", new Date(Date.now() - HOUR));
  expect(await screen.findByText(RESPONSE_MESSAGES.channel)).toBeTruthy();
  expect(sent).toEqual([]);
});

test("the server's message for a field shows under it, with a toast pointing at it", async () => {
  answers({ status: 422, body: { errors: { at: [RESPONSE_MESSAGES.beforeRequest] } } });
  render(<RecordResponse detail={DETAIL} onSaved={() => {}} />);
  fill("other-email", new Date(Date.now() - HOUR));
  expect(await screen.findByText(RESPONSE_MESSAGES.beforeRequest)).toBeTruthy();
  expect(useToastStore.getState().toasts[0]).toMatchObject({
    title: "Response Not Recorded",
    variant: "destructive",
  });
});

test("the field's wall time becomes an instant and back; a date that does not exist is none", () => {
  const at = new Date(2026, 10, 24, 11, 40);
  expect(toLocalInput(at)).toBe("2026-11-24T11:40");
  expect(fromLocalInput("2026-11-24T11:40")).toBe(at.toISOString());
  expect(fromLocalInput("2026-02-30T11:40")).toBeNull();
  expect(fromLocalInput("")).toBeNull();
  expect(fromLocalInput("11:40")).toBeNull();
});
