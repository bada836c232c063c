import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { StaffProfile } from "../../../src/contracts/staff";
import { useToastStore } from "../../lib/toast-store";
import { InviteForm } from "../staff/invite-form";
import { DisplayNameSection } from "./display-name";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

test("the Account screen shows who you are seen as, refuses an empty name, and saves the trimmed one", async () => {
  const sent: unknown[] = [];
  let profile: StaffProfile = {
    username: "alex",
    email: "alex@firm.example",
    displayName: null,
    shownAs: "alex@firm.example",
  };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).endsWith("/api/admin/staff/me")) return json(404, { error: "Not found" });
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { displayName: string };
      sent.push(body);
      const displayName = body.displayName.trim();
      profile = { ...profile, displayName, shownAs: displayName };
    }
    return json(200, profile);
  }) as unknown as typeof fetch;

  render(<DisplayNameSection />);
  expect(await screen.findByText(/clients and colleagues see alex@firm\.example instead/)).toBeTruthy();
  const input = screen.getByLabelText("Display name") as HTMLInputElement;
  expect(input.value).toBe("");

  fireEvent.click(screen.getByRole("button", { name: "Save Name" }));
  expect(await screen.findByText("Name is required")).toBeTruthy();
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(sent).toEqual([]);

  fireEvent.change(input, { target: { value: "x".repeat(81) } });
  expect(await screen.findByText("Name must be at most 80 characters")).toBeTruthy();

  fireEvent.change(input, { target: { value: "  Alex Rivera " } });
  await waitFor(() => expect(input.getAttribute("aria-invalid") === null).toBe(true));
  fireEvent.click(screen.getByRole("button", { name: "Save Name" }));
  // Saved once the server's answer is shown: the trimmed name in the field.
  await waitFor(() => expect(input.value).toBe("Alex Rivera"));
  expect(sent).toEqual([{ displayName: "  Alex Rivera " }]);
  expect(useToastStore.getState().toasts.map((t) => t.description)).toContain(
    "Replies you send are now signed Alex Rivera.",
  );
});

test("the invitation asks for the colleague's name and sends it with the address", async () => {
  const sent: unknown[] = [];
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { email: string; name: string };
    sent.push(body);
    return json(201, { id: 1, email: body.email, name: body.name, mail: "pending" });
  }) as unknown as typeof fetch;
  let invited = 0;
  render(<InviteForm onInvited={async () => void invited++} mailConfigured />);
  const name = screen.getByLabelText("Colleague's name") as HTMLInputElement;
  const email = screen.getByLabelText("Colleague's email address") as HTMLInputElement;

  fireEvent.change(email, { target: { value: "pat@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: "Send Invitation" }));
  expect(await screen.findByText("Name is required")).toBeTruthy();
  expect(sent).toEqual([]);

  fireEvent.change(name, { target: { value: "Pat Lindqvist" } });
  await waitFor(() => expect(screen.queryByText("Name is required") === null).toBe(true));
  fireEvent.click(screen.getByRole("button", { name: "Send Invitation" }));
  // Invited once the form has emptied for the next colleague.
  await waitFor(() => expect(invited).toBe(1));
  // The role is chosen on the form too, staff unless the owner picks another (ADR 258).
  expect(sent).toEqual([{ name: "Pat Lindqvist", email: "pat@example.com", role: "staff" }]);
  await waitFor(() => expect(name.value).toBe(""));

  fireEvent.change(name, { target: { value: "Eve Marsh" } });
  fireEvent.change(email, { target: { value: "eve@example.com" } });
  fireEvent.click(screen.getByRole("radio", { name: /^Editor/ }));
  fireEvent.click(screen.getByRole("button", { name: "Send Invitation" }));
  await waitFor(() => expect(invited).toBe(2));
  expect(sent.at(-1)).toEqual({ name: "Eve Marsh", email: "eve@example.com", role: "editor" });
});
