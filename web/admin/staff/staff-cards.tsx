import { Copy, KeyRound, ShieldAlert, ShieldCheck, UserMinus, X } from "lucide-react";
import { ROLE_LABELS } from "../../../src/contracts/roles";
import type { StaffInvitation, StaffMember } from "../../../src/contracts/staff";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { RoleSelect } from "./role-choice";
import { MAIL_STATE_LABELS } from "./staff-api";

/** One colleague on the Staff screen: who, two-step state, last sign-in, and what may be done to them. */
export function MemberCard({
  member: m,
  onRemove,
  onReset,
  onRoleChanged,
}: {
  member: StaffMember;
  onRemove: () => void;
  onReset: () => void;
  onRoleChanged: () => Promise<unknown>;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-semibold text-navy">{m.username}</h3>
          {m.you && (
            <span className="rounded-full bg-navy px-2.5 py-0.5 text-xs font-semibold text-white">You</span>
          )}
          {m.mfaEnabled ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-navy px-2.5 py-0.5 text-xs font-semibold text-navy">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              Two-step on
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full border border-danger px-2.5 py-0.5 text-xs font-semibold text-danger">
              <ShieldAlert className="size-3.5" aria-hidden="true" />
              Two-step not set up
            </span>
          )}
        </div>
        <p className="mt-1 text-sm text-ink">{m.displayName ?? "No display name yet"}</p>
        <p className="mt-1 break-words text-sm text-ink-muted">{m.email ?? "No email address on file"}</p>
        <p className="mt-1 text-sm text-ink-muted">
          Last sign-in: {m.lastSignInAt ? formatDateTime(m.lastSignInAt) : "never"}
        </p>
      </div>
      <RoleSelect member={m} onChanged={onRoleChanged} />
      {!m.you && (
        <div className="flex flex-wrap gap-2">
          {m.mfaEnabled && (
            <button
              type="button"
              onClick={onReset}
              aria-label={`Reset Two-Step: ${m.username}`}
              className="btn-outline min-h-10 px-3 py-1.5 text-sm"
            >
              <KeyRound className="size-4" aria-hidden="true" />
              Reset Two-Step
            </button>
          )}
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove: ${m.username}`}
            className="btn-base min-h-10 border border-danger px-3 py-1.5 text-sm text-danger hover:bg-danger/5"
          >
            <UserMinus className="size-4" aria-hidden="true" />
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: "Link Copied", description: "Paste it into your message to your colleague." });
  } catch {
    toast({
      title: "Could Not Copy",
      description: "Select the link in its box and copy it yourself.",
      variant: "destructive",
    });
  }
}

/**
 * An invitation not yet used or withdrawn, with its delivery state, and its one-time link to copy while no
 * e-mail can bring it.
 */
export function InvitationCard({
  invitation: i,
  onWithdraw,
}: {
  invitation: StaffInvitation;
  onWithdraw: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <h3 className="break-words font-semibold text-navy">{i.email}</h3>
        {i.name && <p className="mt-1 text-sm text-ink">{i.name}</p>}
        <p className="mt-1 text-sm text-ink">Joins as {ROLE_LABELS[i.role]}</p>
        <p className="mt-1 text-sm text-ink-muted">
          Invited by {i.invitedBy} on {formatDateTime(i.createdAt)} ·{" "}
          {i.expired ? (
            <strong className="font-semibold text-danger">Expired {formatDateTime(i.expiresAt)}</strong>
          ) : (
            `Link works until ${formatDateTime(i.expiresAt)}`
          )}
        </p>
        {/* Announced as it changes: the screen reads the outbox again while the mail waits. */}
        {i.mail && (
          <p aria-live="polite" className="mt-1 text-sm text-ink-muted">
            {MAIL_STATE_LABELS[i.mail]}
          </p>
        )}
        {i.link && (
          <div className="mt-3">
            <label htmlFor={`invitation-link-${i.id}`} className="block text-sm font-semibold text-ink">
              One-time link for {i.email}
            </label>
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                id={`invitation-link-${i.id}`}
                readOnly
                value={i.link}
                onFocus={(e) => e.currentTarget.select()}
                aria-describedby={`invitation-link-${i.id}-hint`}
                className="min-h-10 min-w-0 flex-1 rounded-md border border-ink-muted bg-white px-3 py-2 font-mono text-sm text-ink"
              />
              <button
                type="button"
                onClick={() => void copyLink(i.link ?? "")}
                aria-label={`Copy Link: invitation to ${i.email}`}
                className="btn-outline min-h-10 px-3 py-1.5 text-sm"
              >
                <Copy className="size-4" aria-hidden="true" />
                Copy Link
              </button>
            </div>
            <p id={`invitation-link-${i.id}-hint`} className="mt-1 text-sm text-ink-muted">
              Give it to them yourself, in person or by a message: whoever holds it can join once, until it
              expires.
            </p>
          </div>
        )}
      </div>
      <button
        type="button"
        onClick={onWithdraw}
        aria-label={`${i.expired ? "Dismiss" : "Withdraw"}: invitation to ${i.email}`}
        className="btn-outline min-h-10 px-3 py-1.5 text-sm"
      >
        <X className="size-4" aria-hidden="true" />
        {i.expired ? "Dismiss" : "Withdraw"}
      </button>
    </li>
  );
}
