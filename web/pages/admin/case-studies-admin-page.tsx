import { Plus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import type { StoredCaseStudy } from "../../../src/contracts/case-studies";
import { AdminFrame } from "../../components/admin/admin-frame";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { RowActions } from "../../components/admin/editor-controls";
import { StatusBadge } from "../../components/admin/status-badge";
import { useAdminList } from "../../lib/admin-editor";
import { adminPage } from "../../lib/admin-page";
import { ADMIN_API } from "../../lib/admin-session";
import { formatLongDate } from "../../lib/dates";
import { adminCaseStudyPath, PATHS } from "../../lib/paths";

export function CaseStudiesAdminPage() {
  return <AdminFrame>{() => <CaseStudyList />}</AdminFrame>;
}

function CaseStudyList() {
  const {
    items: studies,
    load,
    deleting,
    setDeleting,
    pending,
    remove,
  } = useAdminList<StoredCaseStudy>({
    noun: "Case Study",
    plural: "Case Studies",
    url: ADMIN_API.caseStudies,
  });

  useEffect(() => void load(), [load]);

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Content</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Case Studies</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            Published case studies appear on the Case Studies page at once. Keep them anonymized: no names,
            account numbers or details that could identify the parties.
          </p>
        </div>
        <Link href={PATHS.adminCaseStudyNew} className="btn-navy">
          <Plus className="size-5" aria-hidden="true" />
          New Case Study
        </Link>
      </div>

      <div aria-live="polite" className="mt-8">
        {studies === null ? (
          <p className="text-ink-muted">Loading case studies...</p>
        ) : studies.length === 0 ? (
          <p className="rounded-xl border border-line bg-white p-6 text-ink-muted">
            No case studies yet. Write the first one with New Case Study.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Case studies">
            {studies.map((s) => (
              <li
                key={s.id}
                className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge published={s.published} />
                    <h2 className="font-semibold text-navy">{s.title}</h2>
                  </div>
                  <p className="mt-1 text-sm text-ink-muted">
                    {s.category}
                    {s.publishedAt ? ` · Published ${formatLongDate(s.publishedAt)}` : ""} · Changed{" "}
                    {formatLongDate(s.updatedAt)}
                  </p>
                </div>
                <RowActions
                  title={s.title}
                  editHref={adminCaseStudyPath(s.id)}
                  onDelete={() => setDeleting(s)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this case study?"
        text={`"${deleting?.title ?? ""}" will be removed from the site and cannot be restored.`}
        confirmLabel="Delete Case Study"
        pending={pending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export const caseStudiesAdminPage = adminPage(CaseStudiesAdminPage, {
  title: "Case Studies",
  description: "Write, publish and unpublish case studies.",
});
