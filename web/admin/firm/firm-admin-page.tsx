import { Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import type { StoredPerson, StoredTestimonial } from "../../../src/contracts/firm";
import { adminPersonPath, adminTestimonialPath } from "../../../src/contracts/paths";
import { apiRequest, getJson } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { EntryList, EntrySummary, RowActions } from "../content";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { FIRM_ADMIN } from "./firm-copy";

export function FirmAdminPage() {
  return (
    <AdminFrame>
      {() => (
        <>
          <FirmList<StoredPerson>
            kind="people"
            url={ADMIN_API.people}
            titleOf={(p) => p.name}
            lineOf={(p) =>
              [p.sample ? "Sample (demo mode)" : "", p.role, p.credentials, p.photo ? "Photo" : "No photo"]
                .filter(Boolean)
                .join(" · ")
            }
            editHref={adminPersonPath}
          />
          <div className="mt-16">
            <FirmList<StoredTestimonial>
              kind="testimonials"
              url={ADMIN_API.testimonials}
              titleOf={(t) => t.attribution}
              lineOf={(t) =>
                `${t.sample ? "Sample (demo mode) · " : ""}“${t.quote.length > 110 ? `${t.quote.slice(0, 110)}…` : t.quote}”`
              }
              editHref={adminTestimonialPath}
            />
          </div>
        </>
      )}
    </AdminFrame>
  );
}

/** One of the two lists: its entries in the site's order, each with Edit and Delete. */
function FirmList<T extends { id: number; published: boolean }>(props: {
  kind: "people" | "testimonials";
  url: string;
  titleOf: (item: T) => string;
  lineOf: (item: T) => string;
  editHref: (id: number) => string;
}) {
  const C = FIRM_ADMIN[props.kind];
  const [items, setItems] = useState<T[] | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const { url } = props;
  const load = useCallback(async () => {
    try {
      setItems(await getJson<T[]>([url]));
    } catch (error) {
      toast({
        title: `${C.plural} Not Loaded`,
        description: serverMessage(error, "Please reload the page."),
        variant: "destructive",
      });
    }
  }, [url, C.plural]);
  useEffect(() => void load(), [load]);

  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `${url}/${deleting.id}`);
      toast({
        title: `${C.noun} Deleted`,
        description: `"${props.titleOf(deleting)}" is gone from the site.`,
      });
      setDeleting(null);
      await load();
    } catch (error) {
      toast({
        title: `${C.noun} Not Deleted`,
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-label={C.plural}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          {props.kind === "people" ? (
            <>
              <p className="eyebrow">Content</p>
              <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">{C.plural}</h1>
            </>
          ) : (
            <h2 className="font-serif text-3xl font-bold text-navy">{C.plural}</h2>
          )}
          <p className="mt-3 max-w-2xl text-ink-muted">{C.intro}</p>
        </div>
        <Link href={C.newHref} className="btn-navy">
          <Plus className="size-5" aria-hidden="true" />
          {C.newLabel}
        </Link>
      </div>
      <EntryList label={C.plural} items={items} loadingText={C.loading} emptyText={C.empty}>
        {(item) => (
          <>
            <EntrySummary published={item.published} title={props.titleOf(item)}>
              <p className="mt-1 text-sm text-ink-muted">{props.lineOf(item)}</p>
            </EntrySummary>
            <RowActions
              title={props.titleOf(item)}
              editHref={props.editHref(item.id)}
              onDelete={() => setDeleting(item)}
            />
          </>
        )}
      </EntryList>
      <ConfirmDialog
        open={deleting !== null}
        title={C.confirm}
        text={`"${deleting ? props.titleOf(deleting) : ""}" will be removed from the site and cannot be restored.`}
        confirmLabel={`Delete ${C.noun}`}
        pending={pending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

export const firmAdminPage = adminPage(FirmAdminPage, {
  title: "People & Testimonials",
  description: "The firm's people and client testimonials shown on the About and home pages.",
});
