import { Download } from "lucide-react";
import { useEffect } from "react";
import { adminResourcePath, PATHS } from "../../../src/contracts/paths";
import type { StoredResource } from "../../../src/contracts/resources";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAdminList } from "./admin-editor";
import { EntryList, EntrySummary, ListHeader } from "./content-list";
import { RowActions } from "./editor-controls";

export function ResourcesAdminPage() {
  return <AdminFrame>{() => <ResourceList />}</AdminFrame>;
}

function ResourceList() {
  const {
    items: resources,
    load,
    deleting,
    setDeleting,
    pending,
    remove,
  } = useAdminList<StoredResource>({
    noun: "Resource",
    plural: "Resources",
    url: ADMIN_API.resources,
  });

  useEffect(() => void load(), [load]);

  return (
    <>
      <ListHeader
        title="Resources"
        intro="Published resources are listed on the Resources page as downloads. Uploads may be PDF, Word (DOCX), Excel (XLSX) or CSV files of up to 20 MB."
        newHref={PATHS.adminResourceNew}
        newLabel="New Resource"
      />

      <EntryList
        label="Resources"
        items={resources}
        loadingText="Loading resources..."
        emptyText="No resources yet. Upload the first one with New Resource."
      >
        {(r) => (
          <>
            <EntrySummary published={r.published} title={r.title}>
              <p className="mt-1 text-sm text-ink-muted">
                {r.format} · {r.size} · {r.category}
                {r.path.startsWith("/docs/") ? " · built-in document" : ""}
              </p>
            </EntrySummary>
            <RowActions title={r.title} editHref={adminResourcePath(r.id)} onDelete={() => setDeleting(r)}>
              {r.published && (
                <a href={r.path} download className="btn-outline min-h-10 px-3 py-1.5 text-sm">
                  <Download className="size-4" aria-hidden="true" />
                  File<span className="sr-only">: {r.title}</span>
                </a>
              )}
            </RowActions>
          </>
        )}
      </EntryList>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this resource?"
        text={`"${deleting?.title ?? ""}" will be removed from the Resources page${deleting?.path.startsWith("/uploads/") ? " and its uploaded file deleted" : ""}. This cannot be undone.`}
        confirmLabel="Delete Resource"
        pending={pending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export const resourcesAdminPage = adminPage(ResourcesAdminPage, {
  title: "Resources",
  description: "Upload, publish and unpublish downloadable resources.",
});
