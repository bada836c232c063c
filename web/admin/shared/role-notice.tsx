import { Lock } from "lucide-react";
import { Link } from "wouter";
import { PATHS } from "../../../src/contracts/paths";
import { type Capability, onlyWho, ROLE_LABELS, type Role } from "../../../src/contracts/roles";

/**
 * Said where a control or a link would lead somewhere the signed-in role cannot go: who may, instead of a
 * button that would only be refused.
 */
export function OnlyNote({ capability, className = "" }: { capability: Capability; className?: string }) {
  return (
    <p className={`flex items-start gap-2 text-sm text-ink-muted ${className}`}>
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{onlyWho(capability)}</span>
    </p>
  );
}

/** A screen the role cannot open (reached by its address): why, and the way back. */
export function ScreenRefused({
  label,
  capability,
  role,
}: {
  label: string;
  capability: Capability;
  role: Role;
}) {
  return (
    <section aria-labelledby="screen-refused-title" className="max-w-2xl">
      <p className="eyebrow">{label}</p>
      <h1 id="screen-refused-title" className="mt-2 font-serif text-3xl font-bold text-navy">
        Not open to your role
      </h1>
      <p className="mt-3 text-ink-muted">
        {onlyWho(capability)} You are signed in as {ROLE_LABELS[role]}; an owner can change your role on the
        Staff screen.
      </p>
      <Link href={PATHS.adminDashboard} className="btn-outline mt-6">
        Back to the dashboard
      </Link>
    </section>
  );
}
