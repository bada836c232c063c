import { useId, useState } from "react";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "../../../src/contracts/roles";
import type { StaffMember, StaffRoleChange } from "../../../src/contracts/staff";
import { apiRequest } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { STAFF_API } from "./staff-api";

/** The invitation's role: each with what it may do, so the inviting owner chooses knowingly. */
export function RoleRadios({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Role</legend>
      <div className="mt-2 space-y-2">
        {ROLES.map((role) => (
          <label
            key={role}
            htmlFor={`${id}-${role}`}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-line p-3 has-[:checked]:border-navy"
          >
            <input
              id={`${id}-${role}`}
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="mt-1 size-4 accent-navy"
            />
            <span>
              <span className="block font-semibold text-ink">{ROLE_LABELS[role]}</span>
              <span className="block text-sm text-ink-muted">{ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What a role change did to the invitations the colleague sent: those giving more than the new role are
 * withdrawn (ADR 279), and the owner is told how many, since their links stop working.
 */
export const withdrawnByRoleText = (n: number, role: Role) =>
  n === 0
    ? ""
    : n === 1
      ? ` 1 invitation they sent gave more than ${ROLE_LABELS[role]} and was withdrawn: its link no longer works.`
      : ` ${n} invitations they sent gave more than ${ROLE_LABELS[role]} and were withdrawn: their links no longer work.`;

/** A colleague's role on the Staff screen, which an owner changes in place; the server keeps the last owner. */
export function RoleSelect({
  member,
  onChanged,
}: {
  member: StaffMember;
  onChanged: () => Promise<unknown>;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const change = async (role: Role) => {
    setPending(true);
    try {
      const res = await apiRequest("PATCH", STAFF_API.member(member.id), { role });
      const changed = (await res.json()) as StaffRoleChange;
      toast({
        title: "Role Changed",
        description: `${member.username} is now ${ROLE_LABELS[role]}; it applies to their next step.${withdrawnByRoleText(changed.invitationsWithdrawn, role)}`,
      });
      await onChanged();
    } catch (error) {
      toast({
        title: "Role Not Changed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Role<span className="sr-only"> for {member.username}</span>
      </label>
      <select
        id={id}
        value={member.role}
        disabled={pending}
        onChange={(e) => void change(e.currentTarget.value as Role)}
        className="min-h-10 rounded-md border border-ink-muted bg-white px-2 py-1.5 text-sm text-ink"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}
