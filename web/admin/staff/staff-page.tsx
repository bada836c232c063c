import { KeyRound, MailPlus, ShieldAlert, ShieldCheck, UserMinus, X } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import {
  INVITATION_TTL_HOURS,
  StaffEmailSchema,
  type StaffInvitation,
  type StaffMember,
  type StaffOverview,
} from "../../../src/contracts/staff";
import { apiRequest, getJson } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { TextField } from "../shared/text-field";
import { formatDateTime, MAIL_STATE_LABELS, STAFF_API } from "./staff-api";

type Pending =
  | { kind: "remove"; member: StaffMember }
  | { kind: "reset"; member: StaffMember }
  | { kind: "withdraw"; invitation: StaffInvitation };

export function StaffPage() {
  return <AdminFrame>{() => <Staff />}</AdminFrame>;
}

function Staff() {
  const [overview, setOverview] = useState<StaffOverview | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      getJson<StaffOverview>([STAFF_API.overview]).then(setOverview, () =>
        toast({
          title: "Could Not Load Staff",
          description: "Reload the page to try again.",
          variant: "destructive",
        }),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

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
      await (await apiRequest(method, url)).json();
      toast({ title: CONFIRM[confirming.kind].done, description: done });
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

        <InviteForm onInvited={load} />
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
      `${nameOf(p)} is signed out at once and can no longer sign in. To let them back in, invite them again.`,
    label: "Remove Colleague",
    pendingLabel: "Removing...",
    done: "Colleague Removed",
    failed: "Not Removed",
  },
  reset: {
    title: (p) => `Reset two-step sign-in for ${nameOf(p)}?`,
    text: (p) =>
      `Use this when ${nameOf(p)} has lost their authenticator app. Their recovery codes stop working, they are signed out, and their next sign-in with their password sets up two-step sign-in again.`,
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

function MemberCard({
  member: m,
  onRemove,
  onReset,
}: {
  member: StaffMember;
  onRemove: () => void;
  onReset: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-all font-semibold text-navy">{m.username}</h3>
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
        <p className="mt-1 break-all text-sm text-ink-muted">{m.email ?? "No e-mail address on file"}</p>
        <p className="mt-1 text-sm text-ink-muted">
          Last sign-in: {m.lastSignInAt ? formatDateTime(m.lastSignInAt) : "never"}
        </p>
      </div>
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

function InvitationCard({
  invitation: i,
  onWithdraw,
}: {
  invitation: StaffInvitation;
  onWithdraw: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <h3 className="break-all font-semibold text-navy">{i.email}</h3>
        <p className="mt-1 text-sm text-ink-muted">
          Invited by {i.invitedBy} on {formatDateTime(i.createdAt)} ·{" "}
          {i.expired ? (
            <strong className="font-semibold text-danger">Expired {formatDateTime(i.expiresAt)}</strong>
          ) : (
            `Link works until ${formatDateTime(i.expiresAt)}`
          )}
        </p>
        {i.mail && <p className="mt-1 text-sm text-ink-muted">{MAIL_STATE_LABELS[i.mail]}</p>}
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

function InviteForm({ onInvited }: { onInvited: () => Promise<unknown> }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const check = (value: string) => {
    const r = v.safeParse(StaffEmailSchema, value);
    return r.success ? undefined : r.issues[0].message;
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = check(email);
    setError(problem);
    if (problem) {
      ref.current?.focus();
      return;
    }
    setPending(true);
    try {
      await (await apiRequest("POST", STAFF_API.invitations, { email })).json();
      toast({ title: "Invitation Sent", description: `A one-time link is on its way to ${email.trim()}.` });
      setEmail("");
      await onInvited();
    } catch (err) {
      setError(serverErrors(err)?.email ?? serverMessage(err, "Please try again."));
      ref.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="invite-title"
      className="self-start rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="invite-title" className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <MailPlus className="size-6" aria-hidden="true" />
        Invite a Colleague
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        They receive a one-time link by e-mail that works for {INVITATION_TTL_HOURS} hours. They choose their
        username and password, then set up two-step sign-in.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Invite a colleague">
        <TextField
          ref={ref}
          id="invite-email"
          label="Colleague's e-mail address"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            // A message goes as soon as the address is right, not on blur: the button must not move under
            // the pointer between press and release.
            if (error) setError(check(e.target.value));
          }}
          onBlur={() => email && setError(check(email))}
          error={error}
        />
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Sending..." : "Send Invitation"}
        </button>
      </form>
    </section>
  );
}

export const staffPage = adminPage(StaffPage, {
  title: "Staff",
  description: "Invite colleagues, remove them, and reset a lost second factor.",
});
