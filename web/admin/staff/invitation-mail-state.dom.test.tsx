import { afterEach, expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import type { StaffInvitation, StaffOverview } from "../../../src/contracts/staff";
import { InvitationCard } from "./staff-cards";
import { useStaffOverview } from "./use-staff-overview";

/**
 * An invitation's card follows the outbox (issue 45): "Email waiting to be sent" while the mail waits, "Email
 * sent" once it went, without a reload; once nothing waits the screen stops asking.
 */
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const invitation = (mail: StaffInvitation["mail"]): StaffInvitation => ({
  id: 7,
  email: "wren@tracewell.example",
  name: "Wren Ostrander",
  role: "staff",
  invitedBy: "admin",
  createdAt: "2026-11-16T15:00:00.000Z",
  expiresAt: "2026-11-19T15:00:00.000Z",
  expired: false,
  mail,
  link: null,
});

const overview = (mail: StaffInvitation["mail"]): StaffOverview => ({
  members: [],
  invitations: [invitation(mail)],
  mfaRequired: true,
  mailConfigured: true,
});

function Invitations() {
  const { overview } = useStaffOverview(20);
  return (
    <ul>
      {overview?.invitations.map((i) => (
        <InvitationCard key={i.id} invitation={i} onWithdraw={() => {}} />
      ))}
    </ul>
  );
}

test("the card reads the outbox again until the invitation's e-mail went, then stops asking", async () => {
  const answers = [overview("pending"), overview("pending"), overview("sent")];
  let asked = 0;
  globalThis.fetch = (async () => {
    const answer = answers[Math.min(asked, answers.length - 1)];
    asked++;
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as unknown as typeof fetch;
  render(<Invitations />);
  expect(await screen.findByText("Email waiting to be sent")).toBeTruthy();
  expect(await screen.findByText("Email sent", {}, { timeout: 2_000 })).toBeTruthy();
  expect(screen.queryByText("Email waiting to be sent")).toBeNull();
  const settled = asked;
  // Seven of the hook's 20 ms intervals with nothing asked: that the screen stays quiet over time is the test.
  await new Promise((r) => setTimeout(r, 150));
  expect(asked).toBe(settled);
});
