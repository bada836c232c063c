import { useEffect } from "react";
import type { StoredCaseStudy } from "../../../src/contracts/case-studies";
import { adminCaseStudyPath, PATHS } from "../../../src/contracts/paths";
import { formatLongDate } from "../../lib/dates";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAdminList } from "./admin-editor";
import { EntryList, EntrySummary, ListHeader } from "./content-list";
import { RowActions } from "./editor-controls";

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
      <ListHeader
        title="Case Studies"
        intro="Published case studies appear on the Case Studies page at once. Keep them anonymized: no names, account numbers or details that could identify the parties."
        newHref={PATHS.adminCaseStudyNew}
        newLabel="New Case Study"
      />

      <EntryList
        label="Case studies"
        items={studies}
        loadingText="Loading case studies..."
        emptyText="No case studies yet. Write the first one with New Case Study."
      >
        {(s) => (
          <>
            <EntrySummary published={s.published} title={s.title}>
              <p className="mt-1 text-sm text-ink-muted">
                {s.sample ? "Sample (demo mode) · " : ""}
                {s.category}
                {s.publishedAt ? ` · Published ${formatLongDate(s.publishedAt)}` : ""} · Changed{" "}
                {formatLongDate(s.updatedAt)}
              </p>
            </EntrySummary>
            <RowActions title={s.title} editHref={adminCaseStudyPath(s.id)} onDelete={() => setDeleting(s)} />
          </>
        )}
      </EntryList>

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
