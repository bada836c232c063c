import { useState } from "react";
import type { StaffInvitation, StaffMember, StaffRemoval } from "../../../src/contracts/staff";
import { apiRequest } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { InviteForm } from "./invite-form";
import { STAFF_API } from "./staff-api";
import { InvitationCard, MemberCard } from "./staff-cards";
import { useStaffOverview } from "./use-staff-overview";

type Pending =
  | { kind: "remove"; member: StaffMember }
  | { kind: "reset"; member: StaffMember }
  | { kind: "withdraw"; invitation: StaffInvitation };

export function StaffPage() {
  return <AdminFrame>{() => <Staff />}</AdminFrame>;
}

function Staff() {
  const { overview, load } = useStaffOverview();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async () => {
    if (!confirming) return;
    setBusy(true);
    const [method, url, done] =
      confirming.kind === "remove"
        ? [
            "DELETE",
            STAFF_API.member(confirming.member.id),
            `${confirming.member.username} was removed and signed out.`,
          ]
        : confirming.kind === "reset"
          ? [
              "POST",
              STAFF_API.resetMfa(confirming.member.id),
              `${confirming.member.username} sets up two-step sign-in again at the next sign-in.`,
            ]
          : [
              "DELETE",
              STAFF_API.invitation(confirming.invitation.id),
              "The invitation link no longer works.",
            ];
    try {
      const answer: unknown = await (await apiRequest(method, url)).json();
      toast({
        title: CONFIRM[confirming.kind].done,
        description:
          confirming.kind === "remove"
            ? `${done}${withdrawnText((answer as StaffRemoval).invitationsWithdrawn)}`
            : done,
      });
      setConfirming(null);
      await load();
    } catch (error) {
      toast({
        title: CONFIRM[confirming.kind].failed,
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="eyebrow">Staff</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Staff</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Everyone who can sign in to this admin.{" "}
        {overview?.mfaRequired === false
          ? "Two-step sign-in is not required on this server (REQUIRE_MFA=false)."
          : "Each of them signs in with a password and a code from an authenticator app."}{" "}
        Every change here is recorded in the audit log.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="members-title">
            <h2 id="members-title" className="font-serif text-2xl font-bold text-navy">
              Colleagues
            </h2>
            <div aria-live="polite" className="mt-4">
              {overview === null ? (
                <p className="text-ink-muted">Loading staff...</p>
              ) : (
                <ul className="space-y-3" aria-label="Colleagues">
                  {overview.members.map((m) => (
                    <MemberCard
                      key={m.id}
                      member={m}
                      onRemove={() => setConfirming({ kind: "remove", member: m })}
                      onReset={() => setConfirming({ kind: "reset", member: m })}
                      onRoleChanged={load}
                    />
                  ))}
                </ul>
              )}
            </div>
          </section>

          {overview && overview.invitations.length > 0 && (
            <section aria-labelledby="invitations-title">
              <h2 id="invitations-title" className="font-serif text-2xl font-bold text-navy">
                Open Invitations
              </h2>
              <ul className="mt-4 space-y-3" aria-label="Open invitations">
                {overview.invitations.map((i) => (
                  <InvitationCard
                    key={i.id}
                    invitation={i}
                    onWithdraw={() => setConfirming({ kind: "withdraw", invitation: i })}
                  />
                ))}
              </ul>
            </section>
          )}
        </div>

        <InviteForm onInvited={load} mailConfigured={overview?.mailConfigured} />
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? CONFIRM[confirming.kind].title(confirming) : ""}
        text={confirming ? CONFIRM[confirming.kind].text(confirming) : ""}
        confirmLabel={confirming ? CONFIRM[confirming.kind].label : ""}
        pendingLabel={confirming ? CONFIRM[confirming.kind].pendingLabel : undefined}
        pending={busy}
        onConfirm={act}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

const nameOf = (p: Pending) => (p.kind === "withdraw" ? p.invitation.email : p.member.username);

const invitations = (n: number) => (n === 1 ? "1 invitation" : `${n} invitations`);

/** What removing a colleague does to the invitations they sent, as the Open Invitations list shows them. */
const openInvitationsText = (p: Pending) => {
  const n = p.kind === "withdraw" ? 0 : p.member.openInvitations;
  if (n === 0) return "";
  return n === 1
    ? " Their 1 open invitation is withdrawn too: its link stops working."
    : ` Their ${n} open invitations are withdrawn too: their links stop working.`;
};

const withdrawnText = (n: number) =>
  n === 0 ? "" : ` ${invitations(n)} they sent ${n === 1 ? "was" : "were"} withdrawn.`;

const CONFIRM: Record<
  Pending["kind"],
  {
    title: (p: Pending) => string;
    text: (p: Pending) => string;
    label: string;
    pendingLabel: string;
    done: string;
    failed: string;
  }
> = {
  remove: {
    title: (p) => `Remove ${nameOf(p)}?`,
    text: (p) =>
      `${nameOf(p)} is signed out at once and can no longer sign in.${openInvitationsText(p)} To let them back in, invite them again.`,
    label: "Remove Colleague",
    pendingLabel: "Removing...",
    done: "Colleague Removed",
    failed: "Not Removed",
  },
  reset: {
    title: (p) => `Reset two-step sign-in for ${nameOf(p)}?`,
    text: (p) =>
      `Use this when ${nameOf(p)} has lost their authenticator app or a passkey. Their app's codes, recovery codes and passkeys stop working, they are signed out, and their next sign-in with their password sets up two-step sign-in again.`,
    label: "Reset Two-Step Sign-In",
    pendingLabel: "Resetting...",
    done: "Two-Step Sign-In Reset",
    failed: "Not Reset",
  },
  withdraw: {
    title: () => "Withdraw this invitation?",
    text: (p) => `The link sent to ${nameOf(p)} stops working. You can invite them again at any time.`,
    label: "Withdraw Invitation",
    pendingLabel: "Withdrawing...",
    done: "Invitation Withdrawn",
    failed: "Not Withdrawn",
  },
};

export const staffPage = adminPage(StaffPage, {
  title: "Staff",
  description: "Invite colleagues, remove them, and reset a lost second factor.",
});
