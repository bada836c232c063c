import type { AuthStatus } from "../../../src/contracts/admin-auth";
import { type Capability, can } from "../../../src/contracts/roles";
import type { StaffProfile } from "../../../src/contracts/staff";
import { useJson } from "../../lib/use-json";
import { PROFILE_API } from "../account";
import { BackupWarning } from "../backups";
import { UpcomingConsultationsPanel } from "../consultation";
import { ContentPanel } from "../content";
import { SourcesPanel } from "../desk";
import { UnmatchedPaymentsPanel } from "../payments";
import { OpenDataRequestsPanel } from "../privacy";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { FailedStatementsPanel } from "../statements";
import {
  DeliveriesPanel,
  DeskCounts,
  FailedMailPanel,
  FirstResponsePanel,
  useDeskOverview,
  WaitingPanel,
} from "./morning-view";
import { SetupChecklist } from "./setup-list";
import { SweepsPanel } from "./sweeps-panel";

/** The admin's display name, else their username; undefined until the profile has answered. */
function useGreetingName(username: string | undefined): string | undefined {
  const profile = useJson<StaffProfile>(PROFILE_API);
  if (profile === null || !username) return undefined;
  return (profile !== "failed" && profile.displayName) || username;
}

export function DashboardPage() {
  return <AdminFrame>{(status) => <Dashboard status={status} />}</AdminFrame>;
}

/** The dashboard as the signed-in role sees it: the panels of what it works on (ADR 258). */
function Dashboard({ status }: { status: AuthStatus | null }) {
  const allowed = (capability: Capability) => can(status?.role, capability);
  const desk = allowed("desk");
  const overview = useDeskOverview(desk);
  const name = useGreetingName(status?.username);
  return (
    <>
      <p className="eyebrow">Dashboard</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">
        Welcome back{name ? `, ${name}` : ""}
      </h1>
      {allowed("backups") && <BackupWarning />}
      {/* The firm's setup is an owner's to finish: its steps lead to owners' screens. */}
      {status?.role === "owner" && <SetupChecklist />}
      {desk && (
        <div className="mt-8" aria-live="polite" aria-busy={overview === null}>
          {overview === null && <p className="text-ink-muted">Loading the desk's figures...</p>}
          {overview === "failed" && (
            <p className="text-danger">
              The desk's figures could not be loaded. Reload the page to try again.
            </p>
          )}
        </div>
      )}
      {desk && overview && overview !== "failed" && <DeskCounts overview={overview} />}
      {/* One grid of panels: the desk's figures, then what other features report. */}
      <div className="mt-6 grid items-start gap-6 xl:grid-cols-2">
        {allowed("engagements") && <UnmatchedPaymentsPanel />}
        {allowed("engagements") && <FailedStatementsPanel />}
        {desk && overview && overview !== "failed" && (
          <>
            <WaitingPanel overview={overview} />
            <DeliveriesPanel overview={overview} />
            {allowed("engagements") && <SweepsPanel />}
            <FirstResponsePanel overview={overview} />
            <FailedMailPanel overview={overview} />
          </>
        )}
        {allowed("consultations") && <UpcomingConsultationsPanel />}
        {allowed("dataRights") && <OpenDataRequestsPanel />}
        {desk && <SourcesPanel />}
        {/* Every role that edits the site sees its articles: for an editor, the whole of the dashboard's work. */}
        {allowed("content") && <ContentPanel />}
      </div>
    </>
  );
}

export const dashboardPage = adminPage(DashboardPage, {
  title: "Admin Dashboard",
  description: "The desk today, what waits on the firm, and its setup.",
});
