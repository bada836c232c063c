import { Download, Plus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import type { StoredResource } from "../../../src/contracts/resources";
import { AdminFrame } from "../../components/admin/admin-frame";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { RowActions } from "../../components/admin/editor-controls";
import { StatusBadge } from "../../components/admin/status-badge";
import { useAdminList } from "../../lib/admin-editor";
import { adminPage } from "../../lib/admin-page";
import { ADMIN_API } from "../../lib/admin-session";
import { adminResourcePath, PATHS } from "../../lib/paths";

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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Content</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Resources</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            Published resources are listed on the Resources page as downloads. Uploads may be PDF, Word
            (DOCX), Excel (XLSX) or CSV files of up to 20 MB.
          </p>
        </div>
        <Link href={PATHS.adminResourceNew} className="btn-navy">
          <Plus className="size-5" aria-hidden="true" />
          New Resource
        </Link>
      </div>

      <div aria-live="polite" className="mt-8">
        {resources === null ? (
          <p className="text-ink-muted">Loading resources...</p>
        ) : resources.length === 0 ? (
          <p className="rounded-xl border border-line bg-white p-6 text-ink-muted">
            No resources yet. Upload the first one with New Resource.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Resources">
            {resources.map((r) => (
              <li
                key={r.id}
                className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge published={r.published} />
                    <h2 className="font-semibold text-navy">{r.title}</h2>
                  </div>
                  <p className="mt-1 text-sm text-ink-muted">
                    {r.format} · {r.size} · {r.category}
                    {r.path.startsWith("/docs/") ? " · built-in document" : ""}
                  </p>
                </div>
                <RowActions
                  title={r.title}
                  editHref={adminResourcePath(r.id)}
                  onDelete={() => setDeleting(r)}
                >
                  {r.published && (
                    <a href={r.path} download className="btn-outline min-h-10 px-3 py-1.5 text-sm">
                      <Download className="size-4" aria-hidden="true" />
                      File<span className="sr-only">: {r.title}</span>
                    </a>
                  )}
                </RowActions>
              </li>
            ))}
          </ul>
        )}
      </div>

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
