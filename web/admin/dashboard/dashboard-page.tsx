import { ArrowRight, BookOpen, Briefcase, FileDown, Inbox } from "lucide-react";
import { Link } from "wouter";
import type { AuthStatus } from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { type Capability, can } from "../../../src/contracts/roles";
import { SourcesPanel } from "../desk";
import { OpenDataRequestsPanel } from "../privacy";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { OnlyNote } from "../shared/role-notice";
import { BackupWarning } from "./backup-warning";
import {
  DeliveriesPanel,
  DeskCounts,
  FailedMailPanel,
  FirstResponsePanel,
  useDeskOverview,
  WaitingPanel,
} from "./morning-view";
import { SweepsPanel } from "./sweeps-panel";
import { UpcomingConsultationsPanel } from "./upcoming-consultations-panel";

/** The four management areas of SPEC.md section 2, in its order and words, with the capability each needs. */
const AREAS: { href: string; title: string; text: string; icon: typeof Inbox; capability: Capability }[] = [
  {
    href: PATHS.adminArticles,
    title: "Articles",
    text: "Manage blog articles and content",
    icon: BookOpen,
    capability: "content",
  },
  {
    href: PATHS.adminResources,
    title: "Resources",
    text: "Manage downloadable resources",
    icon: FileDown,
    capability: "content",
  },
  {
    href: PATHS.adminCaseStudies,
    title: "Case Studies",
    text: "Manage success stories and case studies",
    icon: Briefcase,
    capability: "content",
  },
  {
    href: PATHS.adminSubmissions,
    title: "Submissions",
    text: "View intake form submissions",
    icon: Inbox,
    capability: "desk",
  },
];

export function DashboardPage() {
  return <AdminFrame>{(status) => <Dashboard status={status} />}</AdminFrame>;
}

/**
 * The dashboard as the signed-in role sees it: the panels of what it works on, and the areas, each a link where
 * the role may go and a note saying who may where it cannot.
 */
function Dashboard({ status }: { status: AuthStatus | null }) {
  // Panels load once the role is known; the area cards, rendered on the server without it, link until then.
  const allowed = (capability: Capability) => can(status?.role, capability);
  const linked = (capability: Capability) => !status?.role || allowed(capability);
  const desk = allowed("desk");
  const overview = useDeskOverview(desk);
  return (
    <>
      <p className="eyebrow">Dashboard</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">
        Welcome back{status?.username ? `, ${status.username}` : ""}
      </h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Choose an area to manage. Every change you make here is recorded in the audit log.
      </p>
      {allowed("backups") && <BackupWarning />}
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
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
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
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {AREAS.map(({ href, title, text, icon: Icon, capability }) => (
          <li key={href}>
            {linked(capability) ? (
              <Link
                href={href}
                className="group flex h-full flex-col rounded-xl border border-line bg-white p-6 text-ink no-underline shadow-sm transition-shadow hover:shadow-md"
              >
                <Icon className="size-8 text-navy" aria-hidden="true" />
                <h2 className="mt-4 font-serif text-2xl font-bold text-navy">{title}</h2>
                <p className="mt-2 flex-1 text-ink-muted">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1.5 font-semibold text-navy group-hover:underline">
                  Open {title}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </span>
              </Link>
            ) : (
              <div className="flex h-full flex-col rounded-xl border border-line bg-paper-deep p-6 text-ink">
                <Icon className="size-8 text-ink-muted" aria-hidden="true" />
                <h2 className="mt-4 font-serif text-2xl font-bold text-navy">{title}</h2>
                <p className="mt-2 flex-1 text-ink-muted">{text}</p>
                <OnlyNote capability={capability} className="mt-4" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export const dashboardPage = adminPage(DashboardPage, {
  title: "Admin Dashboard",
  description: "Manage articles, resources, case studies and intake submissions.",
});
