import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { StaffMember, StaffRoleChange } from "../../../src/contracts/staff";
import { useToastStore } from "../../lib/toast-store";
import { MemberCard } from "./staff-cards";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const alex: StaffMember = {
  id: 7,
  username: "alex",
  displayName: "Alex Rivera",
  email: "alex@firm.example",
  mfaEnabled: true,
  role: "owner",
  lastSignInAt: null,
  createdAt: "2026-11-02T15:00:00.000Z",
  you: false,
  openInvitations: 3,
};

/** The Staff screen's role select, answered as the server answers PATCH /api/admin/staff/:id. */
function renderWithServer(withdrawn: number) {
  const sent: unknown[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).endsWith("/api/admin/staff/7") || init?.method !== "PATCH")
      return json(404, { error: "Not found" });
    const body = JSON.parse(String(init.body)) as { role: StaffMember["role"] };
    sent.push(body);
    const answer: StaffRoleChange = {
      ...alex,
      role: body.role,
      openInvitations: alex.openInvitations - withdrawn,
      invitationsWithdrawn: withdrawn,
    };
    return json(200, answer);
  }) as unknown as typeof fetch;
  let reloaded = 0;
  render(
    <ul>
      <MemberCard
        member={alex}
        onRemove={() => {}}
        onReset={() => {}}
        onRoleChanged={async () => reloaded++}
      />
    </ul>,
  );
  return { sent, reloaded: () => reloaded };
}

const descriptions = () => useToastStore.getState().toasts.map((t) => t.description);

test("lowering a role says how many of the colleague's invitations were withdrawn", async () => {
  const server = renderWithServer(2);
  fireEvent.change(screen.getByLabelText("Role for alex"), { target: { value: "editor" } });
  await waitFor(() => expect(server.reloaded()).toBe(1));
  expect(server.sent).toEqual([{ role: "editor" }]);
  expect(descriptions()).toEqual([
    "alex is now Editor; it applies to their next step. 2 invitations they sent gave more than Editor and were withdrawn: their links no longer work.",
  ]);
});

test("one withdrawn invitation is told in the singular", async () => {
  renderWithServer(1);
  fireEvent.change(screen.getByLabelText("Role for alex"), { target: { value: "staff" } });
  await waitFor(() => expect(descriptions().length).toBe(1));
  expect(descriptions()[0]).toBe(
    "alex is now Staff; it applies to their next step. 1 invitation they sent gave more than Staff and was withdrawn: its link no longer works.",
  );
});

test("a change that withdraws nothing says only the new role", async () => {
  renderWithServer(0);
  fireEvent.change(screen.getByLabelText("Role for alex"), { target: { value: "staff" } });
  await waitFor(() => expect(descriptions().length).toBe(1));
  expect(descriptions()[0]).toBe("alex is now Staff; it applies to their next step.");
});
